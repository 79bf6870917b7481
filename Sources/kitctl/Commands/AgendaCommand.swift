import ArgumentParser
import KitCore
import KitLocalization
import KitProtocol

struct AgendaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agenda",
        abstract: Localized.text(
            "A terminal calendar of tasks: the next seven days (default), a day, a week or a month."),
        discussion: Localized.text(
            "DATE is 2026-11-25 (the seven days from it), or a month, 2026-11 (its grid); default today. Overdue tasks are red on a colour terminal; a snoozed one says until when, an event shows its time range and place. DATE may also be a day as --due reads it, or one behind: 내일, '다음 주 월요일', 어제.\nExample: kitctl agenda --day 내일"
        )
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Flag(help: ArgumentHelp(Localized.text("One day."))) var day = false
    @Flag(help: ArgumentHelp(Localized.text("The week (Monday to Sunday) with DATE in it."))) var week = false
    @Flag(help: ArgumentHelp(Localized.text("The month as a grid (also when DATE is a month, 2026-12)."))) var month =
        false

    @Argument(help: ArgumentHelp(Localized.text("The day to show, or to start from."), valueName: "date"))
    var date: String?

    func validate() throws {
        guard [day, week, month].filter({ $0 }).count <= 1 else {
            throw ValidationError(Localized.text("choose one of --day, --week, --month"))
        }
    }

    func run() throws {
        let zone = LocalZone()
        let today = CivilDateTime(TimerText.currentWallTime(), in: zone).date
        let anchor = try parseDate(today: today)
        let month = month || isMonth(date)
        let (first, days): (CivilDate, Int)
        if month {
            first = CivilDate(year: anchor.year, month: anchor.month, day: 1)
            days = CivilDate.daysIn(month: anchor.month, year: anchor.year)
        } else if day {
            (first, days) = (anchor, 1)
        } else if week {
            (first, days) = (anchor.adding(days: -(anchor.weekday.rawValue - 1)), 7)
        } else {
            // The next seven days: on a Saturday, not five days gone by.
            (first, days) = (anchor, 7)
        }
        let from = ZoneResolver.instant(for: CivilDateTime(date: first, time: .midnight), in: zone)
        let to = ZoneResolver.instant(for: CivilDateTime(date: first.adding(days: days), time: .midnight), in: zone)
        // Korea's holidays under a Korean locale; otherwise those kitd's configuration names.
        let params = TaskAgendaParams(
            from: try WireInstant(from, field: "from"), to: try WireInstant(to, field: "to"), countsOnly: month,
            holidays: Localized.holidayCountry)
        let result = try global.call(Method.taskAgenda, params)
        if output.json { return try JSONOutput.print(result) }
        if month {
            Terminal.writeLine(
                AgendaView.month(
                    first: first, days: result.days ?? [], holidays: result.holidays ?? [], today: today,
                    color: Colors.enabled))
        } else {
            Terminal.writeLine(
                AgendaView.list(
                    from: first, days: days, items: result.items ?? [], holidays: result.holidays ?? [], today: today,
                    color: Colors.enabled)
            )
        }
    }

    /// `2026-12`: a month.
    private func isMonth(_ text: String?) -> Bool {
        guard let text else { return false }
        return (try? DiaryMonth.parse(text)) != nil && text.trimmingWhitespace().utf8.count == 7
    }

    private func parseDate(today: CivilDate) throws -> CivilDate {
        guard let date else { return today }
        if isMonth(date), let parsed = try? DiaryMonth.parse(date) {
            return CivilDate(year: parsed.year, month: parsed.month, day: 1)
        }
        do throws(KitError) {
            // 내일, 다음 주 월요일, 3월 14일: what --due reads, and the days behind (어제).
            if let said = try SaidDay.parse(date, today: today) { return said }
            return try CivilDate.parseWritten(date)
        } catch {
            // A date that does not exist says why (February has 28 days); anything else, what to write.
            guard error.description.hasPrefix("cannot read") else { throw CLIError.usage(error) }
            throw CLIError.usage(
                Localized.text(
                    "cannot read '%s' as a date: write a day, 2026-11-25 (also 2026.11.25, tomorrow, 내일), or a month, 2026-11",
                    "\(date)"))
        }
    }
}
