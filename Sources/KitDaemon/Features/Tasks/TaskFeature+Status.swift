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

    /// Open tasks, overdue ones, and the next one due that is not overdue: from what `put` and
    /// `drop` keep, in constant time (a status bar asks after every change).
    func summary(now: WallTime) -> DaemonStatusResult.TaskSummary {
        if let summaryCache { return summaryCache }
        let next = dues.next().flatMap { entry in tasks[entry.key.id].map { ($0, WallTime(nanoseconds: entry.due)) } }
        let summary = DaemonStatusResult.TaskSummary(
            open: openCount, overdue: overdueIDs.count,
            next: next.map { .init(id: $0.0.id, title: $0.0.occurrenceTitle, dueAt: Timestamp.rfc3339($0.1)) })
        summaryCache = summary
        return summary
    }

    /// Puts `task` in memory, in the overdue set if it is overdue now, and among the dues if not.
    func put(_ task: TaskItem) {
        if tasks.updateValue(task, forKey: task.id)?.isOpen == true { openCount -= 1 }
        if task.isOpen { openCount += 1 }
        track(task, now: clock.now().wall)
        tasksChanged()
    }

    func drop(_ id: Int64) {
        if tasks.removeValue(forKey: id)?.isOpen == true { openCount -= 1 }
        overdueIDs.remove(id)
        dues.remove(TaskAlarm(id))
        tasksChanged()
    }

    /// The overdue set, the dues and the open count from scratch: at load, and when the zone or
    /// the wall clock changed under every task at once.
    func recountOverdue() {
        let now = clock.now().wall
        var overdue: Set<Int64> = []
        var entries: [(key: TaskAlarm, due: Int64)] = []
        openCount = 0
        for task in tasks.values where task.isOpen {
            openCount += 1
            let zone = zone(of: task)
            if task.isOverdue(now: now, in: zone) {
                overdue.insert(task.id)
            } else {
                entries.append((TaskAlarm(task.id), task.due(in: zone).nanoseconds))
            }
        }
        overdueIDs = overdue
        dues = Agenda(entries)
        tasksChanged()
    }

    /// Files an open task as overdue or among the dues (a done one as neither).
    private func track(_ task: TaskItem, now: WallTime) {
        let zone = zone(of: task)
        if task.isOverdue(now: now, in: zone) {
            overdueIDs.insert(task.id)
            dues.remove(TaskAlarm(task.id))
        } else {
            overdueIDs.remove(task.id)
            if task.isOpen {
                dues.schedule(TaskAlarm(task.id), at: task.due(in: zone).nanoseconds)
            } else {
                dues.remove(TaskAlarm(task.id))
            }
        }
    }

    private func tasksChanged() {
        summaryCache = nil
        status.changed()
    }

    /// The wall clock was set: a task may be overdue, or no longer, without changing.
    func wallClockChanged() { recountOverdue() }
}
