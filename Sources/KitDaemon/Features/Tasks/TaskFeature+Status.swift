import KitCore
import KitLocalization
import KitProtocol

/// What the tasks add to `daemon.status` and to systemd's `STATUS=` line.
extension TaskFeature {
    /// `3 tasks overdue`, or nil when none is. Constant time: it is worked out after every change.
    func statusLine(now: ClockReading) -> String? {
        let overdue = overdueIDs.count
        guard overdue > 0 else { return nil }
        return Localized.plural("1 task overdue", "%d tasks overdue", overdue)
    }

    func describe(into status: inout DaemonStatusResult, now: ClockReading) {
        status.tasks = summary(now: now.wall)
    }

    /// Open tasks, overdue ones, and the next one due that is not overdue: counts kept by `put`
    /// and `drop`, and the next one due read through the index on due instants (a status bar
    /// asks after every change).
    func summary(now: WallTime) -> DaemonStatusResult.TaskSummary {
        if let summaryCache { return summaryCache }
        var next: DaemonStatusResult.TaskSummary.Next?
        do {
            if let found = try store.nextDue(now: now), let task = try stored(found.id) {
                var snoozedUntil: String?
                if case .snoozed(let until) = task.occurrenceState(now: now, in: zone(of: task)) {
                    snoozedUntil = Timestamp.rfc3339(until)
                }
                next = .init(
                    id: task.id, title: task.occurrenceTitle, dueAt: Timestamp.rfc3339(task.due(in: zone(of: task))),
                    snoozedUntil: snoozedUntil)
            }
        } catch {
            logger.error("could not read the next task due", metadata: ["error": "\(error)"])
        }
        let summary = DaemonStatusResult.TaskSummary(open: openCount, overdue: overdueIDs.count, next: next)
        summaryCache = summary
        return summary
    }

    /// Puts `task` in memory (`old` is what it was, nil for a new task), and in the overdue set
    /// if it is overdue now.
    func put(_ task: TaskItem, old: TaskItem?) {
        recent.keep(task)
        if old?.isOpen == true { openCount -= 1 }
        if task.isOpen { openCount += 1 }
        if task.isOverdue(now: clock.now().wall, in: zone(of: task)) {
            overdueIDs.insert(task.id)
        } else {
            overdueIDs.remove(task.id)
        }
        tasksChanged()
    }

    func drop(_ task: TaskItem) {
        recent.forget(task.id)
        if task.isOpen { openCount -= 1 }
        overdueIDs.remove(task.id)
        tasksChanged()
    }

    /// The overdue set from the table: at load, and when the zone or the wall clock changed under
    /// every task at once.
    func recountOverdue() {
        do {
            overdueIDs = try store.overdueIDs(now: clock.now().wall)
        } catch {
            logger.error("could not count the overdue tasks", metadata: ["error": "\(error)"])
        }
        tasksChanged()
    }

    private func tasksChanged() {
        summaryCache = nil
        status.changed()
    }

    /// The wall clock was set: a task may be overdue, or no longer, without changing.
    func wallClockChanged() { recountOverdue() }
}
