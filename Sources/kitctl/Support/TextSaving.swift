import KitClient
import KitCore
import KitLocalization
import KitProtocol

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Sends a text to kitd so that it is never lost: a request over the protocol's line limit is
/// refused before it is sent, and when the save fails for any reason (kitd not running, the
/// connection lost, a refusal) the text is kept in a recovery file and kitctl says how to retry.
enum TextSaving {
    static func save<Params, Result>(
        _ text: String, kind: String, method: RPCMethod<Params, Result>, params: Params, global: GlobalOptions,
        retry: (String) -> String
    ) throws -> Result {
        do {
            let size = try WireCodec.line(
                RequestEnvelope(id: .number(1), method: method.name, params: params), with: WireCodec.encoder(),
                protocolOne: false
            ).count
            guard size <= LineFramer.defaultMaximum else {
                throw CLIError.usage(
                    Localized.text(
                        "the text is too large: the request would be %1$s bytes, over kitd's limit of %2$s bytes (1 MiB) a line; split it into smaller parts",
                        String(size), String(LineFramer.defaultMaximum)))
            }
            let result = try global.call(method, params)
            if let path = RecoveryFile.removeIfRestoredFromStdin() {
                Terminal.writeError(Localized.text("The recovery file %s is saved now, and removed.", path))
            }
            return result
        } catch {
            let failure = error as? CLIError ?? CLIError.usage("\(error)")
            guard let path = RecoveryFile.keep(text, kind: kind) else {
                Terminal.write(text + "\n")
                throw CLIError(
                    message: failure.message + "\n"
                        + Localized.text("Could not write a recovery file either; the text is on stdout above."),
                    exitCode: failure.exitCode)
            }
            throw CLIError(
                message: failure.message + "\n" + Localized.text("Your text is kept in %s", path) + "\n"
                    + Localized.text("To save it once kitd runs: %s", retry(ShellWord.quoted(path))),
                exitCode: failure.exitCode)
        }
    }
}
