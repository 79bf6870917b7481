import KitCore
import KitTestValues
import Testing

/// One rule, its anchor, and an independent day-by-day definition of the dates it must hit.
struct OccurrenceCase: Sendable, CustomTestStringConvertible {
    var rule: String
    var anchor: CivilDateTime
    var years = 10
    /// True for each date after the anchor's that the rule must hit. Written without KitCore's
    /// expansion code: weekday, day of month and month arithmetic only.
    var matches: @Sendable (_ day: CivilDate, _ anchor: CivilDate) -> Bool

    var testDescription: String { "\(rule) from \(anchor)" }
}

private func monthsBetween(_ a: CivilDate, _ b: CivilDate) -> Int { (b.year - a.year) * 12 + b.month - a.month }
private func lastDay(_ d: CivilDate) -> Int { CivilDate.daysIn(month: d.month, year: d.year) }
/// Which occurrence of its weekday in the month a day is: 1 for days 1-7, …
private func nth(_ d: CivilDate) -> Int { (d.day - 1) / 7 + 1 }
private func isLast(_ d: CivilDate) -> Bool { d.day + 7 > lastDay(d) }
private func weekIndex(_ d: CivilDate, weekStart: Weekday = .monday) -> Int {
    let start = d.adding(days: -weekStart.days(until: d.weekday))
    return Int(start.daysSinceEpoch.quotientAndRemainder(dividingBy: 7).quotient)
}

/// The day of the year, 1 for Jan 1.
private func ordinal(_ d: CivilDate) -> Int { date(d.year, 1, 1).days(until: d) + 1 }
/// The ISO 8601 week number, by the textbook formula (ordinal - weekday + 10) / 7, with weeks 0
/// and 53 moved to the neighbouring year where they belong.
private func isoWeek(_ d: CivilDate) -> Int {
    let week = (ordinal(d) - d.weekday.rawValue + 10) / 7
    if week == 0 { return isoWeek(date(d.year - 1, 12, 31)) }
    if week == 53 && date(d.year, 12, 31).weekday.rawValue < 4 { return 1 }
    return week
}

