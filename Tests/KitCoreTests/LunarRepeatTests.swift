import KitCore
import KitTestValues
import Testing

@Suite("음력 due dates and yearly lunar repeats")
struct LunarRepeatTests {
    /// Thursday 2026-11-26, 04:30 in Seoul: 음력 2026년 10월 18일.
    static let now = utc("2026-11-25T19:30:00Z")

    static func resolve(_ text: String) throws(KitError) -> ResolvedWhen {
        try WhenExpression.parse(text).resolve(now: now, in: FoundationZone.seoul)
    }

    static func chinese(_ year: Int, _ month: Int, _ day: Int) throws -> CivilDateTime {
        let date = try #require(
            LunarCalendar.chinese.date(LunarDate(year: year, month: month, isLeap: false, day: day)))
        return CivilDateTime(date: date, hour: 9, minute: 0, second: 0)
    }

    static func kasi(_ year: Int, _ month: Int, _ day: Int, leap: Bool = false, _ hour: Int = 9) -> CivilDateTime {
        guard let date = KASITable.date(year: year, month: month, isLeap: leap, day: day) else {
            fatalError("KASI has no \(year) \(month) \(day)")
        }
        return CivilDateTime(date: date, hour: hour, minute: 0, second: 0)
    }

    @Test(
        "a 음력 date is its next occurrence in KASI's calendar, in words or digits, with a time or all day",
        arguments: [
            ("음력 8월 15일", kasi(2027, 8, 15), true), ("음력 팔월 십오일", kasi(2027, 8, 15), true),
            ("음력 3월 14일 오후 7시", kasi(2027, 3, 14, 19), false), ("음력 11월 1일", kasi(2026, 11, 1), true),
            ("음력 윤6월 1일", kasi(2036, 6, 1, leap: true), true), ("2031년 음력 윤3월 1일", kasi(2031, 3, 1, leap: true), true),
            ("음력 2028년 5월 1일", kasi(2028, 5, 1), true), ("2028년 음력 윤5월 15일", kasi(2028, 5, 15, leap: true), true),
            ("음력 정월 보름", kasi(2027, 1, 15), true), ("음력 섣달 그믐", kasi(2026, 12, 30), true),
            ("음력 동짓달 초하루", kasi(2026, 11, 1), true), ("내년 음력 3월 14일", kasi(2027, 3, 14), true),
            // 음력 2027년 3월 has 29 days: its 30th is the 29th, as Korean calendars place it.
            ("음력 3월 30일", kasi(2027, 3, 29), true), ("2028년 음력 3월 30일", kasi(2028, 3, 30), true),
            ("설날", kasi(2027, 1, 1), true), ("설날 오전 10시", kasi(2027, 1, 1, 10), false),
            ("설", kasi(2027, 1, 1), true), ("추석", kasi(2027, 8, 15), true), ("한가위", kasi(2027, 8, 15), true),
            ("추석 전날", kasi(2027, 8, 14), true), ("설 연휴", kasi(2026, 12, 30), true),
            ("부처님오신날", kasi(2027, 4, 8), true), ("석가탄신일 오후 2시", kasi(2027, 4, 8, 14), false),
            ("정월 대보름", kasi(2027, 1, 15), true), ("단오", kasi(2027, 5, 5), true),
        ])
    func dueDates(text: String, civil: CivilDateTime, allDay: Bool) throws {
        let resolved = try Self.resolve(text)
        #expect(resolved.civil == civil)
        #expect(resolved.allDay == allDay)
    }

    @Test(
        "a lunar date kit cannot place is refused, saying why",
        arguments: [
            ("음력 13월 1일", "months 1 to 12"), ("음력 1월 31일", "29 or 30 days"),
            ("2027년 음력 윤3월 1일", "has no 윤3월 (it has no leap month)"),
            ("2028년 음력 윤3월 1일", "its leap month is 윤5월"), ("2150년 음력 1월 1일", "1900 to 2100"),
            ("2026년 음력 3월 14일", "in the past"),
        ])
    func refusals(text: String, message: String) {
        #expect {
            try Self.resolve(text)
        } throws: { error in
            (error as? KitError)?.message.contains(message) == true
        }
    }

    @Test(
        "Korean lunar repeat rules read as RFC 7529 rules with SKIP=BACKWARD",
        arguments: [
            ("매년 음력 3월 14일", "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14;SKIP=BACKWARD"),
            ("매년음력3월14일", "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14;SKIP=BACKWARD"),
            ("해마다 음력 윤6월 1일", "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=6L;BYMONTHDAY=1;SKIP=BACKWARD"),
            ("음력 3월 14일마다", "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14;SKIP=BACKWARD"),
            ("음력 생일", "RSCALE=DANGI;FREQ=YEARLY;SKIP=BACKWARD"), ("매년 음력", "RSCALE=DANGI;FREQ=YEARLY;SKIP=BACKWARD"),
            ("음력으로 매년", "RSCALE=DANGI;FREQ=YEARLY;SKIP=BACKWARD"),
            ("2년마다 음력 8월 15일", "RSCALE=DANGI;FREQ=YEARLY;INTERVAL=2;BYMONTH=8;BYMONTHDAY=15;SKIP=BACKWARD"),
            ("매년 음력 3월 14일 10번", "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14;COUNT=10;SKIP=BACKWARD"),
        ])
    func koreanRules(text: String, rrule: String) throws {
        let rule = try Recurrence.parse(text)
        #expect(rule.rrule == rrule)
        #expect(try Recurrence.parse(rule.rrule) == rule)
    }

    @Test("ten years of 매년 음력 3월 14일, 2월 30일 and 윤6월 1일 are KASI's days")
    func tenYears() throws {
        func series(_ text: String, from anchor: CivilDateTime) throws -> [CivilDateTime] {
            let rule = try Recurrence.parse(text)
            let first = try #require(rule.firstOccurrence(onOrAfter: anchor))
            return Array(try RecurrenceSeries(rule: rule, anchor: first).prefix(10))
        }
        let start = at(2026, 11, 26, 9)
        #expect(try series("매년 음력 3월 14일", from: start) == (2027...2036).map { Self.kasi($0, 3, 14) })
        // The 30th where the month has it, else the 29th.
        let thirtieths = (2027...2036).map { year in
            KASITable.date(year: year, month: 2, day: 30).map { CivilDateTime(date: $0, hour: 9, minute: 0, second: 0) }
                ?? Self.kasi(year, 2, 29)
        }
        #expect(try series("매년 음력 2월 30일", from: start) == thirtieths)
        // 윤6월 where the year has it (2036), else 6월.
        let leapSixth = (2027...2036).map { year in
            LunarCalendar.dangi.leapMonth(ofYear: year) == 6 ? Self.kasi(year, 6, 1, leap: true) : Self.kasi(year, 6, 1)
        }
        #expect(try series("매년 음력 윤6월 1일", from: start) == leapSixth)
        #expect(leapSixth.contains(Self.kasi(2036, 6, 1, leap: true)))
    }

    @Test("a yearly lunar rule from 1900's 추석 gives KASI's 추석 every year through 2050")
    func everyChuseok() throws {
        let rule = try Recurrence.parseRRULE("RSCALE=DANGI;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15")
        let series = try RecurrenceSeries(rule: rule, anchor: Self.kasi(1900, 8, 15))
        let dates = Array(series.prefix(151))
        #expect(dates == (1900...2050).map { Self.kasi($0, 8, 15) })
    }

    @Test("a rule without BYMONTH and BYMONTHDAY takes its due's lunar date, and is said back in Korean")
    func fromDue() throws {
        let rule = try Recurrence.parse("음력 생일")
        let due = Self.kasi(2027, 3, 14)
        #expect(
            Array(try RecurrenceSeries(rule: rule, anchor: due).prefix(3)) == (2027...2029).map { Self.kasi($0, 3, 14) }
        )
        #expect(rule.koreanText(anchor: due.date) == "매년 음력 3월 14일")
        #expect(rule.rrule(anchor: due.date) == "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14;SKIP=BACKWARD")
        #expect(rule.friendlyText(anchor: due.date) == "yearly on lunar 3/14")
        let leap = try Recurrence.parse("매년 음력 윤6월 1일")
        #expect(leap.koreanText(anchor: Self.kasi(2036, 6, 1, leap: true).date) == "매년 음력 윤6월 1일")
    }

    @Test("the English form says a lunar rule back and reads it again as the same days; a month 13 is refused")
    func english() throws {
        for (text, anchor) in [
            ("yearly on lunar 8/15", Self.kasi(2027, 8, 15)),
            ("every 2 years on lunar leap 6/1", Self.kasi(2036, 6, 1, leap: true)),
            ("yearly on chinese lunar 1/1", try Self.chinese(2027, 1, 1)),
        ] {
            let rule = try Recurrence.parse(text)
            #expect(rule.friendlyText(anchor: anchor.date) == text)
            let again = try Recurrence.parse(try #require(rule.friendlyText(anchor: anchor.date)))
            #expect(
                Array(try RecurrenceSeries(rule: again, anchor: anchor).prefix(10))
                    == Array(try RecurrenceSeries(rule: rule, anchor: anchor).prefix(10)))
        }
        // The Korean and the English forms are one rule.
        let korean = try Recurrence.parse("매년 음력 8월 15일")
        let english = try Recurrence.parse("yearly on lunar 8/15")
        let chuseok = Self.kasi(2027, 8, 15)
        #expect(korean.rrule(anchor: chuseok.date) == english.rrule(anchor: chuseok.date))
        #expect(throws: KitError.self) { try Recurrence.parse("yearly on lunar 13/1") }
        #expect(throws: KitError.self) { try Recurrence.parse("yearly on lunar 8") }
        #expect(throws: KitError.self) { try Recurrence.parse("yearly on solar 8/15") }
    }

    @Test("RSCALE=CHINESE series follow China's calendar, and other scales and shapes are refused")
    func otherScales() throws {
        let chinese = try Recurrence.parseRRULE("RRULE:RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1")
        let series = try RecurrenceSeries(rule: chinese, anchor: at(2027, 2, 6))
        // China's new year 2027 is a day before Korea's, and 2028's too.
        #expect(
            Array(series.prefix(2)).map(\.date) == [
                CivilDate(year: 2027, month: 2, day: 6), CivilDate(year: 2028, month: 1, day: 26),
            ])
        for (rule, message) in [
            ("RSCALE=HEBREW;FREQ=YEARLY", "RSCALE=DANGI"), ("RSCALE=DANGI;FREQ=MONTHLY;BYMONTHDAY=1", "yearly"),
            ("RSCALE=DANGI;FREQ=YEARLY;BYMONTH=13;BYMONTHDAY=1", "1 to 12"),
            ("RSCALE=DANGI;FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=31", "29 or 30"),
            ("RSCALE=DANGI;FREQ=YEARLY;BYDAY=MO", "one BYMONTH"), ("RSCALE=DANGI;FREQ=YEARLY;SKIP=SIDEWAYS", "OMIT"),
        ] {
            #expect {
                try Recurrence.parseRRULE(rule)
            } throws: { error in
                (error as? KitError)?.message.contains(message) == true
            }
        }
    }
}
