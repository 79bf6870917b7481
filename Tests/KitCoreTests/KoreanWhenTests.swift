import KitCore
import KitTestValues
import Testing

@Suite("Reading due times in Korean")
struct KoreanWhenTests {
    /// Thursday 2026-11-26, 04:30 in Seoul (KST, UTC+9).
    static let early = utc("2026-11-25T19:30:00Z")
    /// The same Thursday, 16:00.
    static let afternoon = utc("2026-11-26T07:00:00Z")
    static let zone = FoundationZone.seoul

    static func resolve(_ text: String, now: WallTime = early) throws(KitError) -> ResolvedWhen {
        try WhenExpression.parse(text).resolve(now: now, in: zone)
    }

    @Test(
        "days, dates and times read as a Korean speaker means them, at 04:30 on a Thursday",
        arguments: [
            ("내일 오전 9시", at(2026, 11, 27, 9), false), ("내일오전9시", at(2026, 11, 27, 9), false),
            ("오후 세 시 반", at(2026, 11, 26, 15, 30), false), ("오후세시반", at(2026, 11, 26, 15, 30), false),
            ("세 시 반", at(2026, 11, 26, 15, 30), false), ("아침 7시", at(2026, 11, 26, 7), false),
            ("밤 10시", at(2026, 11, 26, 22), false), ("새벽 1시", at(2026, 11, 27, 1), false),
            ("정오", at(2026, 11, 26, 12), false), ("자정", at(2026, 11, 27, 0), false),
            ("오늘 자정", at(2026, 11, 27, 0), false), ("오늘 밤 12시", at(2026, 11, 27, 0), false),
            ("네 시 십 분 전", at(2026, 11, 26, 15, 50), false), ("세 시 이십 분", at(2026, 11, 26, 15, 20), false),
            ("열두 시", at(2026, 11, 26, 12), false), ("5시", at(2026, 11, 26, 5), false),
            ("14:30", at(2026, 11, 26, 14, 30), false), ("15시", at(2026, 11, 26, 15), false),
            ("모레 3pm", at(2026, 11, 28, 15), false), ("모레 오후 3시", at(2026, 11, 28, 15), false),
            ("모레 14:30", at(2026, 11, 28, 14, 30), false), ("글피", at(2026, 11, 29, 9), true),
            ("내일모레", at(2026, 11, 28, 9), true), ("내일", at(2026, 11, 27, 9), true),
            ("금요일", at(2026, 11, 27, 9), true), ("목요일 오후 3시", at(2026, 11, 26, 15), false),
            ("다음 주 월요일", at(2026, 11, 30, 9), true), ("다음주 월요일 10시", at(2026, 11, 30, 10), false),
            ("이번 주 토요일 오후 2시", at(2026, 11, 28, 14), false), ("다다음주 월요일", at(2026, 12, 7, 9), true),
            ("다음 금요일", at(2026, 11, 27, 9), true),
            ("3월 14일", at(2027, 3, 14, 9), true), ("12월 25일 오후 6시", at(2026, 12, 25, 18), false),
            ("2027년 3월 14일", at(2027, 3, 14, 9), true), ("이천이십칠년 삼월 십사일", at(2027, 3, 14, 9), true),
            ("2027/3/14", at(2027, 3, 14, 9), true), ("3/14", at(2027, 3, 14, 9), true),
            ("2027-03-14 오후 3시", at(2027, 3, 14, 15), false), ("3월 14일 일요일", at(2027, 3, 14, 9), true),
            ("14일", at(2026, 12, 14, 9), true), ("30일", at(2026, 11, 30, 9), true),
            ("31일", at(2026, 12, 31, 9), true), ("이십칠일", at(2026, 11, 27, 9), true),
            ("십일월 삼십일", at(2026, 11, 30, 9), true), ("시월 구일", at(2027, 10, 9, 9), true),
            ("다음 달 14일", at(2026, 12, 14, 9), true), ("내년 1월 2일", at(2027, 1, 2, 9), true),
            ("5월 둘째 토요일", at(2027, 5, 8, 9), true), ("5월 두번째 토요일", at(2027, 5, 8, 9), true),
            ("5월 마지막 금요일", at(2027, 5, 28, 9), true), ("2월 마지막 날", at(2027, 2, 28, 9), true),
            ("다음 달 말일", at(2026, 12, 31, 9), true), ("말일", at(2026, 11, 30, 9), true),
            ("크리스마스", at(2026, 12, 25, 9), true), ("크리스마스 이브", at(2026, 12, 24, 9), true),
            ("어린이날", at(2027, 5, 5, 9), true), ("한글날 오전 10시", at(2027, 10, 9, 10), false),
            ("삼일절", at(2027, 3, 1, 9), true), ("신정", at(2027, 1, 1, 9), true), ("노동절", at(2027, 5, 1, 9), true),
            ("기독탄신일", at(2026, 12, 25, 9), true),
            ("내일 오후 3시까지", at(2026, 11, 27, 15), false), ("금요일 저녁 7시에", at(2026, 11, 27, 19), false),
            ("45분 후", at(2026, 11, 26, 5, 15), false), ("두 시간 뒤", at(2026, 11, 26, 6, 30), false),
            ("1시간 15분 후", at(2026, 11, 26, 5, 45), false), ("10분 안에", at(2026, 11, 26, 4, 40), false),
            ("한 시간 내에", at(2026, 11, 26, 5, 30), false), ("사흘 뒤", at(2026, 11, 29, 4, 30), false),
            ("일주일 후", at(2026, 12, 3, 4, 30), false), ("반 시간 후", at(2026, 11, 26, 5), false),
            ("사흘 뒤 오후 3시", at(2026, 11, 29, 15), false), ("15분안", at(2026, 11, 26, 4, 45), false),
            ("한시간내", at(2026, 11, 26, 5, 30), false), ("두시간반 안", at(2026, 11, 26, 7), false),
            ("1주일내", at(2026, 12, 3, 4, 30), false), ("10분 내", at(2026, 11, 26, 4, 40), false),
            // A part of the day alone has its hour; a week or weekend alone its first day.
            ("내일 아침", at(2026, 11, 27, 8), false), ("모레 점심", at(2026, 11, 28, 12), false),
            ("오늘 저녁", at(2026, 11, 26, 18), false), ("저녁", at(2026, 11, 26, 18), false),
            ("내일 밤", at(2026, 11, 27, 21), false), ("금요일 오후", at(2026, 11, 27, 15), false),
            ("이번 주말", at(2026, 11, 28, 9), true), ("주말", at(2026, 11, 28, 9), true),
            ("다음 주말", at(2026, 12, 5, 9), true), ("다음 주", at(2026, 11, 30, 9), true),
            ("다음주 월요일 아침", at(2026, 11, 30, 8), false),
            ("2026.12.01", at(2026, 12, 1, 9), true), ("2026. 12. 1.", at(2026, 12, 1, 9), true),
            ("2026-12-1", at(2026, 12, 1, 9), true), ("2026/12/1", at(2026, 12, 1, 9), true),
            ("12/01", at(2026, 12, 1, 9), true), ("2026.12.1 18:00", at(2026, 12, 1, 18), false),
            ("2026. 12. 1. 오후 3시", at(2026, 12, 1, 15), false),
            // An English day before a Korean time, as 모레 3pm has a Korean one before an English time.
            ("tomorrow 오후 12시", at(2026, 11, 27, 12), false), ("fri 오후 3시", at(2026, 11, 27, 15), false),
            ("Thursday 오후 3시", at(2026, 11, 26, 15), false), ("thurs 저녁", at(2026, 11, 26, 18), false),
            ("next mon 아침", at(2026, 11, 30, 8), false), ("today at 오후 2시", at(2026, 11, 26, 14), false),
        ])
    func reads(text: String, civil: CivilDateTime, allDay: Bool) throws {
        let resolved = try Self.resolve(text)
        #expect(resolved.civil == civil)
        #expect(resolved.allDay == allDay)
    }

