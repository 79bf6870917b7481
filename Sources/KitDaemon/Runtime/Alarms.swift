import KitCore

/// One feature's alarms: its own typed keys (a timer id, a ramen step, a task) on one clock.
/// The feature schedules and cancels them; the scheduler arms the clock at the earliest of all
/// channels and calls the feature back with its keys when they come due.
final class Alarms<Key: Hashable & Comparable & Sendable, Instant: AlarmInstant>: AlarmQueue {
    private var agenda = Agenda<Key>()
    private unowned let scheduler: Scheduler
    private let onDue: ([Key], ClockReading) -> Void

    init(scheduler: Scheduler, onDue: @escaping ([Key], ClockReading) -> Void) {
        self.scheduler = scheduler
        self.onDue = onDue
    }

    /// How many keys are scheduled.
    var count: Int { agenda.count }

    /// When `key` is due, if it is scheduled.
    func due(of key: Key) -> Instant? { agenda.due(of: key).map(Instant.init(nanoseconds:)) }

    /// The earliest alarm of this channel.
    func next() -> (key: Key, due: Instant)? {
        agenda.next().map { ($0.key, Instant(nanoseconds: $0.due)) }
    }

    /// Schedules `key` at `due`, replacing any earlier schedule for it.
    func schedule(_ key: Key, at due: Instant) {
        agenda.schedule(key, at: due.nanoseconds)
        scheduler.rearm()
    }

    /// Schedules several keys with one re-arm.
    func schedule(_ entries: some Sequence<(key: Key, due: Instant)>) {
        for entry in entries { agenda.schedule(entry.key, at: entry.due.nanoseconds) }
        scheduler.rearm()
    }

    func cancel(_ key: Key) {
        agenda.remove(key)
        scheduler.rearm()
    }

    /// Cancels several keys with one re-arm.
    func cancel(_ keys: some Sequence<Key>) {
        for key in keys { agenda.remove(key) }
        scheduler.rearm()
    }

    /// Replaces every alarm of this channel at once (a load at start, or after a failed commit).
    func replaceAll(_ entries: [(key: Key, due: Instant)]) {
        agenda = Agenda(entries.map { (key: $0.key, due: $0.due.nanoseconds) })
        scheduler.rearm()
    }

    func nextDue() -> Int64? { agenda.next()?.due }

    /// Takes the keys due at or before `instant` out of the queue, to be handled by the caller
    /// along with those it was called back with.
    func takeKeys(dueBy instant: Instant) -> [Key] {
        let keys = agenda.popDue(atOrBefore: instant.nanoseconds).map(\.key)
        if !keys.isEmpty { scheduler.rearm() }
        return keys
    }

    func takeDue(atOrBefore limit: Int64) -> ((ClockReading) -> Void)? {
        let due = agenda.popDue(atOrBefore: limit)
        guard !due.isEmpty else { return nil }
        let keys = due.map(\.key)
        return { [onDue] now in onDue(keys, now) }
    }
}
