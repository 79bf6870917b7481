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
}
