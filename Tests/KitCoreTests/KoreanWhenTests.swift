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
            ("삼일절", at(2027, 3, 1, 9), true), ("신정", at(2027, 1, 1, 9), true),
            ("내일 오후 3시까지", at(2026, 11, 27, 15), false), ("금요일 저녁 7시에", at(2026, 11, 27, 19), false),
            ("45분 후", at(2026, 11, 26, 5, 15), false), ("두 시간 뒤", at(2026, 11, 26, 6, 30), false),
            ("1시간 15분 후", at(2026, 11, 26, 5, 45), false), ("10분 안에", at(2026, 11, 26, 4, 40), false),
            ("한 시간 내에", at(2026, 11, 26, 5, 30), false), ("사흘 뒤", at(2026, 11, 29, 4, 30), false),
            ("일주일 후", at(2026, 12, 3, 4, 30), false), ("반 시간 후", at(2026, 11, 26, 5), false),
            ("사흘 뒤 오후 3시", at(2026, 11, 29, 15), false),
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
            ("어제", "in the past"), ("어제 오후 3시", "in the past"), ("설날", "lunar calendar"),
            ("추석", "lunar calendar"), ("45분 전", "in the past"), ("저녁 3시", "cannot read"),
            ("오후 15시", "cannot read"), ("2월 30일", "no day 30"), ("다음 주", "cannot read"),
            ("사과", "cannot read"), ("3월 14일 토요일", "is a Sunday"), ("오늘 새벽 3시", "already passed"),
            ("6월 다섯째 금요일", "no fifth Friday"),
        ])
    func refuses(text: String, message: String) {
        #expect {
            try Self.resolve(text)
        } throws: { error in
            (error as? KitError)?.message.contains(message) == true
        }
    }
}
