import KitCore
import KitProtocol

/// What the tasks add to `daemon.status` and to systemd's `STATUS=` line.
extension TaskFeature {
    /// `3 tasks overdue`, or nil when none is.
    func statusLine(now: ClockReading) -> String? {
        let overdue = summary(now: now.wall).overdue
        guard overdue > 0 else { return nil }
        return overdue == 1 ? "1 task overdue" : "\(overdue) tasks overdue"
    }

    func describe(into status: inout DaemonStatusResult, now: ClockReading) {
        status.tasks = summary(now: now.wall)
    }

    /// Open tasks, overdue ones, and the next one due that is not overdue. Counted once per change
    /// of the tasks (a due time passing fires the task, which changes it).
    func summary(now: WallTime) -> DaemonStatusResult.TaskSummary {
        if let summaryCache { return summaryCache }
        var open = 0
        var overdue = 0
        var next: (task: TaskItem, due: WallTime)?
        for task in tasks.values where task.isOpen {
            open += 1
            let zone = zone(of: task)
            if task.isOverdue(now: now, in: zone) {
                overdue += 1
                continue
            }
            let due = task.due(in: zone)
            if next == nil || due < next!.due || (due == next!.due && task.id < next!.task.id) { next = (task, due) }
        }
        let summary = DaemonStatusResult.TaskSummary(
            open: open, overdue: overdue,
            next: next.map { .init(id: $0.task.id, title: $0.task.occurrenceTitle, dueAt: Timestamp.rfc3339($0.due)) })
        summaryCache = summary
        return summary
    }
}