@Suite("Occurrences of repeating rules")
struct RecurrenceOccurrenceTests {
    static let cases: [OccurrenceCase] = [
        OccurrenceCase(rule: "daily", anchor: at(2026, 11, 25, 9)) { _, _ in true },
        OccurrenceCase(rule: "every 3 days", anchor: at(2026, 11, 25, 9)) { d, a in a.days(until: d) % 3 == 0 },
        OccurrenceCase(rule: "weekdays", anchor: at(2026, 11, 25, 9)) { d, _ in d.weekday.rawValue <= 5 },
        OccurrenceCase(rule: "weekly", anchor: at(2026, 11, 25, 9)) { d, _ in d.weekday == .wednesday },
        OccurrenceCase(rule: "weekly on mon,wed", anchor: at(2026, 11, 25, 9)) { d, _ in
            d.weekday == .monday || d.weekday == .wednesday
        },
        OccurrenceCase(rule: "every 2 weeks on tue,thu", anchor: at(2026, 11, 24, 18)) { d, a in
            (d.weekday == .tuesday || d.weekday == .thursday) && (weekIndex(d) - weekIndex(a)) % 2 == 0
        },
        // The anchor (a Friday) does not match the rule; it is still occurrence 1.
        OccurrenceCase(rule: "every 2 weeks on tue,thu", anchor: at(2026, 11, 27, 18)) { d, a in
            (d.weekday == .tuesday || d.weekday == .thursday) && (weekIndex(d) - weekIndex(a)) % 2 == 0
        },
        OccurrenceCase(rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=SU", anchor: at(2026, 11, 29, 8)) { d, a in
            (d.weekday == .sunday || d.weekday == .monday)
                && (weekIndex(d, weekStart: .sunday) - weekIndex(a, weekStart: .sunday)) % 2 == 0
        },
        OccurrenceCase(rule: "monthly", anchor: at(2026, 1, 31, 9)) { d, _ in d.day == min(31, lastDay(d)) },
        OccurrenceCase(rule: "monthly on day 31", anchor: at(2026, 1, 31, 9)) { d, _ in d.day == min(31, lastDay(d)) },
        OccurrenceCase(rule: "monthly on day 30", anchor: at(2026, 1, 30, 9)) { d, _ in d.day == min(30, lastDay(d)) },
        OccurrenceCase(rule: "monthly", anchor: at(2026, 11, 15, 9)) { d, _ in d.day == 15 },
        OccurrenceCase(rule: "every 6 months", anchor: at(2026, 8, 31, 9)) { d, a in
            monthsBetween(a, d) % 6 == 0 && d.day == min(31, lastDay(d))
        },
        OccurrenceCase(rule: "monthly on the last day", anchor: at(2026, 11, 30, 9)) { d, _ in d.day == lastDay(d) },
        OccurrenceCase(rule: "monthly on the 2nd tue", anchor: at(2026, 11, 10, 9)) { d, _ in
            d.weekday == .tuesday && nth(d) == 2
        },
        OccurrenceCase(rule: "monthly on the last fri", anchor: at(2026, 11, 27, 9)) { d, _ in
            d.weekday == .friday && isLast(d)
        },
        OccurrenceCase(rule: "monthly on the 1st mon", anchor: at(2026, 11, 2, 9)) { d, _ in
            d.weekday == .monday && nth(d) == 1
        },
        OccurrenceCase(rule: "monthly on the 3rd wed", anchor: at(2026, 11, 18, 9)) { d, _ in
            d.weekday == .wednesday && nth(d) == 3
        },
        OccurrenceCase(rule: "monthly on the 4th sun", anchor: at(2026, 11, 22, 9)) { d, _ in
            d.weekday == .sunday && nth(d) == 4
        },
        OccurrenceCase(rule: "yearly", anchor: at(2026, 11, 25, 9)) { d, _ in d.month == 11 && d.day == 25 },
        // Clamped: Feb 28 in common years.
        OccurrenceCase(rule: "yearly", anchor: at(2028, 2, 29, 9), years: 172) { d, _ in
            d.month == 2 && d.day == lastDay(d)
        },
        // RFC 5545: leap years only, and 2100 is not one.
        OccurrenceCase(rule: "FREQ=YEARLY", anchor: at(2028, 2, 29, 9), years: 172) { d, _ in
            d.month == 2 && d.day == 29
        },
        OccurrenceCase(rule: "every 2 years", anchor: at(2026, 3, 15, 9)) { d, a in
            (d.year - a.year) % 2 == 0 && d.month == 3 && d.day == 15
        },
        // RFC 5545: the 31st, skipping shorter months.
        OccurrenceCase(rule: "FREQ=MONTHLY", anchor: at(2026, 1, 31, 9)) { d, _ in d.day == 31 },
        OccurrenceCase(rule: "FREQ=MONTHLY;BYMONTHDAY=-1", anchor: at(2026, 1, 31, 9)) { d, _ in d.day == lastDay(d) },
        OccurrenceCase(rule: "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1,15", anchor: at(2026, 1, 1, 9)) { d, a in
            monthsBetween(a, d) % 2 == 0 && (d.day == 1 || d.day == 15)
        },
        OccurrenceCase(rule: "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", anchor: at(2026, 2, 13, 9)) { d, _ in
            d.weekday == .friday && d.day == 13
        },
        OccurrenceCase(rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", anchor: at(2026, 11, 30, 17)) { d, _ in
            d.weekday.rawValue <= 5
                && stride(from: 1, through: lastDay(d) - d.day, by: 1).allSatisfy {
                    d.adding(days: $0).weekday.rawValue > 5
                }
        },
        OccurrenceCase(rule: "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", anchor: at(2026, 11, 26, 12)) { d, _ in
            d.month == 11 && d.weekday == .thursday && nth(d) == 4
        },
        OccurrenceCase(rule: "FREQ=YEARLY;BYDAY=20MO", anchor: at(2026, 5, 18, 9)) { d, _ in
            d.weekday == .monday && date(d.year, 1, 1).days(until: d) / 7 == 19
        },
        OccurrenceCase(rule: "FREQ=YEARLY;BYMONTHDAY=1", anchor: at(2026, 12, 1, 9)) { d, _ in d.day == 1 },
        OccurrenceCase(rule: "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29", anchor: at(2028, 2, 29, 9), years: 30) { d, _ in
            d.month == 2 && d.day == 29
        },
        OccurrenceCase(rule: "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1", anchor: at(2026, 1, 31, 9)) { d, _ in
            d.day == lastDay(d)
        },
        OccurrenceCase(rule: "FREQ=YEARLY;BYYEARDAY=1,100,-1", anchor: at(2026, 1, 1, 9)) { d, _ in
            ordinal(d) == 1 || ordinal(d) == 100 || ordinal(d) == ordinal(date(d.year, 12, 31))
        },
        OccurrenceCase(rule: "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", anchor: at(2026, 5, 11, 9)) { d, _ in
            d.weekday == .monday && isoWeek(d) == 20
        },
        OccurrenceCase(rule: "FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO,TH", anchor: at(2026, 1, 1, 9), years: 20) { d, _ in
            (d.weekday == .monday || d.weekday == .thursday) && isoWeek(d) == 1
        },
    ]

