import KitCore
import KitTestValues
import Testing

/// One rule that gives times of day (hourly, or BYHOUR/BYMINUTE), its anchor, and an independent
/// minute-by-minute definition of the date-times it must hit.
struct TimeOfDayCase: Sendable, CustomTestStringConvertible {
    var rule: String
    var anchor: CivilDateTime
    var days = 400
    /// True for each date-time after the anchor that the rule must hit; written with plain
    /// arithmetic on the date-time, without KitCore's expansion code.
    var matches: @Sendable (_ time: CivilDateTime, _ anchor: CivilDateTime) -> Bool

    var testDescription: String { "\(rule) from \(anchor)" }
}

/// Whole hours from `a` to `b` on the civil clock.
private func hours(_ a: CivilDateTime, _ b: CivilDateTime) -> Int64 { (b.localSeconds - a.localSeconds) / 3600 }

@Suite("Repeats within a day: hourly rules and BYHOUR, BYMINUTE")
struct RecurrenceTimeOfDayTests {
    static let cases: [TimeOfDayCase] = [
        TimeOfDayCase(rule: "hourly", anchor: at(2027, 3, 1, 9, 40), days: 30) { t, a in t.minute == a.minute },
        TimeOfDayCase(rule: "every 5 hours", anchor: at(2027, 3, 1, 22, 15), days: 60) { t, a in
            t.minute == 15 && hours(a, t) % 5 == 0
        },
        TimeOfDayCase(rule: "FREQ=HOURLY;INTERVAL=5;BYDAY=MO,FR", anchor: at(2027, 3, 1, 22, 15)) { t, a in
            t.minute == 15 && hours(a, t) % 5 == 0 && (t.date.weekday == .monday || t.date.weekday == .friday)
        },
        TimeOfDayCase(rule: "FREQ=HOURLY;BYHOUR=9,17;BYMONTH=3", anchor: at(2027, 3, 1, 9), days: 800) { t, _ in
            t.minute == 0 && (t.hour == 9 || t.hour == 17) && t.date.month == 3
        },
        TimeOfDayCase(rule: "FREQ=HOURLY;INTERVAL=2;BYMINUTE=0,30", anchor: at(2027, 1, 1, 1)) { t, a in
            (t.minute == 0 || t.minute == 30) && hours(a, t) % 2 == 0
        },
        TimeOfDayCase(rule: "FREQ=DAILY;BYHOUR=9,12,15;BYMINUTE=0,30", anchor: at(2027, 5, 1, 9)) { t, _ in
            [9, 12, 15].contains(t.hour) && (t.minute == 0 || t.minute == 30)
        },
        TimeOfDayCase(rule: "FREQ=WEEKLY;BYDAY=TU;BYHOUR=8,20", anchor: at(2027, 1, 5, 8, 5)) { t, _ in
            t.date.weekday == .tuesday && (t.hour == 8 || t.hour == 20) && t.minute == 5
        },
        // The last of each month's date-times: day 1 at 06:00 and 18:00, the last day likewise.
        TimeOfDayCase(rule: "FREQ=MONTHLY;BYMONTHDAY=1,-1;BYHOUR=6,18;BYSETPOS=-1", anchor: at(2027, 1, 31, 18)) {
            t, _ in
            t.hour == 18 && t.minute == 0 && t.date.day == CivilDate.daysIn(month: t.date.month, year: t.date.year)
        },
    ]

    /// The anchor, then every matching minute after it.
    static func bruteForce(_ testCase: TimeOfDayCase) -> [CivilDateTime] {
        var expected = [testCase.anchor]
        var time = testCase.anchor.adding(seconds: 60)
        let end = testCase.anchor.adding(seconds: Int64(testCase.days) * 86_400)
        while time < end {
            if testCase.matches(time, testCase.anchor) { expected.append(time) }
            time = time.adding(seconds: 60)
        }
        return expected
    }

    @Test("every time-of-day rule hits exactly the minutes a minute-by-minute check finds", arguments: cases)
    func matchesBruteForce(testCase: TimeOfDayCase) throws {
        let series = try RecurrenceSeries(rule: try Recurrence.parse(testCase.rule), anchor: testCase.anchor)
        let expected = Self.bruteForce(testCase)
        let end = testCase.anchor.adding(seconds: Int64(testCase.days) * 86_400)
        #expect(Array(series.prefix { $0 < end }) == expected)
        // next(after:) from points between occurrences, off the rule's grid.
        var point = testCase.anchor.adding(seconds: -600)
        while point < end {
            if let want = expected.first(where: { $0 > point }) { #expect(series.next(after: point) == want) }
            point = point.adding(seconds: 86_400 * 3 + 3600 * 7 + 17 * 60 + 11)
        }
    }

    @Test("an hourly rule with COUNT counts its first due, and one far from it is found by jumping")
    func countAndJump() throws {
        let rule = try Recurrence.parseRRULE("FREQ=HOURLY;INTERVAL=3;COUNT=4")
        let series = try RecurrenceSeries(rule: rule, anchor: at(2027, 4, 6, 22))
        #expect(Array(series) == [at(2027, 4, 6, 22), at(2027, 4, 7, 1), at(2027, 4, 7, 4), at(2027, 4, 7, 7)])
        let forever = try RecurrenceSeries(rule: try Recurrence.parse("every 7 hours"), anchor: at(2027, 1, 1, 0))
        // 2127-01-01 is 36,524 days on (2100 is no leap year): 876,576 hours, one past 125,225
        // periods of 7, so the next is 6 hours later.
        #expect(forever.next(after: at(2127, 1, 1, 0)) == at(2127, 1, 1, 6))
    }

    @Test("an hourly rule whose steps never meet its hours is refused, saying why")
    func neverMeets() {
        do {
            let series = try RecurrenceSeries(
                rule: try Recurrence.parseRRULE("FREQ=HOURLY;INTERVAL=24;BYHOUR=5"), anchor: at(2027, 3, 1, 9))
            Issue.record("accepted: \(series.rule)")
        } catch {
            #expect(
                error.message.contains("never occurs after its first due") && error.message.contains("INTERVAL steps"))
            #expect(!error.message.contains("monthly"), "\(error.message)")
        }
    }

    @Test("an hourly rule describes itself in the friendly syntax, and a BYHOUR rule does not")
    func describes() throws {
        #expect(try Recurrence.parse("hourly").friendlyText(anchor: date(2027, 1, 1)) == "hourly")
        #expect(
            try Recurrence.parse("every 4 hours for 3 times").friendlyText(anchor: date(2027, 1, 1))
                == "every 4 hours for 3 times")
        #expect(try Recurrence.parseRRULE("FREQ=DAILY;BYHOUR=9,17").friendlyText(anchor: date(2027, 1, 1)) == nil)
    }
}
