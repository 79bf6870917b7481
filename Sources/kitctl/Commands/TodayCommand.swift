import ArgumentParser
import KitLocalization
import KitProtocol

struct TodayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today",
        abstract: Localized.text("Show what runs and what is due today: timers, stopwatches and tasks."),
        discussion: Localized.text(
            "Timers with time left, running stopwatches, and the tasks due today (overdue and snoozed ones too), in one view; --json for scripts.\nExample: kitctl today"
        ))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let today = try global.call(Method.daemonToday, EmptyParams())
        if output.json { return try JSONOutput.print(today) }
        Terminal.writeLine(TodayView.render(today, color: Colors.enabled))
    }
}