    @Test("an hour without 오전 or 오후 is the sooner of its two readings still ahead")
    func eitherHalf() throws {
        #expect(try Self.resolve("세 시 반", now: Self.early).civil == at(2026, 11, 26, 15, 30))
        #expect(try Self.resolve("세 시 반", now: Self.afternoon).civil == at(2026, 11, 27, 3, 30))
        #expect(try Self.resolve("내일 세 시", now: Self.afternoon).civil == at(2026, 11, 27, 3))
        #expect(throws: KitError.self) { try Self.resolve("오늘 세 시", now: Self.afternoon) }
        // A time alone that has passed today means tomorrow.
        #expect(try Self.resolve("오후 3시", now: Self.afternoon).civil == at(2026, 11, 27, 15))
        #expect(try Self.resolve("새벽 3시", now: Self.afternoon).civil == at(2026, 11, 27, 3))
    }

    @Test(
        "an hour of 12 is noon under 오후, 낮 and 점심, and midnight under 오전, 새벽 and 밤",
        arguments: [
            ("내일 오후 12시", at(2026, 11, 27, 12)), ("내일 오후 12시 30분", at(2026, 11, 27, 12, 30)),
            ("내일 오후 열두 시 반", at(2026, 11, 27, 12, 30)), ("내일 오후 12:30", at(2026, 11, 27, 12, 30)),
            ("내일 오후 12pm", at(2026, 11, 27, 12)), ("내일 낮 12시", at(2026, 11, 27, 12)),
            ("내일 점심 12시", at(2026, 11, 27, 12)), ("내일 점심 12시 10분", at(2026, 11, 27, 12, 10)),
            ("내일 오전 12시", at(2026, 11, 27, 0)), ("내일 오전 12시 30분", at(2026, 11, 27, 0, 30)),
            ("내일 오전 12:30", at(2026, 11, 27, 0, 30)), ("내일 새벽 12시", at(2026, 11, 27, 0)),
            ("내일 밤 12시", at(2026, 11, 28, 0)), ("내일 밤 12시 30분", at(2026, 11, 28, 0, 30)),
            ("내일 12시", at(2026, 11, 27, 12)), ("내일 12시 30분", at(2026, 11, 27, 12, 30)),
            ("내일 열두 시 십 분 전", at(2026, 11, 27, 11, 50)), ("오후 12시", at(2026, 11, 26, 12)),
            ("내일 12pm", at(2026, 11, 27, 12)), ("내일 12am", at(2026, 11, 27, 0)),
            ("내일 12:30pm", at(2026, 11, 27, 12, 30)), ("내일 12:30am", at(2026, 11, 27, 0, 30)),
        ])
    func twelve(text: String, civil: CivilDateTime) throws {
        #expect(try Self.resolve(text).civil == civil)
    }

