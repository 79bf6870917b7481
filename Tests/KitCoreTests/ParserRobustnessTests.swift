import KitCore
import KitTestValues
import Testing

@Suite("No input crashes a parser")
struct ParserRobustnessTests {
    static let fragments = [
        "FREQ=", "DAILY", "WEEKLY", "MONTHLY", "YEARLY", ";", "=", ",", "BYDAY=", "BYMONTHDAY=", "BYMONTH=",
        "RSCALE=DANGI;", "RSCALE=CHINESE;", "6L", "30", "SKIP=FORWARD", "SKIP=BACKWARD", "SKIP=OMIT",
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

    static let koreanFragments = [
        "오전", "오후", "새벽", "밤", "자정", "정오", "세", "열두", "스물", "시", "시간", "반", "분", "초", "전", "후", "뒤",
        "일", "이", "삼", "십", "백", "천", "만", "월", "요일", "금요일", "일요일", "매주", "매월", "매년", "격주", "마다", "번",
        "까지", "말일", "마지막", "날", "둘째", "다음", "주", "달", "이번", "내일", "모레", "어제", "추석", "년", "·", ",", " ",
        "0", "12", "99999999999", "1.5", "3/14", "2027-03-14", "14:30", "3pm", "s", "\u{1109}\u{1175}", "\u{0}",
        "음력", "윤", "설날", "그믐", "보름", "정월", "섣달", "생일", "주말", "안", "내", "아침", "저녁", "지난", "그저께",
        "을(를)", "(이)라는", "(으)로", "'", "2150", "13", "31",
    ]

    @Test("random Korean text through the Korean readers throws or succeeds, never traps")
    func randomKorean() {
        var generator = SplitMix64(seed: 20_261_128)
        let now = utc("2026-11-25T19:30:00Z")
        for _ in 0..<4000 {
            let count = Int.random(in: 0...14, using: &generator)
            let text = (0..<count).map { _ in Self.koreanFragments.randomElement(using: &generator)! }.joined()
            _ = try? WhenExpression.parse(text).resolve(now: now, in: FixedOffset(seconds: 9 * 3600))
            _ = try? DurationParser.parse(text)
            _ = try? DurationParser.parseSigned(text)
            _ = try? Recurrence.parse(text)
            _ = try? PreAlerts.parse(text)
            _ = try? SaidDay.parse(text, today: CivilDate(year: 2026, month: 11, day: 26))
            _ = KoreanParticles.attach(text)
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
