/// Why kitd could not start, each with what to do about it. kitd prints the description and exits 1.
public enum DaemonStartError: Error, CustomStringConvertible {
    case alreadyRunning(detail: String)
    case socketPathTooLong(path: String, limit: Int)
    case notASocket(path: String)
    case unsafeDirectory(path: String, reason: String)
    case badActivationSocket
    case database(path: String, reason: String)
    /// A vdir collection kitd is told to keep cannot be used.
    case vdir(path: String, reason: String)
    case system(SystemError)

    public var description: String {
        switch self {
        case .alreadyRunning(let detail):
            return
                "kitd is already running (\(detail)); stop it first, or give this one its own --socket and --data-dir"
        case .socketPathTooLong(let path, let limit):
            return
                "the socket path \(path) is longer than \(limit) bytes, the Unix socket limit; choose a shorter --socket"
        case .notASocket(let path):
            return "\(path) exists and is not a socket; move it away or choose another --socket"
        case .unsafeDirectory(let path, let reason):
            return "refusing to use \(path): \(reason)"
        case .badActivationSocket:
            return "systemd passed a file descriptor that is not a listening Unix stream socket; check kitd.socket"
        case .database(let path, let reason):
            return "cannot open the database \(path): \(reason)"
        case .vdir(let path, let reason):
            return "cannot keep the vdir \(path): \(reason)"
        case .system(let error):
            return error.description
        }
    }
}