    @Test("12시 alone after noon is the midnight that ends the day, and 12 under 아침 or 저녁 is refused")
    func twelveLater() throws {
        #expect(try Self.resolve("12시", now: Self.afternoon).civil == at(2026, 11, 27, 0))
        #expect(try Self.resolve("오늘 12시", now: Self.afternoon).civil == at(2026, 11, 27, 0))
        #expect(try Self.resolve("내일 12시", now: Self.afternoon).civil == at(2026, 11, 27, 12))
        #expect(throws: KitError.self) { try Self.resolve("내일 아침 12시") }
        #expect(throws: KitError.self) { try Self.resolve("내일 저녁 12시") }
    }

    @Test("Hangul that arrives as conjoining jamo (NFD) reads as the composed text does")
    func nfd() throws {
        // 내일 오전 9시, decomposed.
        let decomposed =
            "\u{1102}\u{1162}\u{110B}\u{1175}\u{11AF} \u{110B}\u{1169}\u{110C}\u{1165}\u{11AB} 9\u{1109}\u{1175}"
        #expect(try Self.resolve(decomposed).civil == at(2026, 11, 27, 9))
    }

    @Test(
        "refuses what it cannot place, saying why",
        arguments: [
            ("어제", "in the past"), ("어제 오후 3시", "in the past"), ("45분 전", "in the past"), ("저녁 3시", "cannot read"),
            ("오후 15시", "cannot read"), ("2월 30일", "no day 30"), ("이번 주", "cannot read"),
            ("사과", "cannot read"), ("3월 14일 토요일", "is a Sunday"), ("오늘 새벽 3시", "already passed"),
            ("6월 다섯째 금요일", "no fifth Friday"), ("tomorrow 오후 15시", "cannot read"),
            ("next 오후 3시", "cannot read"), ("fryday 오후 3시", "cannot read"), ("tomorrow 사과", "cannot read"),
        ])
    func refuses(text: String, message: String) {
        #expect {
            try Self.resolve(text)
        } throws: { error in
            (error as? KitError)?.message.contains(message) == true
        }
    }
}

