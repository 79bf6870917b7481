import Glibc
import KitLocalization
import Logging

/// Talks to systemd through $NOTIFY_SOCKET: READY, STATUS, STOPPING. Without the variable
/// (kitd run by hand) every call is a no-op.
///
/// STATUS= is coalesced to at most one datagram per second: a burst of requests must not turn
/// into a burst of messages to the service manager (and sd_notify blocks when its queue is
/// full). A change inside the second is sent when the second is over, by a one-shot timer that
/// is armed only while a change is pending, so an idle kitd still never wakes.
final class SystemdNotifier {
    static let statusInterval: UInt64 = 1_000_000

    private var sent: String?
    private var pending: String?
    private var lastSentAt: UInt64 = 0
    private var flushTimer: TimerSource?
    private let now: () -> UInt64
    private let logger: Logger

    /// `now` returns CLOCK_BOOTTIME microseconds.
    init(loop: EventLoop, logger: Logger, now: @escaping () -> UInt64) throws(SystemError) {
        self.logger = logger
        self.now = now
        flushTimer = try loop.timer(clock: .boot, description: "status-coalesce") { [unowned self] _ in
            flushTimer?.markFired()
            if let pending { send(pending) }
        }
    }

    /// When `stillWorking` last told systemd, in CLOCK_BOOTTIME microseconds.
    private var lastAliveAt: UInt64?

    /// Work that holds the loop goes on (the watchdog is fed by the loop between turns): feeds
    /// the watchdog, extends a start-up timeout by a minute, and says what kitd is doing. At
    /// most once a second.
    func stillWorking(_ what: String) {
        let at = now()
        if let last = lastAliveAt, at - last < Self.statusInterval { return }
        lastAliveAt = at
        Libsystemd.notify("WATCHDOG=1\nEXTEND_TIMEOUT_USEC=60000000\nSTATUS=\(what)")
    }

    func ready(status: String) {
        sent = status
        lastSentAt = now()
        if Libsystemd.notify("READY=1\nSTATUS=\(status)") {
            logger.debug("told systemd we are ready", metadata: ["systemd.status": "\(status)"])
        }
    }

    /// Sends STATUS= when it changed, at most once per second.
    func status(_ status: String) {
        guard status != sent else {
            pending = nil
            flushTimer?.disarm()
            return
        }
        let current = now()
        if current >= lastSentAt + Self.statusInterval {
            send(status)
        } else {
            pending = status
            flushTimer?.arm(atMicroseconds: lastSentAt + Self.statusInterval)
        }
    }

    /// A reload began (SIGHUP): `ready` follows when it is over. MONOTONIC_USEC is what
    /// systemd's `Type=notify-reload` asks for.
    func reloading() {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        let microseconds = UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec) / 1000
        _ = Libsystemd.notify(
            "RELOADING=1\nMONOTONIC_USEC=\(microseconds)\nSTATUS=" + Localized.text("reading the configuration again"))
    }

    func stopping() { Libsystemd.notify("STOPPING=1\nSTATUS=" + Localized.text("stopping")) }

    /// The watchdog interval systemd asked for, in microseconds.
    var watchdogInterval: UInt64? { Libsystemd.watchdogInterval() }

    private func send(_ status: String) {
        pending = nil
        sent = status
        lastSentAt = now()
        Libsystemd.notify("STATUS=\(status)")
    }
}
