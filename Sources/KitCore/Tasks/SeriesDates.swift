/// What a repeating task's series changes in its rule: the dates it adds (iCalendar's `RDATE`),
/// the ones it takes out (`EXDATE`, and cancelled occurrences), and the occurrences it changes
/// one at a time (a `RECURRENCE-ID` override: moved, renamed, or with a note of their own).
///
/// The recurrence set is the rule's occurrences and the added dates, less the removed ones (RFC
/// 5545 3.8.5); a moved occurrence leaves its original date-time and comes at its new one. A
/// removed date is matched against an occurrence's civil date-time; one that matches none removes
/// nothing.
///
/// Rules beyond the first (a second `RRULE`, which RFC 5545 allows and Thunderbird writes) add
/// their occurrences to the set, each counted from the same first due.
///
/// An override for "this and future" occurrences (`RANGE=THISANDFUTURE`) splits the series: from
/// its original on, every occurrence of the rule comes as much later (or earlier) as it moved,
/// with its title and note, until the next such override. `RecurrenceSeries` applies the shifts.
public struct SeriesDates: Hashable, Sendable {
    /// One occurrence changed on its own, keyed by the date-time the rule gives it.
    public struct Override: Hashable, Sendable {
        /// The occurrence's date-time by the rule (its RECURRENCE-ID).
        public var original: CivilDateTime
        /// Where it was moved to; nil when it keeps its time.
        public var start: CivilDateTime?
        /// Its own title and note, when they differ from the task's.
        public var title: String?
        public var note: String?
        /// Whether the change holds for this occurrence and every later one (`RANGE=THISANDFUTURE`).
        public var thisAndFuture: Bool
        /// Done already, on its own (`STATUS:COMPLETED` on the change, as Thunderbird and
        /// Nextcloud write it): it still occurs, but the task does not stop at it.
        public var done: Bool

        public init(
            original: CivilDateTime, start: CivilDateTime? = nil, title: String? = nil, note: String? = nil,
            thisAndFuture: Bool = false, done: Bool = false
        ) {
            self.original = original
            self.start = start == original ? nil : start
            self.title = title
            self.note = note
            self.thisAndFuture = thisAndFuture
            self.done = done
        }

        /// When the occurrence comes.
        public var effective: CivilDateTime { start ?? original }

        /// How far it moved, in civil seconds.
        public var shift: Int64 { effective.localSeconds - original.localSeconds }
    }

    /// Everything a series holds, made once and shared: a task without dates holds none of it, so
    /// `SeriesDates` is one word in every task (100,000 tasks at start: kit-bench task-startup).
    private final class Storage: Sendable {
        let added: [CivilDateTime]
        let removed: [CivilDateTime]
        let overrides: [Override]
        /// The overrides for this and future occurrences, sorted by original.
        let ranges: [Override]
        /// `added` and the new times of occurrences moved one at a time; `removed` and their old
        /// times: sorted, for the series to search.
        let comingIn: [CivilDateTime]
        let goingOut: [CivilDateTime]
        /// Index into `overrides` by the time each occurrence comes.
        let byEffective: [CivilDateTime: Int]

        /// The series' rules after its first.
        let moreRules: [Recurrence]

        init(added: [CivilDateTime], removed: [CivilDateTime], overrides: [Override], moreRules: [Recurrence]) {
            self.moreRules = moreRules
            self.added = Array(Set(added)).sorted()
            self.removed = Array(Set(removed)).sorted()
            var byOriginal: [CivilDateTime: Override] = [:]
            for override in overrides { byOriginal[override.original] = override }
            self.overrides = byOriginal.values.sorted { $0.original < $1.original }
            ranges = self.overrides.filter(\.thisAndFuture)
            let single = self.overrides.filter { !$0.thisAndFuture }
            let moved = single.filter { $0.start != nil }
            // An added date that a change moves comes at its new time only.
            let movedAway = Set(moved.map(\.original))
            comingIn = Array(Set(self.added.filter { !movedAway.contains($0) } + moved.map(\.effective))).sorted()
            goingOut = Array(Set(self.removed + moved.map(\.original))).sorted()
            byEffective = Dictionary(
                self.overrides.enumerated().filter { !$1.thisAndFuture }.map { ($1.effective, $0) },
                uniquingKeysWith: { first, _ in first })
        }
    }

    private let storage: Storage?

    /// Occurrences the rule does not make (RDATE), sorted, each once.
    public var added: [CivilDateTime] { storage?.added ?? [] }
    /// Occurrences taken out (EXDATE), sorted, each once.
    public var removed: [CivilDateTime] { storage?.removed ?? [] }
    /// Occurrences changed one at a time, and from one on, sorted by `original`, one per original.
    public var overrides: [Override] { storage?.overrides ?? [] }
    /// The overrides for this and future occurrences, sorted by `original`.
    public var ranges: [Override] { storage?.ranges ?? [] }
    /// The series' rules after its first, whose occurrences join the set.
    public var moreRules: [Recurrence] { storage?.moreRules ?? [] }
    private var comingIn: [CivilDateTime] { storage?.comingIn ?? [] }
    private var goingOut: [CivilDateTime] { storage?.goingOut ?? [] }

