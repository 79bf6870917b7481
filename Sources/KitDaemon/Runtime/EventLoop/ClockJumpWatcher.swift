import Glibc
import KitCore
import Logging

/// Tells the daemon when the wall clock is set (by NTP, by hand, or on resume), through a
/// CLOCK_REALTIME timerfd with TFD_TIMER_CANCEL_ON_SET watched by the loop. Boot-clock countdowns
/// do not move; wall-clock deadlines and stored wall instants are re-derived by the handler.
final class ClockJumpWatcher {
    private let fd: Int32
    private var source: IOSource?

    init(loop: EventLoop, logger: Logger, onJump: @escaping () -> Void) throws(SystemError) {
        fd = try Libsystemd.makeClockChangeFD()
        let fd = fd
        source = try loop.io(fd: fd, events: .readable, description: "clock-jump") { _ in
            do {
                if try Libsystemd.consumeClockChange(fd) {
                    logger.info("wall clock was set; re-arming wall-clock deadlines")
                    onJump()
                }
            } catch {
                logger.error("cannot watch the wall clock", metadata: ["error": "\(error)"])
            }
        }
    }

    /// When the watch would expire on its own, in seconds since the epoch: far past any date the
    /// clock will be set to (the kernel's limit, in 2262), so it is only ever cancelled.
    func expiresAt(now: WallTime) throws(SystemError) -> Int64 {
        now.nanoseconds / Nanoseconds.nanosecondsPerSecond + (try Libsystemd.clockChangeRemainingSeconds(fd))
    }

    deinit {
        source = nil
        close(fd)
    }
}
