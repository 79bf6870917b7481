/// The occurrences of a rule from an anchor, in civil terms: the date-times a repeating task is
/// due, before any zone turns them into instants.
///
/// The anchor is occurrence 1. Later occurrences are the rule's dates strictly after it, at the
/// anchor's time of day, up to `COUNT` occurrences or through `UNTIL` (inclusive); then `dates`
/// adds its extra dates (RDATE, which no COUNT or UNTIL limits) and takes out its removed ones
/// (EXDATE, the anchor too when named), as RFC 5545 builds a recurrence set. `next(after:)`
/// jumps straight to the period that holds its argument, so asking for the next occurrence ten
/// years on costs no more than asking for tomorrow's. Occurrences stop at the end of
/// `CivilDate.supportedYears`.
///
/// Across DST, ask for the next occurrence after the *civil* occurrence that fired, not after the
/// local time it fired at: 02:30 on a spring-forward day fires at 03:30 and the next is 02:30
/// the day after. `nextOccurrence(after:in:)` does this from an instant.
public struct RecurrenceSeries: Sequence, Sendable {
    public let rule: Recurrence
    public let anchor: CivilDateTime
    /// RDATEs and EXDATEs.
    public let dates: SeriesDates
    /// The latest date-time the rule may give, from `COUNT` or `UNTIL`; nil when unbounded.
    public let bound: CivilDateTime?
    /// The series' other rules (`dates.moreRules`), each from the same anchor, without dates.
    let others: [RecurrenceSeries]

    /// Checks the rule and the anchor together. `zone` is used only to read an `UNTIL` given in
    /// UTC as a local date-time.
    public init(
        rule: Recurrence, anchor: CivilDateTime, zone: any UTCOffsets = FixedOffset.utc, dates: SeriesDates = .init()
    ) throws(KitError) {
        let rule = try rule.validated()
        self.dates = try dates.validated()
        guard anchor.isValid else {
            throw .invalidArgument(
                "the first due date '\(anchor)' is not a valid date and time in \(CivilDate.supportedYears.lowerBound)…\(CivilDate.supportedYears.upperBound); give e.g. 2026-11-25 18:00"
            )
        }
        self.rule = rule
        self.anchor = anchor
        others = try self.dates.moreRules.map { rule throws(KitError) in
            try RecurrenceSeries(rule: rule, anchor: anchor, zone: zone)
        }
        let repeats = rule.nextDate(after: anchor, anchor: anchor) != nil
        switch rule.end {
        case .never:
            bound = nil
        case .until(let until):
            switch until {
            case .date(let date): bound = CivilDateTime(date: date, hour: 23, minute: 59, second: 59)
            case .local(let local): bound = local
            case .utc(let utc): bound = CivilDateTime(utc.utcInstant, in: zone)
            }
        case .count(let count):
            var last = anchor
            for _ in 1..<Swift.max(count, 1) {
                guard let next = rule.nextDate(after: last, anchor: anchor) else { break }
                last = next
            }
            bound = last
        }
        if let bound, bound < anchor {
            throw .invalidArgument(
                "the rule \(rule.rruleForMessages) ends at \(bound), before its first due \(anchor); give an end after the first due"
            )
        }
        if !repeats && rule.end != .count(1) {
            let monthDay = (rule.frequency == .monthly || rule.frequency == .yearly) && rule.byDay.isEmpty
            let hint =
                monthDay
                ? " (a monthly rule from the 31st skips short months, a yearly one from Feb 29 needs leap years). "
                    + "Use the friendly form, e.g. 'monthly', to move to the month's end"
                : ". Its INTERVAL steps from the first due's \(rule.frequency == .hourly ? "hour" : "date"): check the "
                    + "first due against the rule's BY parts (BYHOUR=5 with INTERVAL=24 from 09:00 never meets 05:00)"
            throw .invalidArgument(
                "the rule \(rule.rruleForMessages) never occurs after its first due \(anchor): no later date matches it\(hint)"
            )
        }
    }

