/// A task's next popup (pre-alert, due or nag) on the wall clock: one alarm per task, at the
/// earliest of its pending popups.
struct TaskAlarm: Hashable, Comparable, Sendable {
    let id: Int64

    init(_ id: Int64) { self.id = id }

    /// Not a task (ids start at 1): the end of the armed window, where the next tasks' popups
    /// are read from the table (TaskWindow.swift).
    static let windowEnd = TaskAlarm(0)

    static func < (lhs: TaskAlarm, rhs: TaskAlarm) -> Bool { lhs.id < rhs.id }
}
