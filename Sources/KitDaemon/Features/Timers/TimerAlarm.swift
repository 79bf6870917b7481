/// A running timer's alarm on the boot clock: its due instant.
struct TimerAlarm: Hashable, Comparable, Sendable {
    let id: Int64

    init(_ id: Int64) { self.id = id }

    static func < (lhs: TimerAlarm, rhs: TimerAlarm) -> Bool { lhs.id < rhs.id }
}