    /// The anchor, then every matching date after it, day by day, at the anchor's time.
    static func bruteForce(_ testCase: OccurrenceCase) -> [CivilDateTime] {
        var expected = [testCase.anchor]
        var day = testCase.anchor.date.adding(days: 1)
        let end = date(testCase.anchor.date.year + testCase.years, testCase.anchor.date.month, 1)
        while day < end {
            if testCase.matches(day, testCase.anchor.date) {
                expected.append(CivilDateTime(date: day, time: testCase.anchor.time))
            }
            day = day.adding(days: 1)
        }
        return expected
    }

    @Test("every rule kind hits exactly the dates a day-by-day check finds, over years", arguments: cases)
    func matchesBruteForce(testCase: OccurrenceCase) throws {
        let series = try RecurrenceSeries(rule: try Recurrence.parse(testCase.rule), anchor: testCase.anchor)
        let expected = Self.bruteForce(testCase)
        let end = CivilDateTime(date: date(testCase.anchor.date.year + testCase.years, testCase.anchor.date.month, 1))
        let actual = Array(series.prefix { $0 < end })
        #expect(actual.count == expected.count)
        #expect(actual == expected)
        #expect(Set(actual).count == actual.count, "no duplicates")
        // next(after:) from points between occurrences, including ones not on the rule's grid.
        var point = testCase.anchor.adding(seconds: -3600)
        while point < end {
            let next = series.next(after: point)
            if let want = expected.first(where: { $0 > point }) {
                #expect(next == want, "after \(point)")
            } else {
                #expect(next.map { $0 >= end } ?? true, "after \(point), beyond the window")
            }
            point = point.adding(seconds: 86_400 * 13 + 3600 * 5 + 17)
        }
    }

    @Test("COUNT is counted from the anchor, the anchor being occurrence 1")
    func countFromAnchor() throws {
        let daily = try RecurrenceSeries(rule: try Recurrence.parse("daily for 10 times"), anchor: at(2026, 11, 25, 9))
        #expect(Array(daily) == (0..<10).map { CivilDateTime(date: date(2026, 11, 25).adding(days: $0), hour: 9) })
        #expect(daily.bound == at(2026, 12, 4, 9))
        #expect(daily.next(after: at(2026, 12, 4, 9)) == nil)

        // The anchor is a Friday, off the rule; it still counts.
        let weekly = try RecurrenceSeries(
            rule: try Recurrence.parse("weekly on mon,wed count 5"), anchor: at(2026, 11, 27, 8))
        #expect(
            Array(weekly) == [
                at(2026, 11, 27, 8), at(2026, 11, 30, 8), at(2026, 12, 2, 8), at(2026, 12, 7, 8), at(2026, 12, 9, 8),
            ])

