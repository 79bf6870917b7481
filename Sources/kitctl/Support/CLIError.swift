import KitClient
import KitCore
import KitLocalization
import KitProtocol

/// A failure kitctl reports in one line, with its exit code.
struct CLIError: Error {
    static let usageExitCode: Int32 = 1
    static let refusedExitCode: Int32 = 2

    var message: String
    var exitCode: Int32
    /// kitd cannot be reached (not running, the connection lost, no answer in time): a command
    /// with several REFs stops at the first rather than say so for each (`ManyRefs`).
    var kitdUnreachable = false

    static func usage(_ message: String) -> CLIError { CLIError(message: message, exitCode: usageExitCode) }
    static func refused(_ message: String) -> CLIError { CLIError(message: message, exitCode: refusedExitCode) }

    /// A parser's refusal of what the person typed, in their language.
    static func usage(_ error: some MessageError) -> CLIError { usage(Localized.text(error.kitMessage)) }

    /// No daemon and lost connections are exit 1; refusals are exit 2 with kitd's message and details.
    init(_ error: ClientError) {
        switch error {
        case .refused(let rpc):
            // kitd's English, or its template in the user's language.
            var message = Localized.text(rpc.kitMessage)
            if let candidates = rpc.data?.candidates, !candidates.isEmpty, !message.contains(candidates[0]) {
                message += "\n  candidates: " + candidates.joined(separator: ", ")
            }
            self.init(message: message, exitCode: Self.refusedExitCode)
        case .notRunning, .connectionLost, .timedOut:
            self.init(message: Localized.text(error.kitMessage), exitCode: Self.usageExitCode)
            kitdUnreachable = true
        case .malformedReply, .requestFailed:
            self.init(message: Localized.text(error.kitMessage), exitCode: Self.usageExitCode)
        }
    }

    init(message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }
}

/// Runs a client call, reporting its failure as kitctl reports errors.
func mappingClientErrors<T>(_ body: () throws(ClientError) -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw CLIError(error)
    }
}
