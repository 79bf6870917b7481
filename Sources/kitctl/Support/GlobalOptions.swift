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

    var socketPath: String {
        SocketPath.resolve(explicit: socket, environment: Self.socketEnvironment, uid: getuid()).path
    }

    /// The variables that name kitd's socket. Read with getenv: `ProcessInfo.processInfo.environment`
    /// would copy the whole environment into a dictionary first (0.1 ms of a `kitctl status`).
    static var socketEnvironment: [String: String] {
        var environment: [String: String] = [:]
        for name in ["KIT_SOCKET", "XDG_RUNTIME_DIR"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    func connect() throws -> KitConnection {
        do {
            return try KitConnection.connect(to: socketPath)
        } catch {
            throw CLIError(error)
        }
    }

    /// Connects, calls, and maps failures to kitctl's exit codes.
    func call<Params, Result>(_ method: RPCMethod<Params, Result>, _ params: Params) throws -> Result {
        let connection = try connect()
        do {
            return try connection.call(method, params)
        } catch {
            throw CLIError(error)
        }
    }
}

/// `--json` for commands that read.
struct OutputOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(Localized.text("Print kitd's answer as JSON instead of a table.")))
    var json = false
}
