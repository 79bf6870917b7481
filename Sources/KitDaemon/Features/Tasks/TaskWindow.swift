import KitCore
import KitStore
import Logging

/// The window of task popups armed in memory. The `task` table keeps each task's next popup
/// (TaskInstants, written with every change), so only these are alarms of the scheduler: the
/// popups up to a horizon (`size` of them, and every one already due), and one more at the
/// horizon itself, where the next window is read from the table. A task changed to fire after
/// the horizon is disarmed; its row has the instant for a later window.
final class TaskWindow {
    /// The armed popups, keyed by task, and the window's end.
    private(set) var alarms: Alarms<TaskAlarm, WallTime>!
    /// Tasks whose next popup is at or before this instant (nanoseconds) are armed.
    private(set) var horizon: Int64 = .min
    /// How many popups are armed at a time, beyond those already due (smaller in tests).
    var size = 4096
    private let store: TaskStore
    private let clock: any DaemonClock
    private let logger: Logger

    /// A window over `store`'s rows; `onDue` gets the ids of the tasks whose popups came due,
    /// with those of a next window already due (a clock jump past more than a window is one
    /// catch-up, not one per window).
    init(
        scheduler: Scheduler, store: TaskStore, clock: any DaemonClock, logger: Logger,
        onDue: @escaping ([Int64], ClockReading) -> Void
    ) {
        self.store = store
        self.clock = clock
        self.logger = logger
        alarms = scheduler.alarms(TaskAlarm.self, on: WallTime.self) { [unowned self] keys, now in
            let keys = keys + ended(among: keys, now: now.wall)
            onDue(keys.filter { $0 != TaskAlarm.windowEnd }.map(\.id), now)
        }
    }

    /// How many alarms are armed, the window's end included.
    var count: Int { alarms.count }

    /// Arms the popups from the start of the table again: at load, and when the window grew
    /// past twice its size (many tasks changed to fire before the horizon).
    func reload(now: WallTime) throws {
        horizon = .min
        // The window's end, due now: if the read below fails, it is tried again from there.
        alarms.replaceAll([(TaskAlarm.windowEnd, now)])
        try extend(now: now)
    }

    /// Arms (or, with no popup before the horizon, disarms) the popup of each task: `fire` is
    /// its next popup, nil for none.
    func arm(_ tasks: some Sequence<(id: Int64, fire: WallTime?)>) {
        var armed: [(key: TaskAlarm, due: WallTime)] = []
        var idle: [TaskAlarm] = []
        for (id, fire) in tasks {
            if let fire, fire.nanoseconds <= horizon {
                armed.append((TaskAlarm(id), fire))
            } else {
                idle.append(TaskAlarm(id))
            }
        }
        alarms.schedule(armed)
        if !idle.isEmpty { alarms.cancel(idle) }
        if alarms.count > 2 * size + 1 { shrink() }
    }

    func disarm(_ id: Int64) { alarms.cancel(TaskAlarm(id)) }

    /// Arms these tasks' popups again at `at`, whatever they are: their rows could not be read.
    func retry(_ ids: [Int64], at: WallTime) {
        alarms.schedule(ids.map { (key: TaskAlarm($0), due: at) })
    }

    /// Arms the next window: the popups after the horizon, `size` of them or every one due by
    /// `now`, whichever reaches further.
    private func extend(now: WallTime) throws {
        let next = try store.popups(after: horizon, count: size, through: now.nanoseconds)
        horizon = next.horizon
        var entries = next.entries.map { (key: TaskAlarm($0.id), due: WallTime(nanoseconds: $0.fire)) }
        if horizon != .max { entries.append((TaskAlarm.windowEnd, WallTime(nanoseconds: horizon))) }
        alarms.schedule(entries)
        if horizon == .max { alarms.cancel(TaskAlarm.windowEnd) }
    }

    /// When the window's end is among the keys that came due: the next window is read, and the
    /// popups of it already due are taken, to fire with `keys`. If the read fails, the end is
    /// tried again shortly.
    private func ended(among keys: [TaskAlarm], now: WallTime) -> [TaskAlarm] {
        guard keys.contains(TaskAlarm.windowEnd) else { return [] }
        var taken: [TaskAlarm] = []
        var ended = true
        while ended {
            do {
                try extend(now: now)
            } catch {
                logger.error("could not read the next tasks' popups; retrying shortly", metadata: ["error": "\(error)"])
                alarms.schedule(TaskAlarm.windowEnd, at: now + Nanoseconds.second)
                break
            }
            let due = alarms.takeKeys(dueBy: now)
            ended = due.contains(TaskAlarm.windowEnd)
            taken += due
        }
        return taken
    }

    /// Many tasks came to fire before the horizon: the window starts over from the table.
    private func shrink() {
        do {
            try reload(now: clock.now().wall)
        } catch {
            logger.error("could not read the tasks' popups", metadata: ["error": "\(error)"])
        }
    }
}
