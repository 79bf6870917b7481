import KitCore
import KitTestSupport

/// Issue 33's figure: how long reading a Korean due time takes, parse and placing in time.
enum KoreanFigures {
    static let phrases = [
        "내일 오전 9시", "오후 세 시 반", "세 시 반", "네 시 십 분 전", "모레 3pm", "다음 주 월요일 10시", "3월 14일 일요일",
        "이천이십칠년 삼월 십사일", "5월 둘째 토요일", "다음 달 말일", "45분 후", "한 시간 반 뒤", "사흘 뒤 오후 3시",
        "크리스마스 이브 저녁 7시", "2026. 12. 1. 오후 3시",
    ]

    static func whenParse(rounds: Int = 200) throws -> [Figure] {
        let now = WallTime(nanoseconds: 1_795_000_000 * Nanoseconds.nanosecondsPerSecond)
        let zone = FixedOffset(seconds: 9 * 3600)
        var parse: [Double] = []
        var whole: [Double] = []
        for _ in 0..<rounds {
            for phrase in phrases {
                let began = monotonicSeconds()
                let expression = try WhenExpression.parse(phrase)
                let parsed = monotonicSeconds()
                _ = try expression.resolve(now: now, in: zone)
                let resolved = monotonicSeconds()
                parse.append((parsed - began) * 1_000_000)
                whole.append((resolved - began) * 1_000_000)
            }
        }
        let p = Sample(parse)
        let w = Sample(whole)
        return [
            Figure(
                name: "a Korean due time read (\(phrases.count) phrases × \(rounds))", target: "",
                measured: "p50 \(format(p.median, 1)) µs, p99 \(format(p.percentile(99), 1)) µs",
                met: nil),
            Figure(
                name: "  read and placed in time", target: "",
                measured: "p50 \(format(w.median, 1)) µs, p99 \(format(w.percentile(99), 1)) µs", met: nil),
        ]
    }

    static let lunarPhrases = [
        "음력 8월 15일", "음력 3월 14일 오후 7시", "음력 윤6월 1일", "2031년 음력 윤3월 1일", "음력 섣달 그믐", "설날 오전 10시",
        "추석 전날",
    ]

    /// Issue 43's figures: reading a 음력 phrase (parse and place), and placing the next ten
    /// occurrences of a yearly lunar rule from its due.
    static func lunar(rounds: Int = 500) throws -> [Figure] {
        let now = WallTime(nanoseconds: 1_795_000_000 * Nanoseconds.nanosecondsPerSecond)
        let zone = FixedOffset(seconds: 9 * 3600)
        var read: [Double] = []
        for _ in 0..<rounds {
            for phrase in lunarPhrases {
                let began = monotonicSeconds()
                _ = try WhenExpression.parse(phrase).resolve(now: now, in: zone)
                read.append((monotonicSeconds() - began) * 1_000_000)
            }
        }
        let rules = ["매년 음력 3월 14일", "매년 음력 2월 30일", "매년 음력 윤6월 1일"]
        let anchor = CivilDateTime(date: CivilDate(year: 2027, month: 4, day: 20), hour: 10, minute: 0, second: 0)
        var placed: [Double] = []
        for _ in 0..<rounds {
            for text in rules {
                let rule = try Recurrence.parse(text)
                let began = monotonicSeconds()
                guard let first = rule.firstOccurrence(onOrAfter: anchor) else {
                    throw HarnessError("\(text) never occurs")
                }
                let ten = Array(try RecurrenceSeries(rule: rule, anchor: first).prefix(10))
                placed.append((monotonicSeconds() - began) * 1_000_000)
                guard ten.count == 10 else { throw HarnessError("\(text) gave \(ten.count) occurrences") }
            }
        }
        let r = Sample(read)
        let p = Sample(placed)
        return [
            Figure(
                name: "a 음력 due time read and placed (\(lunarPhrases.count) phrases × \(rounds))", target: "",
                measured: "p50 \(format(r.median, 1)) µs, p99 \(format(r.percentile(99), 1)) µs", met: nil),
            Figure(
                name: "  the next 10 occurrences of a yearly lunar rule (\(rules.count) rules × \(rounds))", target: "",
                measured: "p50 \(format(p.median, 1)) µs, p99 \(format(p.percentile(99), 1)) µs", met: nil),
        ]
    }
}