        let once = try RecurrenceSeries(
            rule: try Recurrence.parseRRULE("FREQ=DAILY;COUNT=1"), anchor: at(2026, 11, 25, 9))
        #expect(Array(once) == [at(2026, 11, 25, 9)])
    }

    @Test("UNTIL is inclusive, as a date or a date-time")
    func untilIsInclusive() throws {
        let monthly = try RecurrenceSeries(
            rule: try Recurrence.parse("monthly until 2027-01-31"), anchor: at(2026, 10, 31, 18))
        #expect(
            Array(monthly) == [at(2026, 10, 31, 18), at(2026, 11, 30, 18), at(2026, 12, 31, 18), at(2027, 1, 31, 18)])

        let local = try RecurrenceSeries(
            rule: try Recurrence.parseRRULE("FREQ=DAILY;UNTIL=20261127T090000"), anchor: at(2026, 11, 25, 9))
        #expect(Array(local) == [at(2026, 11, 25, 9), at(2026, 11, 26, 9), at(2026, 11, 27, 9)])

        // 14:00Z is 09:00 in New York in November: inclusive.
        let zoned = try RecurrenceSeries(
            rule: try Recurrence.parseRRULE("FREQ=DAILY;UNTIL=20261127T140000Z"), anchor: at(2026, 11, 25, 9),
            zone: FoundationZone.newYork)
        #expect(Array(zoned).count == 3)
        let berlin = try RecurrenceSeries(
            rule: try Recurrence.parseRRULE("FREQ=DAILY;UNTIL=20261127T140000Z"), anchor: at(2026, 11, 25, 9),
            zone: FoundationZone.berlin)
        #expect(Array(berlin).count == 3)
        // 00:00Z is 09:00 in Tokyo: inclusive; one second earlier is not.
        let tokyo = FixedOffset(seconds: 9 * 3600)
        let through = try RecurrenceSeries(
            rule: try Recurrence.parseRRULE("FREQ=DAILY;UNTIL=20261127T000000Z"), anchor: at(2026, 11, 25, 9),
            zone: tokyo)
        #expect(Array(through) == [at(2026, 11, 25, 9), at(2026, 11, 26, 9), at(2026, 11, 27, 9)])
        let before = try RecurrenceSeries(
            rule: try Recurrence.parseRRULE("FREQ=DAILY;UNTIL=20261126T235959Z"), anchor: at(2026, 11, 25, 9),
            zone: tokyo)
        #expect(Array(before) == [at(2026, 11, 25, 9), at(2026, 11, 26, 9)])
    }

    @Test("an end before the first due is refused")
    func endBeforeAnchor() {
        #expect(throws: KitError.self) {
            try RecurrenceSeries(rule: try Recurrence.parse("daily until 2026-01-01"), anchor: at(2026, 11, 25, 9))
        }
    }

    @Test("a rule that never occurs after its anchor is refused, saying so")
    func neverAfterAnchor() {
        for (rule, anchor) in [
            ("FREQ=MONTHLY;BYMONTH=2", at(2026, 1, 30, 9)),
            ("FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=31", at(2026, 4, 30, 9)),
            ("FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29", at(2025, 2, 1, 9)),
            ("FREQ=YEARLY;BYMONTH=4", at(2026, 1, 31, 9)),
        ] {
            do {
                _ = try RecurrenceSeries(rule: try Recurrence.parseRRULE(rule), anchor: anchor)
                Issue.record("\(rule) from \(anchor) was accepted")
            } catch {
                #expect(error.message.contains("never occurs"), "\(error.message)")
            }
        }
    }

    @Test("the next occurrence ten years on is right for every kind of rule")
    func jumpsFarAhead() throws {
        let anchor = at(2026, 11, 25, 9)
        let far = at(2036, 11, 25, 12)
        let rules = [
            "daily", "weekly on mon,wed", "every 2 weeks on tue,thu", "monthly on the 2nd tue", "yearly",
            "every 3 days",
        ]
        // How fast this is, is a figure for a benchmark; the test holds the answers.
        for text in rules {
            let series = try RecurrenceSeries(rule: try Recurrence.parse(text), anchor: anchor)
            for offset in 0..<200 {
                let next = series.next(after: far.adding(days: offset))
                #expect(next.map { $0 > far.adding(days: offset) } == true)
            }
        }
        let daily = try RecurrenceSeries(rule: try Recurrence.parse("daily"), anchor: anchor)
        #expect(daily.next(after: far) == at(2036, 11, 26, 9))
        let leap = try RecurrenceSeries(rule: try Recurrence.parseRRULE("FREQ=YEARLY"), anchor: at(2028, 2, 29, 9))
        #expect(leap.next(after: at(2096, 3, 1)) == at(2104, 2, 29, 9))
    }

    @Test("occurrences through a date come in order, from the anchor or after a point")
    func occurrencesThrough() throws {
        let series = try RecurrenceSeries(rule: try Recurrence.parse("weekly"), anchor: at(2026, 11, 25, 9))
        #expect(
            series.occurrences(through: at(2026, 12, 9, 9)) == [
                at(2026, 11, 25, 9), at(2026, 12, 2, 9), at(2026, 12, 9, 9),
            ])
        #expect(
            series.occurrences(after: at(2026, 12, 2, 9), through: at(2026, 12, 31)) == [
                at(2026, 12, 9, 9), at(2026, 12, 16, 9), at(2026, 12, 23, 9), at(2026, 12, 30, 9),
            ])
        #expect(series.occurrences(through: at(2030, 1, 1), limit: 2).count == 2)
    }
}
