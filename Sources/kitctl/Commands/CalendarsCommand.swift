import ArgumentParser
import KitCore
import KitLocalization
import KitProtocol

struct CalendarsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendars",
        abstract: Localized.text("List the calendars kitd watches for alarms, with their items and errors."),
        discussion: Localized.text(
            "The folders come from [calendars] watch in config.toml (khal's, todoman's, vdirsyncer's; kitd only reads them). A file that gives nothing is listed with why; it rings as it last read.\nExample: kitctl calendars"
        ))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let result = try global.call(Method.calendarList, EmptyParams())
        if output.json { return try JSONOutput.print(result) }
        guard !result.calendars.isEmpty else {
            return Terminal.writeLine(
                Localized.text(
                    "kitd watches no calendar. Add one to config.toml: [calendars] watch = [\"~/.calendars/*\"]"))
        }
        var table = Table(
            Localized.text("NAME"), Localized.text("ITEMS"), Localized.text("ERRORS"), Localized.text("PATH"))
        for calendar in result.calendars {
            table.add(
                calendar.name, String(calendar.items), calendar.problem ?? String(calendar.unreadableCount),
                calendar.path)
        }
        Terminal.writeLine(table.render())
        for calendar in result.calendars {
            for file in calendar.unreadable {
                Terminal.writeLine(Localized.text("%1$s: %2$s: %3$s", calendar.name, file.file, file.reason))
            }
        }
        if let next = result.nextAlarmAt.flatMap(Timestamp.parse) {
            Terminal.writeLine(
                Localized.text("Next alarm: %s", LocalClock.short(next, now: TimerText.currentWallTime())))
        }
    }
}
