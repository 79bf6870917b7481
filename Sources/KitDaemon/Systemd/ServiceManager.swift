import Logging

/// Talks to systemd through $NOTIFY_SOCKET: READY, STATUS, STOPPING. Without the variable
/// (kitd run by hand) every call is a no-op.
final class ServiceManager {
    private var lastStatus: String?
    private let logger: Logger

    init(logger: Logger) { self.logger = logger }

    func ready(status: String) {
        lastStatus = status
        if Libsystemd.notify("READY=1\nSTATUS=\(status)") {
            logger.debug("told systemd we are ready", metadata: ["systemd.status": "\(status)"])
        }
    }

    /// Sends STATUS= when it changed.
    func status(_ status: String) {
        guard status != lastStatus else { return }
        lastStatus = status
        Libsystemd.notify("STATUS=\(status)")
    }

    func stopping() { Libsystemd.notify("STOPPING=1\nSTATUS=stopping") }

    /// The watchdog interval systemd asked for, in microseconds.
    var watchdogInterval: UInt64? { Libsystemd.watchdogInterval() }
}
