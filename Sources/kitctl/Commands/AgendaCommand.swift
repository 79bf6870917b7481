import ArgumentParser
import KitCore
import KitProtocol

struct AgendaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agenda", abstract: "A terminal calendar of tasks: a day, a week (default) or a month.",
        discussion:
            "DATE is 2026-11-25 (or 2026-11 for --month); default today. Overdue tasks are red on a colour terminal.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Flag(help: "One day.") var day = false
    @Flag(help: "The week (Monday to Sunday) with DATE in it.") var week = false
    @Flag(help: "The month as a grid.") var month = false

    @Argument(help: ArgumentHelp("The day to show, or to start from.", valueName: "date"))
    var date: String?

    func validate() throws {
        guard [day, week, month].filter({ $0 }).count <= 1 else {
            throw ValidationError("choose one of --day, --week, --month")
        }
    }

    func run() throws {
        let zone = LocalZone()
        let today = CivilDateTime(TimerText.currentWallTime(), in: zone).date
        let anchor = try parseDate(today: today)
        let (first, days): (CivilDate, Int)
        if month {
            first = CivilDate(year: anchor.year, month: anchor.month, day: 1)
            days = CivilDate.daysIn(month: anchor.month, year: anchor.year)
        } else if day {
            (first, days) = (anchor, 1)
        } else {
            (first, days) = (anchor.adding(days: -(anchor.weekday.rawValue - 1)), 7)
        }
        let from = ZoneResolver.instant(for: CivilDateTime(date: first, time: .midnight), in: zone)
        let to = ZoneResolver.instant(for: CivilDateTime(date: first.adding(days: days), time: .midnight), in: zone)
        let params = TaskAgendaParams(
            from: try WireInstant(from, field: "from"), to: try WireInstant(to, field: "to"), countsOnly: month)
        let result = try global.call(Method.taskAgenda, params)
        if output.json { return try JSONOutput.print(result) }
        if month {
            Terminal.writeLine(
                AgendaView.month(first: first, days: result.days ?? [], today: today, color: Colors.enabled))
        } else {
            Terminal.writeLine(
                AgendaView.list(from: first, days: days, items: result.items ?? [], today: today, color: Colors.enabled)
            )
        }
    }

    private func parseDate(today: CivilDate) throws -> CivilDate {
        guard let date else { return today }
        if month, date.count == 7, let parsed = try? CivilDate.parseISO8601(date + "-01") { return parsed }
        do throws(KitError) {
            return try CivilDate.parseWritten(date)
        } catch {
            throw CLIError.usage("\(error.description) (give a date such as 2026-11-25\(month ? " or 2026-11" : ""))")
        }
    }
}
