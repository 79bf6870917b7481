/// The next "still running" notice of a stopwatch, on the boot clock.
struct StopwatchNoticeAlarm: Hashable, Comparable, Sendable {
    let id: Int64

    init(_ id: Int64) { self.id = id }

    static func < (lhs: StopwatchNoticeAlarm, rhs: StopwatchNoticeAlarm) -> Bool { lhs.id < rhs.id }
}
