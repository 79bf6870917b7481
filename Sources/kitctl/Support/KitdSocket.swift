import Glibc
import KitClient
import KitProtocol

/// kitd's socket, from `--socket` or the environment, and the calls kitctl makes there: what
/// `GlobalOptions` uses, and what a command read by `FastLane` uses without them.
struct KitdSocket {
    /// `--socket`, when given.
    var explicit: String?

    var path: String { SocketPath.resolve(explicit: explicit, environment: Self.environment, uid: getuid()).path }

    /// The variables that name kitd's socket. Read with getenv: `ProcessInfo.processInfo.environment`
    /// would copy the whole environment into a dictionary first (0.1 ms of a `kitctl status`).
    static var environment: [String: String] {
        var environment = [String: String](minimumCapacity: 2)
        for name in ["KIT_SOCKET", "XDG_RUNTIME_DIR"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    func connect() throws -> KitConnection {
        do {
            return try KitConnection.connect(to: path)
        } catch {
            throw CLIError(error)
        }
    }

    /// Connects, calls, and maps failures to kitctl's exit codes.
    /// `meanwhile` runs once the request is sent (`KitConnection.call`).
    func call<Params, Result>(
        _ method: RPCMethod<Params, Result>, _ params: Params, meanwhile: () -> Void = {}
    ) throws -> Result {
        try connected { (connection) throws(ClientError) in
            try connection.call(method, params, meanwhile: meanwhile)
        }
    }

    private func connected<Result>(_ body: (KitConnection) throws(ClientError) -> Result) throws -> Result {
        let connection = try connect()
        do {
            return try body(connection)
        } catch {
            throw CLIError(error)
        }
    }
}
