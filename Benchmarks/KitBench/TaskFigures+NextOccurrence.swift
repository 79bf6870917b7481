import KitCore
import KitTestSupport

extension TaskFigures {
    /// How long finding a repeating task's next occurrence ten years after its anchor takes, per
    /// kind of rule: the series jumps to the target rather than stepping through the years.
    static func nextOccurrenceFarAhead(calls: Int = 200) throws -> [Figure] {
        let anchor = CivilDateTime(date: CivilDate(year: 2026, month: 11, day: 25), hour: 9)
        let far = CivilDateTime(date: CivilDate(year: 2036, month: 11, day: 25), hour: 12)
        let kinds = [
            "daily", "every 3 days", "weekly on mon,wed", "every 2 weeks on tue,thu", "monthly on the 2nd tue",
            "yearly",
        ]
        var timings: [Double] = []
        for text in kinds {
            let series = try RecurrenceSeries(rule: try Recurrence.parse(text), anchor: anchor)
            for offset in 0..<calls {
                let after = far.adding(days: offset)
                let began = monotonicSeconds()
                let next = series.next(after: after)
                timings.append((monotonicSeconds() - began) * 1_000_000)
                guard let next, next > after else { throw HarnessError("'\(text)' found no occurrence after \(after)") }
            }
        }
        let sample = Sample(timings)
        return [
            Figure(
                name: "next occurrence 10 years after the anchor (\(kinds.count) kinds of rule × \(calls))",
                target: "p99 < 1 ms",
                measured:
                    "p50 \(format(sample.median, 1)) µs, p99 \(format(sample.percentile(99), 1)) µs, max \(format(sample.max, 1)) µs",
                met: sample.percentile(99) < 1000)
        ]
    }
}
