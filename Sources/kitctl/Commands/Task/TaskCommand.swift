import ArgumentParser
import KitLocalization

struct TaskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "task",
        abstract: Localized.text(
            "Deadlines with repeats, pre-alerts, Done and Snooze on the popup, and catch-up of what was missed."),
        discussion: Localized.text(
            "WHEN: 18:00, 6pm, today 18:00, tomorrow 9:00, mon 10:00, next fri, in 2h, in 3 days, 2026-11-25 18:00, 2026-11-25T18:00+09:00, or a bare date 2026-11-25 (all day, at the configured time).\nRULE: daily, weekdays, weekly on mon,wed, every 2 weeks, every 3 days, monthly on day 15, monthly on the last day, monthly on the 2nd tue, yearly, yearly on lunar 8/15; add 'until 2027-06-30' or 'for 10 times'. An RRULE works too.\nREF is a task's id, or its title when only one task has it."
        ),
        subcommands: [
            TaskAdd.self, TaskList.self, OneCallCommand<TaskCalls.Show>.self, EachRefCommand<TaskCalls.Done>.self,
            OneCallCommand<TaskCalls.Undo>.self, TaskSnooze.self, TaskEdit.self,
            EachRefCommand<TaskCalls.Delete>.self, TaskExport.self, TaskImport.self,
        ])
}