@Suite("Korean due times at the awkward instants")
struct KoreanWhenInstantTests {
    static let seoul = FoundationZone.seoul

    static func resolve(_ text: String, at now: String, in zone: some UTCOffsets = seoul) throws(KitError)
        -> ResolvedWhen
    {
        try WhenExpression.parse(text).resolve(now: utc(now), in: zone)
    }

    @Test(
        "late on a Friday evening (21:30), where 오후 3시 and 세 시 have passed",
        arguments: [
            ("오후 3시", at(2026, 11, 28, 15)), ("세 시", at(2026, 11, 28, 3)), ("아홉 시 반", at(2026, 11, 28, 9, 30)),
            ("열 시", at(2026, 11, 27, 22)), ("밤 11시", at(2026, 11, 27, 23)), ("자정", at(2026, 11, 28, 0)),
            ("세 시 반 ", at(2026, 11, 28, 3, 30)), ("내일 오후 3시", at(2026, 11, 28, 15)),
        ])
    func lateEvening(text: String, civil: CivilDateTime) throws {
        #expect(try Self.resolve(text, at: "2026-11-27T12:30:00Z").civil == civil)
    }

    @Test("late in the evening, a time today that has passed is refused, not moved")
    func lateEveningToday() {
        #expect(throws: KitError.self) { try Self.resolve("오늘 오후 3시", at: "2026-11-27T12:30:00Z") }
    }

    @Test(
        "on a Sunday morning (10:00): this week ends today, next week begins tomorrow",
        arguments: [
            ("일요일", at(2026, 12, 6, 9)), ("일요일 오후 3시", at(2026, 11, 29, 15)),
            ("이번 주 일요일 오후 6시", at(2026, 11, 29, 18)), ("다음 주 월요일", at(2026, 11, 30, 9)),
            ("다음 월요일", at(2026, 11, 30, 9)), ("다음 주 일요일", at(2026, 12, 6, 9)),
        ])
    func sunday(text: String, civil: CivilDateTime) throws {
        #expect(try Self.resolve(text, at: "2026-11-29T01:00:00Z").civil == civil)
    }

    @Test("on a Sunday, this week's Saturday has passed")
    func sundaySaturday() {
        #expect(throws: KitError.self) { try Self.resolve("이번 주 토요일", at: "2026-11-29T01:00:00Z") }
    }

    @Test(
        "on 31 January (10:00), next month is February",
        arguments: [
            ("다음 달 말일", at(2027, 2, 28, 9)), ("다음 달 14일", at(2027, 2, 14, 9)), ("말일", at(2027, 2, 28, 9)),
            ("31일", at(2027, 3, 31, 9)), ("다음 달 첫째 월요일", at(2027, 2, 1, 9)),
        ])
    func endOfJanuary(text: String, civil: CivilDateTime) throws {
        #expect(try Self.resolve(text, at: "2027-01-31T01:00:00Z").civil == civil)
    }

