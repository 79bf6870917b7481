/// Where a task stands on the wall clock: its current occurrence's due instant and its next
/// popup's, worked out in its zone. kitd keeps these beside each task's row, so that the tasks
/// due next, the overdue ones and a list in due order are read through indexes, without every
/// task in memory; they are worked out again whenever the task or its zone's rules change.
public struct TaskInstants: Equatable, Sendable {
    public var due: WallTime
    /// The earliest popup still to come (pre-alert, due or nag); nil for none (a done task).
    public var fire: WallTime?

    public init(due: WallTime, fire: WallTime?) {
        self.due = due
        self.fire = fire
    }
}

extension TaskItem {
    /// The task's instants in `zone` (its own, or the system's).
    public func instants(in zone: some UTCOffsets) -> TaskInstants {
        TaskInstants(due: due(in: zone), fire: nextFire(in: zone)?.at)
    }
}
