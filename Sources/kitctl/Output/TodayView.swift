import KitLocalization
import KitProtocol

/// `kitctl today`: one section for each kind of thing that runs or is due, each as its own list
/// command draws it; sections with nothing in them are left out.
enum TodayView {
    static func render(_ today: TodayResult, color: Bool) -> String {
        var sections: [String] = []
        let truncated = Set(today.truncated ?? [])
        if !today.timers.isEmpty {
            var section = heading(Localized.text("Timers"), color: color) + "\n" + TimerText.table(today.timers)
            if truncated.contains("timers") { section += "\n" + Localized.text("… more: kitctl timer list") }
            sections.append(section)
        }
        if !today.stopwatches.isEmpty {
            sections.append(
                heading(Localized.text("Stopwatches"), color: color) + "\n" + StopwatchText.table(today.stopwatches))
        }
        if !today.tasks.isEmpty {
            var section =
                heading(Localized.text("Tasks"), color: color) + "\n" + TaskText.table(today.tasks, color: color)
            if truncated.contains("tasks") { section += "\n" + Localized.text("… more: kitctl task list --today") }
            sections.append(section)
        }
        let title = Localized.text("Today, %s", today.date)
        guard !sections.isEmpty else {
            return title + "\n" + Localized.text("Nothing runs, and nothing is due today.")
        }
        return ([color ? Colors.bold(title) : title] + sections).joined(separator: "\n\n")
    }

    private static func heading(_ text: String, color: Bool) -> String { color ? Colors.bold(text) : text }
}
