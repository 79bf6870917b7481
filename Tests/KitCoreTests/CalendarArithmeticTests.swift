import KitCore
import KitTestValues
import Testing

@Suite("Civil dates and calendar arithmetic")
struct CalendarArithmeticTests {
    @Test(
        "knows the ISO weekday of a date",
        arguments: [
            (date(1970, 1, 1), Weekday.thursday), (date(1900, 1, 1), .monday), (date(2000, 2, 29), .tuesday),
            (date(2026, 11, 25), .wednesday), (date(2026, 11, 29), .sunday), (date(2200, 12, 31), .wednesday),
        ])
    func weekday(of day: CivilDate, is weekday: Weekday) {
        #expect(day.weekday == weekday)
        #expect(weekday.rawValue == (weekday == .monday ? 1 : weekday.rawValue))
    }

    @Test("Monday is 1 and Sunday is 7")
    func isoNumbering() {
        #expect(Weekday.monday.rawValue == 1)
        #expect(Weekday.sunday.rawValue == 7)
    }

    @Test("adds days across months, years and leap days")
    func addsDays() {
        #expect(date(2026, 12, 31).adding(days: 1) == date(2027, 1, 1))
        #expect(date(2028, 2, 28).adding(days: 1) == date(2028, 2, 29))
        #expect(date(2027, 3, 1).adding(days: -1) == date(2027, 2, 28))
        #expect(date(2026, 1, 1).days(until: date(2027, 1, 1)) == 365)
    }

    @Test("adds months, refusing or clamping a day the month lacks")
    func addsMonths() {
        #expect(date(2026, 1, 31).adding(months: 1) == nil)
        #expect(date(2026, 1, 31).addingClamped(months: 1) == date(2026, 2, 28))
        #expect(date(2028, 1, 31).addingClamped(months: 1) == date(2028, 2, 29))
        #expect(date(2026, 1, 31).adding(months: 2) == date(2026, 3, 31))
        #expect(date(2026, 11, 15).adding(months: 3) == date(2027, 2, 15))
        #expect(date(2026, 3, 31).addingClamped(months: -1) == date(2026, 2, 28))
        #expect(date(2026, 1, 15).adding(months: -13) == date(2024, 12, 15))
    }

    @Test("knows the last day of each month")
    func lastDays() {
        #expect(date(2026, 2, 10).lastDayOfMonth == date(2026, 2, 28))
        #expect(date(2024, 2, 10).lastDayOfMonth == date(2024, 2, 29))
        #expect(date(1900, 2, 1).lastDayOfMonth == date(1900, 2, 28))
        #expect(date(2000, 2, 1).lastDayOfMonth == date(2000, 2, 29))
        #expect(date(2026, 4, 1).lastDayOfMonth == date(2026, 4, 30))
    }

    @Test(
        "finds the nth weekday of a month",
        arguments: [
            (2, Weekday.tuesday, date(2026, 11, 10)), (-1, .friday, date(2026, 11, 27)),
            (1, .monday, date(2026, 11, 2)), (4, .sunday, date(2026, 11, 22)), (5, .sunday, date(2026, 11, 29)),
            (-1, .monday, date(2026, 11, 30)), (-2, .monday, date(2026, 11, 23)),
        ])
    func nthWeekday(n: Int, weekday: Weekday, expected: CivilDate) {
        #expect(CivilDate.nthWeekday(n, weekday, year: 2026, month: 11) == expected)
    }

    @Test("a month without a 5th Monday has none")
    func noFifthMonday() {
        #expect(CivilDate.nthWeekday(5, .monday, year: 2026, month: 2) == nil)
        #expect(CivilDate.nthWeekday(0, .monday, year: 2026, month: 2) == nil)
    }

    @Test("writes and reads ISO 8601 dates and date-times")
    func iso8601() throws {
        #expect(date(2026, 11, 5).iso8601 == "2026-11-05")
        #expect(at(2026, 11, 25, 18, 0).iso8601 == "2026-11-25T18:00:00")
        #expect(try CivilDate.parseISO8601("2026-11-25") == date(2026, 11, 25))
        #expect(try CivilDateTime.parseISO8601("2026-11-25 18:00") == at(2026, 11, 25, 18))
        #expect(try CivilDateTime.parseISO8601("2026-11-25T18:00:30") == at(2026, 11, 25, 18, 0, 30))
        #expect(try CivilDateTime.parseISO8601("2026-11-25T07:05") == at(2026, 11, 25, 7, 5))
    }

    @Test(
        "refuses dates and times that do not exist, quoting them",
        arguments: [
            ("2026-02-30", "2026-02 has 28 days"), ("2026-13-01", "months go from 01 to 12"),
            ("2300-01-01", "1900 to 2200"), ("1899-12-31", "1900 to 2200"),
            ("2026-11-25 24:00", "'24:00' is not a time of day"),
            ("2026-11-25 18:60", "minutes and seconds"), ("26-11-25", "YYYY-MM-DD"),
            ("2026-11-25 6pm", "YYYY-MM-DD HH:MM"),
        ])
    func refusesNonexistent(text: String, hint: String) {
        do {
            _ = try CivilDateTime.parseISO8601(text.contains(" ") ? text : text + " 12:00")
            Issue.record("'\(text)' was accepted")
        } catch {
            #expect(error.message.contains(hint), "\(error.message)")
        }
    }

    @Test("orders date-times by date, then time")
    func ordering() {
        #expect(at(2026, 11, 25, 23, 59) < at(2026, 11, 26, 0, 0))
        #expect(at(2026, 11, 25, 9, 0, 1) > at(2026, 11, 25, 9, 0))
        #expect(Set([at(2026, 1, 1), at(2026, 1, 1)]).count == 1)
    }
}
