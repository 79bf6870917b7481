import KitCore
import Logging

/// What can come due. New kinds of deadline add a case.
enum AlarmKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    case timer(Int64)
    /// The `index`th timed step alert of the ramen cook on timer `timer`.
    case ramenStep(timer: Int64, index: Int)
    /// The next "still running" notice of a stopwatch.
    case stopwatchReminder(Int64)
    /// A task's next popup (pre-alert, due or nag), on the wall clock: one key per task, at the
    /// earliest of its pending popups.
    case task(Int64)

    var description: String {
        switch self {
        case .timer(let id): "timer:\(id)"
        case .ramenStep(let timer, let index): "ramen-step:\(timer):\(index)"
        case .stopwatchReminder(let id): "stopwatch:\(id)"
        case .task(let id): "task:\(id)"
        }
    }
}

/// Sleeps until the earliest due instant of each clock and reports what came due.
///
/// There is one sd-event timer source per clock (CLOCK_BOOTTIME for countdowns, CLOCK_REALTIME
/// for civil deadlines), always armed at the head of that clock's agenda with 1 µs accuracy, and
/// disarmed when the agenda is empty. Nothing ticks: with nothing due the loop does not wake.
final class Scheduler {
    private var boot = Agenda<AlarmKey>()
    private var wall = Agenda<AlarmKey>()
    private var bootSource: TimerSource?
    private var wallSource: TimerSource?
    private let clock: any DaemonClock
    private var holdOffUntil: BootTime?

    /// Called with the keys that came due, in due order, and the clock reading they were taken at.
    var onDue: (([AlarmKey], ClockReading) -> Void)?

    init(loop: EventLoop, clock: any DaemonClock) throws(SystemError) {
        self.clock = clock
        bootSource = try loop.timer(clock: .boot, description: "boot-deadlines") { [unowned self] _ in
            self.bootSource?.markFired()
            self.dispatch(wallClock: false)
        }
        wallSource = try loop.timer(clock: .wall, description: "wall-deadlines") { [unowned self] _ in
            self.wallSource?.markFired()
            self.dispatch(wallClock: true)
        }
    }

    var bootCount: Int { boot.count }
    var wallCount: Int { wall.count }

    /// When `key` is due on the wall clock, if it is on the wall agenda.
    func wallDue(of key: AlarmKey) -> WallTime? { wall.due(of: key).map(WallTime.init(nanoseconds:)) }

    /// Schedules many boot-clock deadlines at once (startup).
    func load(boot entries: [(key: AlarmKey, due: BootTime)]) {
        boot = Agenda(entries.map { (key: $0.key, due: $0.due.nanoseconds) })
        rearm()
    }

    /// Replaces the whole wall-clock agenda (task popups: all of it is loaded at start and
    /// reloaded after a failed commit).
    func load(wall entries: [(key: AlarmKey, due: WallTime)]) {
        wall = Agenda(entries.map { (key: $0.key, due: $0.due.nanoseconds) })
        rearm()
    }

    /// Cancels several keys with one re-arm.
    func cancel(_ keys: some Sequence<AlarmKey>) {
        for key in keys {
            boot.remove(key)
            wall.remove(key)
        }
        rearm()
    }

    func schedule(_ key: AlarmKey, at due: BootTime) {
        wall.remove(key)
        boot.schedule(key, at: due.nanoseconds)
        rearm()
    }

    func schedule(_ key: AlarmKey, atWall due: WallTime) {
        boot.remove(key)
        wall.schedule(key, at: due.nanoseconds)
        rearm()
    }

    func cancel(_ key: AlarmKey) {
        boot.remove(key)
        wall.remove(key)
        rearm()
    }

    /// The earliest boot-clock deadline.
    func nextBoot() -> (key: AlarmKey, due: BootTime)? {
        boot.next().map { ($0.key, BootTime(nanoseconds: $0.due)) }
    }

    /// Delays every firing until `instant` (after a failed commit, so a broken disk is not hammered).
    func holdOff(until instant: BootTime) {
        holdOffUntil = instant
        rearm()
    }

    /// The wall clock was set: realtime deadlines must be measured against the new time.
    func wallClockChanged() {
        wallSource?.markFired()
        rearm()
    }

    private func dispatch(wallClock: Bool) {
        let now = clock.now()
        if let until = holdOffUntil {
            if now.boot < until {
                rearm()
                return
            }
            holdOffUntil = nil
        }
        let due =
            wallClock ? wall.popDue(atOrBefore: now.wall.nanoseconds) : boot.popDue(atOrBefore: now.boot.nanoseconds)
        rearm()
        if !due.isEmpty { onDue?(due.map(\.key), now) }
    }

    private func rearm() {
        let floor = holdOffUntil?.nanoseconds ?? Int64.min
        if let next = boot.next() {
            let due = BootTime(nanoseconds: max(next.due, floor))
            bootSource?.arm(atMicroseconds: Self.microseconds(clock.systemBoot(due).nanoseconds))
        } else {
            bootSource?.disarm()
        }
        if let next = wall.next() {
            var due = WallTime(nanoseconds: next.due)
            if let until = holdOffUntil { due = max(due, clock.now().wall(for: until)) }
            wallSource?.arm(atMicroseconds: Self.microseconds(clock.systemWall(due).nanoseconds))
        } else {
            wallSource?.disarm()
        }
    }

    /// Rounds up, so a source never fires before the nanosecond deadline.
    private static func microseconds(_ nanoseconds: Int64) -> UInt64 {
        UInt64(max(1, (nanoseconds + 999) / 1000))
    }
}
