import KitCore
import KitLocalization
import KitProtocol

/// Today's tasks in the tray (those `task list --today` gives: due today, overdue, snoozed), each
/// with its due time, and Done and Snooze (for `[tasks] snooze`) under it.
extension TaskFeature {
    /// The most tasks the menu lists.
    static let trayListed = 8

    func tray(into menu: inout TrayMenu, now: ClockReading) {
        let tasks: [TaskInfo]
        do {
            tasks = try list(TaskListParams(filter: .today, limit: Self.trayListed)).tasks
        } catch {
            logger.error("could not read today's tasks for the tray", metadata: ["error": "\(error)"])
            return
        }
        let snooze = LocaleDuration.text(settings[TaskSettings.self].snooze)
        let entries = tasks.map { task in
            let due = Timestamp.parse(task.dueAt).map {
                ClockText.short($0, now: now.wall, in: LocalZone(), style: LocaleClock.popupStyle)
            }
            let label = due.map { "\(task.title)  \($0)" } ?? task.title
            let ref = String(task.id)
            let key = "task.\(task.id)"
            return TrayEntry(
                key, label,
                children: [
                    TrayEntry(key + ".done", Localized.text("Done")) { [unowned self] in
                        _ = try done(RecordRef(ref))
                    },
                    TrayEntry(key + ".snooze", Localized.text("Snooze %s", snooze)) { [unowned self] in
                        _ = try self.snooze(TaskSnoozeParams(ref: ref))
                    },
                ])
        }
        menu.summary += entries.map(\.label)
        menu.add(entries)
    }
}
