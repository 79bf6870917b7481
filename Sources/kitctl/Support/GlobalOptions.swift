import ArgumentParser
import Glibc
import KitClient
import KitLocalization
import KitProtocol

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            Localized.text("kitd's socket (default: $KIT_SOCKET, else $XDG_RUNTIME_DIR/kit/kitd.sock)."),
            valueName: "path"))
    var socket: String?

    var kitd: KitdSocket { KitdSocket(explicit: socket) }

    var socketPath: String { kitd.path }

    func connect() throws -> KitConnection { try kitd.connect() }

    /// Connects, calls, and maps failures to kitctl's exit codes.
    func call<Params, Result>(_ method: RPCMethod<Params, Result>, _ params: Params) throws -> Result {
        try kitd.call(method, params)
    }
}

/// `--json` for commands that read.
struct OutputOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(Localized.text("Print kitd's answer as JSON instead of a table.")))
    var json = false
}

extension OutputOptions {
    /// Prints kitd's answer: as JSON with `--json`, else as `text` makes it.
    func show<Result: WireValue>(_ result: Result, _ text: (Result) -> String) throws {
        if json { return try JSONOutput.print(result) }
        Terminal.writeLine(text(result))
    }
}
