import Glibc
import KitCore

/// Gives back what a burst of work left behind once kitd has been idle for `delay`: the heap's
/// free pages, and the pages of code and constants mapped from kitd's binary and its libraries.
///
/// An idle kitd needs none of them: it sleeps until the next due instant. They stay in the page
/// cache, clean, so the next request or alarm maps what it runs again with minor faults (no
/// disk, unless the kernel has reclaimed them meanwhile). Until then they no longer count in
/// kitd's resident or proportional set size, and the kernel reclaims them before mapped pages.
///
/// Anything the loop runs (a request, an alarm, a popup's outcome, a worker's result) counts as
/// activity, seen by an sd-event post source. One wake-up `delay` after a burst of activity;
/// none while kitd stays idle, or busy every second. The work (reading /proc/self/smaps, madvise) runs on the worker
/// thread, and nothing comes back to the loop after it: waking the loop would map again the
/// pages of code it runs.
final class IdleRelease {
    static let delay = Nanoseconds.second

    private let worker: BackgroundWorker
    private var timer: TimerSource?
    private var watch: EventSource?
    /// CLOCK_BOOTTIME's nanoseconds at the end of the last turn that did anything. The
    /// system's clock, whatever clock the features are given: this is housekeeping, not time
    /// anyone asked for.
    private var lastActivity: Int64
    /// Set when the timer itself ran, so that the post source after it is not taken for activity.
    private var timerRan = false

    init(loop: EventLoop, worker: BackgroundWorker) throws(SystemError) {
        self.worker = worker
        lastActivity = SystemClock.read(CLOCK_BOOTTIME)
        // After the post source that notes activity: when the timer comes due in the same turn as
        // other work (a tray countdown's tick each second), that work counts first, and the
        // timer finds kitd busy rather than idle for a second.
        timer = try loop.timer(clock: .boot, description: "idle-release", priority: EventLoop.Priority.flush + 2) {
            [unowned self] _ in timerFired()
        }
        watch = try loop.afterEachDispatch(description: "idle-release-watch") { [unowned self] in
            if timerRan {
                timerRan = false
            } else {
                noteActivity()
            }
        }
        arm()
    }

    private func noteActivity() {
        lastActivity = SystemClock.read(CLOCK_BOOTTIME)
        // A deadline within half a delay of this activity moves on to a whole delay after it. So
        // under work that recurs each second (a tray countdown's tick) the timer never comes due
        // and never wakes kitd by itself; and under a stream of requests it moves at most twice
        // a second, not on every turn.
        if let timer, let armed = timer.armedAtMicroseconds,
            Int64(armed) * 1000 < lastActivity + Self.delay.value / 2
        {
            timer.disarm()
        }
        arm()
    }

    private func arm() {
        guard let timer, !timer.isArmed else { return }
        let due = lastActivity + Self.delay.value
        timer.arm(atMicroseconds: UInt64(max(1, (due + 999) / 1000)))
    }

    private func timerFired() {
        timerRan = true
        timer?.markFired()
        guard SystemClock.read(CLOCK_BOOTTIME) - lastActivity >= Self.delay.value else { return arm() }
        worker.submit("give back what the last work left behind") {
            ProcessSetup.giveBackFreedMemory()
            ProcessSetup.letGoOfFilePages()
        }
    }
}
