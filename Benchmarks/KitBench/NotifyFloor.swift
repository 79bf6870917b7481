import CLibNotify
import Glibc
import KitCore

/// The floor under kitd's popups: one timer wake on CLOCK_BOOTTIME, then libnotify's show,
/// called directly from this process with nothing of kit around them. The only file of
/// kit-bench that imports CLibNotify.
enum NotifyFloor {
    /// Milliseconds from each due instant to the server's answer to Notify, for `count` popups
    /// `gap` seconds apart, on the session bus at `busAddress`.
    static func run(count: Int, gap: Double, busAddress: String) -> [Double] {
        setenv("DBUS_SESSION_BUS_ADDRESS", busAddress, 1)
        // As kitd does: the least timer slack for this thread.
        let slack = open("/proc/self/timerslack_ns", O_WRONLY | O_CLOEXEC)
        if slack >= 0 {
            _ = write(slack, "1", 1)
            close(slack)
        }
        if notify_is_initted() == 0 { _ = notify_init("kit-floor") }
        // The first call connects to the bus: not part of any popup kitd shows either.
        _ = show("floor warm-up")
        var samples: [Double] = []
        for index in 0..<count {
            let due = boottime() + Int64(gap * Double(Nanoseconds.nanosecondsPerSecond))
            var deadline = timespec(
                tv_sec: Int(due / Nanoseconds.nanosecondsPerSecond),
                tv_nsec: Int(due % Nanoseconds.nanosecondsPerSecond))
            while clock_nanosleep(CLOCK_BOOTTIME, TIMER_ABSTIME, &deadline, nil) == EINTR {}
            guard show("floor \(index)") else { continue }
            samples.append(Nanoseconds(boottime() - due).milliseconds)
        }
        return samples
    }

    private static func show(_ summary: String) -> Bool {
        guard let notification = notify_notification_new(summary, "done", nil) else { return false }
        defer { g_object_unref(notification) }
        var error: UnsafeMutablePointer<GError>?
        let shown = notify_notification_show(notification, &error) != 0
        if let error { g_error_free(error) }
        return shown
    }

    private static func boottime() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return Int64(now.tv_sec) * Nanoseconds.nanosecondsPerSecond + Int64(now.tv_nsec)
    }
}
