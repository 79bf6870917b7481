import KitCore
import KitTestValues
import Testing

@Suite("No input crashes a parser")
struct ParserRobustnessTests {
    static let fragments = [
        "FREQ=", "DAILY", "WEEKLY", "MONTHLY", "YEARLY", ";", "=", ",", "BYDAY=", "BYMONTHDAY=", "BYMONTH=",
        "BYSETPOS=",
        "COUNT=", "UNTIL=", "INTERVAL=", "WKST=", "-1", "+2", "0", "31", "99999999999999999999", "MO", "2TU", "-5FR",
        "20261125", "T", "180000", "Z", ":", " ", "BEGIN:", "END:", "VCALENDAR", "VTODO", "VEVENT", "VALARM", "\r\n",
        "\n", "\r\n ", "DUE", "DTSTART", "TRIGGER", "-P", "P", "T", "1W", "999999999D", "H", "M", "S", "TZID=", "\"",
        "VALUE=DATE", "한국어", "\u{0}", "\\", "\\n", "in ", "next ", "fri", "monday", "tomorrow", "today", "at ", "6pm",
        "12am", "noon", "midnight", "24:00", "18:00", "2026-11-25", "2026-02-30", "+09:00", "every ", "3 ", "days",
        "weeks", "on ", "the ", "last ", "2nd ", "day ", "until ", "for ", "times", "monthly", "weekly", "yearly", "h",
        "m", "d", "1.5", ".", "e9", "9999999999",
    ]

    static func randomText(_ generator: inout SplitMix64) -> String {
        let count = Int.random(in: 0...12, using: &generator)
        return (0..<count).map { _ in fragments.randomElement(using: &generator)! }.joined()
    }

    @Test("random text through every parser throws or succeeds, never traps")
    func randomText() {
        var generator = SplitMix64(seed: 20_261_125)
        let now = utc("2026-11-21T19:30:00Z")
        for _ in 0..<4000 {
            let text = Self.randomText(&generator)
            _ = try? Recurrence.parse(text)
            _ = try? Recurrence.parseRRULE(text)
            _ = try? Recurrence.parseFriendly(text)
            _ = try? WhenExpression.parse(text).resolve(now: now, in: FixedOffset(seconds: 3600))
            _ = try? PreAlerts.parse(text)
            _ = try? CivilDateTime.parseISO8601(text)
            _ = try? CivilDate.parseISO8601(text)
        }
    }

    @Test("rules that parse also expand and write without trapping")
    func parsedRulesExpand() throws {
        var generator = SplitMix64(seed: 42)
        var expanded = 0
        for _ in 0..<6000 {
            guard let rule = try? Recurrence.parse(Self.randomText(&generator)) else { continue }
            let anchor = at(2026, 11, 25, 9)
            _ = try? Recurrence.parseRRULE(rule.rrule(anchor: anchor.date))
            guard let series = try? RecurrenceSeries(rule: rule, anchor: anchor) else { continue }
            _ = series.occurrences(through: at(2030, 1, 1), limit: 50)
            expanded += 1
        }
        #expect(expanded > 0)
    }
}