    /// The first occurrence strictly after `time`: the anchor when `time` is before it (and the
    /// anchor is not removed).
    public func next(after time: CivilDateTime) -> CivilDateTime? {
        let ranges = dates.ranges
        var candidate = keptRuleNext(after: time, from: nil, before: ranges.first?.original)
        // From each this-and-future override on, the rule's occurrences come moved by its shift.
        for (index, range) in ranges.enumerated() {
            let end = index + 1 < ranges.count ? ranges[index + 1].original : nil
            guard
                let moved = keptRuleNext(after: time.adding(seconds: -range.shift), from: range.original, before: end)?
                    .adding(seconds: range.shift)
            else { continue }
            candidate = candidate.map { Swift.min($0, moved) } ?? moved
        }
        guard let added = dates.firstAdded(after: time) else { return candidate }
        return candidate.map { Swift.min($0, added) } ?? added
    }

    /// The rule's first date-time strictly after `time`, at or after `from` and before `end`,
    /// that no EXDATE or single override takes away.
    private func keptRuleNext(after time: CivilDateTime, from: CivilDateTime?, before end: CivilDateTime?)
        -> CivilDateTime?
    {
        var candidate = ruleNext(after: from.map { Swift.max(time, $0.adding(seconds: -1)) } ?? time)
        // Each removed date skips at most one of the rule's: bounded by their count.
        while let current = candidate, dates.removes(current) { candidate = ruleNext(after: current) }
        guard let found = candidate, end.map({ found < $0 }) ?? true else { return nil }
        return found
    }

    /// The rules' first date-time strictly after `time`, each within its bound; EXDATEs not applied.
    private func ruleNext(after time: CivilDateTime) -> CivilDateTime? {
        var found = ownRuleNext(after: time)
        for other in others {
            guard let next = other.ownRuleNext(after: time) else { continue }
            found = found.map { Swift.min($0, next) } ?? next
        }
        return found
    }

    /// The first rule's first date-time strictly after `time`, within its bound.
    private func ownRuleNext(after time: CivilDateTime) -> CivilDateTime? {
        let candidate = time < anchor ? anchor : rule.nextDate(after: time, anchor: anchor)
        guard let candidate, bound.map({ candidate <= $0 }) ?? true else { return nil }
        return candidate
    }

    /// A second before the series' first occurrence can be: the anchor, or an earlier added or
    /// moved-to date.
    var beforeFirst: CivilDateTime { Swift.min(anchor, dates.earliestAdded ?? anchor).adding(seconds: -1) }

    /// The first occurrence whose instant in `zone` is strictly after `now`, with the instant it
    /// resolves to (by `ZoneResolver`'s DST policy).
    public func nextOccurrence(after now: WallTime, in zone: some UTCOffsets) -> Occurrence? {
        var civil = next(after: CivilDateTime(now, in: zone).adding(days: -2))
        while let current = civil {
            let resolution = ZoneResolver.resolve(current, in: zone)
            if resolution.instant > now { return Occurrence(civil: current, resolution: resolution) }
            civil = next(after: current)
        }
        return nil
    }

    /// Occurrences strictly after `start` (from the anchor when nil) through `end`, at most `limit`.
    public func occurrences(after start: CivilDateTime? = nil, through end: CivilDateTime, limit: Int = 10_000)
        -> [CivilDateTime]
    {
        var result: [CivilDateTime] = []
        var current = next(after: start ?? beforeFirst)
        while let occurrence = current, occurrence <= end, result.count < limit {
            result.append(occurrence)
            current = next(after: occurrence)
        }
        return result
    }

    public struct Iterator: IteratorProtocol, Sendable {
        let series: RecurrenceSeries
        var last: CivilDateTime?
        var started = false

        public mutating func next() -> CivilDateTime? {
            if started {
                last = last.flatMap(series.next(after:))
            } else {
                started = true
                last = series.next(after: series.beforeFirst)
            }
            return last
        }
    }

    public func makeIterator() -> Iterator { Iterator(series: self) }

    /// An occurrence and the instant it falls on in a zone.
    public struct Occurrence: Equatable, Sendable {
        public var civil: CivilDateTime
        public var resolution: ZoneResolution
        public var instant: WallTime { resolution.instant }
    }
}
