import KitCore
import KitProtocol

/// What the tasks add to `daemon.status` and to systemd's `STATUS=` line.
extension TaskFeature {
    /// `3 tasks overdue`, or nil when none is. Constant time: it is worked out after every change.
    func statusLine(now: ClockReading) -> String? {
        let overdue = overdueIDs.count
        guard overdue > 0 else { return nil }
        return overdue == 1 ? "1 task overdue" : "\(overdue) tasks overdue"
    }

    func describe(into status: inout DaemonStatusResult, now: ClockReading) {
        status.tasks = summary(now: now.wall)
    }

    /// Open tasks, overdue ones, and the next one due that is not overdue. Walked once per change
    /// of the tasks, and only when a client asks (`daemon.status`).
    func summary(now: WallTime) -> DaemonStatusResult.TaskSummary {
        if let summaryCache { return summaryCache }
        var open = 0
        var overdue = 0
        var next: (task: TaskItem, due: WallTime)?
        for task in tasks.values where task.isOpen {
            open += 1
            // The same overdue tasks the status line counts.
            if overdueIDs.contains(task.id) {
                overdue += 1
                continue
            }
            let due = task.due(in: zone(of: task))
            if next == nil || due < next!.due || (due == next!.due && task.id < next!.task.id) { next = (task, due) }
        }
        let summary = DaemonStatusResult.TaskSummary(
            open: open, overdue: overdue,
            next: next.map { .init(id: $0.task.id, title: $0.task.occurrenceTitle, dueAt: Timestamp.rfc3339($0.due)) })
        summaryCache = summary
        return summary
    }

    /// Puts `task` in memory, and in the overdue set if it is overdue now.
    func put(_ task: TaskItem) {
        tasks[task.id] = task
        if task.isOverdue(now: clock.now().wall, in: zone(of: task)) {
            overdueIDs.insert(task.id)
        } else {
            overdueIDs.remove(task.id)
        }
        tasksChanged()
    }

    func drop(_ id: Int64) {
        tasks.removeValue(forKey: id)
        overdueIDs.remove(id)
        tasksChanged()
    }

    /// The overdue set from scratch: at load, and when the zone or the wall clock changed under
    /// every task at once.
    func recountOverdue() {
        let now = clock.now().wall
        overdueIDs = Set(tasks.values.lazy.filter { $0.isOverdue(now: now, in: self.zone(of: $0)) }.map(\.id))
        tasksChanged()
    }

    private func tasksChanged() {
        summaryCache = nil
        status.changed()
    }

    /// The wall clock was set: a task may be overdue, or no longer, without changing.
    func wallClockChanged() { recountOverdue() }
}