    /// The most dates of each kind a task keeps: a series with more is refused.
    public static let maximumCount = 1000

    public init(
        added: [CivilDateTime] = [], removed: [CivilDateTime] = [], overrides: [Override] = [],
        moreRules: [Recurrence] = []
    ) {
        storage =
            added.isEmpty && removed.isEmpty && overrides.isEmpty && moreRules.isEmpty
            ? nil : Storage(added: added, removed: removed, overrides: overrides, moreRules: moreRules)
    }

    public static func == (lhs: SeriesDates, rhs: SeriesDates) -> Bool {
        lhs.added == rhs.added && lhs.removed == rhs.removed && lhs.overrides == rhs.overrides
            && lhs.moreRules == rhs.moreRules
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(added)
        hasher.combine(removed)
        hasher.combine(overrides)
        hasher.combine(moreRules)
    }

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && overrides.isEmpty && moreRules.isEmpty }

    /// The most rules a series has besides its first.
    public static let maximumMoreRules = 10

    /// The earliest added or moved-to date: a series may start there, before its first due.
    public var earliestAdded: CivilDateTime? {
        let earliest = [comingIn.first, ranges.map(\.effective).min()].compactMap { $0 }
        return earliest.min()
    }

    /// Checks the counts; the message names the kind.
    public func validated() throws(KitError) -> SeriesDates {
        let kinds = [
            ("extra dates (RDATE)", added.count), ("excluded dates (EXDATE)", removed.count),
            ("changed occurrences (RECURRENCE-ID)", overrides.count),
        ]
        for (name, count) in kinds where count > Self.maximumCount {
            throw .invalidArgument("the series has \(count) \(name); kit keeps at most \(Self.maximumCount) of each")
        }
        if moreRules.count > Self.maximumMoreRules {
            throw .invalidArgument(
                "the series has \(moreRules.count + 1) rules (RRULE); kit keeps at most \(Self.maximumMoreRules + 1)")
        }
        return self
    }

    /// Whether the occurrence the rule gives at `civil` does not come there: removed, or moved.
    public func removes(_ civil: CivilDateTime) -> Bool { Self.index(of: civil, in: goingOut) != nil }

    /// The first added or moved-to date strictly after `time` that is not also removed.
    public func firstAdded(after time: CivilDateTime) -> CivilDateTime? {
        var low = 0
        var high = comingIn.count
        while low < high {
            let middle = (low + high) / 2
            if comingIn[middle] <= time { low = middle + 1 } else { high = middle }
        }
        return comingIn[low...].first { !Self.contains($0, in: removed) }
    }

    /// The override of the occurrence that comes at `civil`, if it has one: its own, or the one
    /// for this and future occurrences it falls under (with this occurrence as its original).
    public func override(comingAt civil: CivilDateTime) -> Override? {
        if let own = storage?.byEffective[civil].map({ overrides[$0] }) { return own }
        guard let range = range(comingAt: civil) else { return nil }
        var placed = range
        placed.original = civil.adding(seconds: -range.shift)
        placed.start = civil
        return placed
    }

    /// Whether the occurrence that comes at `civil` was done on its own.
    public func isDone(comingAt civil: CivilDateTime) -> Bool {
        guard let index = storage?.byEffective[civil] else { return false }
        return overrides[index].done
    }

    /// The override for this and future occurrences that an occurrence coming at `civil` falls
    /// under: the last whose original is at or before `civil` less its shift, when that is
    /// before the next one's original.
    public func range(comingAt civil: CivilDateTime) -> Override? {
        let ranges = self.ranges
        for (index, range) in ranges.enumerated().reversed() {
            let original = civil.adding(seconds: -range.shift)
            let next = index + 1 < ranges.count ? ranges[index + 1].original : nil
            if original >= range.original, next.map({ original < $0 }) ?? true { return range }
        }
        return nil
    }

    /// The dates as stored: ISO 8601 civil date-times separated by commas, or nil for none.
    public static func text(_ dates: [CivilDateTime]) -> String? {
        dates.isEmpty ? nil : dates.map(\.iso8601).joined(separator: ",")
    }

    /// Reads what `text` wrote.
    public static func dates(_ text: String?) throws(KitError) -> [CivilDateTime] {
        guard let text, !text.isEmpty else { return [] }
        var result: [CivilDateTime] = []
        for part in text.split(separator: ",") { result.append(try CivilDateTime.parseISO8601(String(part))) }
        return result
    }

    private static func contains(_ civil: CivilDateTime, in dates: [CivilDateTime]) -> Bool {
        index(of: civil, in: dates) != nil
    }

    private static func index(of civil: CivilDateTime, in dates: [CivilDateTime]) -> Int? {
        var low = 0
        var high = dates.count
        while low < high {
            let middle = (low + high) / 2
            if dates[middle] < civil { low = middle + 1 } else { high = middle }
        }
        return low < dates.count && dates[low] == civil ? low : nil
    }
}
