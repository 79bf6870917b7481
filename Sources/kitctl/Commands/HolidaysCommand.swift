import ArgumentParser
import KitCore
import KitLocalization
import KitProtocol

struct HolidaysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "holidays",
        abstract: Localized.text("List Korea's public holidays in a year, substitute holidays included."),
        discussion: Localized.text(
            "YEAR is 2026 to 2100; default this year. 설날 and 추석 are three days each, on KASI's lunar dates; a substitute holiday (대체공휴일) follows the law since 2026; election days are listed where the law has fixed them, one-off holidays never.\nExample: kitctl holidays 2027 --json"
        ))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp(Localized.text("The year."), valueName: "year")) var year: Int?

    func run() throws {
        let result = try global.call(Method.holidayList, HolidayListParams(year: year))
        // A list of {date, name, kind}, as scripts take it.
        if output.json { return try JSONOutput.print(result.holidays) }
        var table = Table(Localized.text("DATE"), Localized.text("DAY"), Localized.text("HOLIDAY"))
        for holiday in result.holidays {
            let weekday = (try? CivilDate.parseWritten(holiday.date)).map { WeekdayText.short($0.weekday) } ?? ""
            table.add(holiday.date, weekday, holiday.name)
        }
        Terminal.writeLine(table.render())
    }
}