    @Test("on 31 January, 다음 달 31일 is refused: February has no 31st")
    func noFebruary31() {
        #expect {
            try Self.resolve("다음 달 31일", at: "2027-01-31T01:00:00Z")
        } throws: { error in
            (error as? KitError)?.message.contains("2027-02 has no day 31") == true
        }
    }

    @Test(
        "around a leap day",
        arguments: [
            ("내일", "2028-02-28T03:00:00Z", at(2028, 2, 29, 9)), ("2월 29일", "2028-02-28T03:00:00Z", at(2028, 2, 29, 9)),
            ("2월 마지막 날", "2028-02-28T03:00:00Z", at(2028, 2, 29, 9)),
            ("2월 29일", "2026-11-27T03:00:00Z", at(2028, 2, 29, 9)),
            ("2월 마지막 날", "2026-11-27T03:00:00Z", at(2027, 2, 28, 9)),
        ])
    func leapDay(text: String, now: String, civil: CivilDateTime) throws {
        #expect(try Self.resolve(text, at: now).civil == civil)
    }

    @Test("2027년 2월 29일 and 2월 30일 do not exist and are refused, not rolled over")
    func missingDays() {
        for text in ["2027년 2월 29일", "2월 30일", "다음 주 팔요일"] {
            #expect(throws: KitError.self, "\(text)") { try Self.resolve(text, at: "2026-11-27T03:00:00Z") }
        }
    }

    @Test("두 시간 뒤 is two hours of real time across a change of daylight saving time")
    func acrossDST() throws {
        let newYork = FoundationZone.newYork
        // 00:30 EDT on the night clocks fall back: two hours on is 01:30 EST, the second one.
        let fall = try Self.resolve("두 시간 뒤", at: "2026-11-01T04:30:00Z", in: newYork)
        #expect(fall.instant == utc("2026-11-01T06:30:00Z"))
        #expect(fall.civil == at(2026, 11, 1, 1, 30))
        // 01:30 EST on the night clocks spring forward: two hours on is 04:30 EDT.
        let spring = try Self.resolve("두 시간 뒤", at: "2027-03-14T06:30:00Z", in: newYork)
        #expect(spring.instant == utc("2027-03-14T08:30:00Z"))
        #expect(spring.civil == at(2027, 3, 14, 4, 30))
    }
}

@Suite("Dates as Koreans write them, wherever a date is read")
struct WrittenDateTests {
    @Test(
        "every written form is the same date",
        arguments: ["2026-12-01", "2026-12-1", "2026.12.01", "2026.12.1", "2026. 12. 1.", "2026/12/1", " 2026.12.01 "])
    func forms(text: String) throws {
        #expect(try CivilDate.parseWritten(text) == CivilDate(year: 2026, month: 12, day: 1))
    }

    @Test(
        "a date that does not exist is refused, and so is what is no date",
        arguments: ["2026.2.30", "2026.13.1", "2026-12", "12.1", "2026.12-1"])
    func refused(text: String) {
        #expect(throws: KitError.self) { try CivilDate.parseWritten(text) }
    }

    @Test("the diary, the agenda month and repeat rules read them")
    func elsewhere() throws {
        let today = CivilDate(year: 2026, month: 11, day: 28)
        #expect(
            try DiaryWhen.parse("2026.11.20 21:30", today: today)
                == DiaryWhen(day: CivilDate(year: 2026, month: 11, day: 20), time: TimeOfDay(hour: 21, minute: 30)))
        #expect(try DiaryRef.parse("2026. 11. 20.", today: today) == .day(CivilDate(year: 2026, month: 11, day: 20)))
        #expect(try DiaryMonth.parse("2026.11.20") == DiaryMonth(containing: CivilDate(year: 2026, month: 11, day: 1)))
        #expect(try Recurrence.parse("daily until 2027.1.31").rrule == Recurrence.parse("daily until 2027-01-31").rrule)
        #expect(try Recurrence.parse("매일 2027.1.31까지").rrule == Recurrence.parse("daily until 2027-01-31").rrule)
    }
}
