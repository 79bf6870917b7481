/// The dates a repeating task adds to its rule and takes out of it: iCalendar's `RDATE` and
/// `EXDATE`. The recurrence set is the rule's occurrences and the added dates, less the removed
/// ones (RFC 5545 3.8.5). A removed date is matched against an occurrence's civil date-time; one
/// that matches none removes nothing.
public struct SeriesDates: Hashable, Sendable {
    /// Occurrences the rule does not make (RDATE), sorted, each once.
    public private(set) var added: [CivilDateTime]
    /// Occurrences taken out (EXDATE), sorted, each once.
    public private(set) var removed: [CivilDateTime]

    /// The most dates of each kind a task keeps: a series with more is refused.
    public static let maximumCount = 1000

    public init(added: [CivilDateTime] = [], removed: [CivilDateTime] = []) {
        self.added = Array(Set(added)).sorted()
        self.removed = Array(Set(removed)).sorted()
    }

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty }

    /// Checks the counts; the message names the kind.
    public func validated() throws(KitError) -> SeriesDates {
        for (name, dates) in [("extra dates (RDATE)", added), ("excluded dates (EXDATE)", removed)]
        where dates.count > Self.maximumCount {
            throw .invalidArgument(
                "the series has \(dates.count) \(name); kit keeps at most \(Self.maximumCount) of each")
        }
        return self
    }

    /// Whether `civil` is taken out.
    public func removes(_ civil: CivilDateTime) -> Bool { Self.find(civil, in: removed) != nil }

    /// The first added date strictly after `time` that is not also removed.
    public func firstAdded(after time: CivilDateTime) -> CivilDateTime? {
        var low = 0
        var high = added.count
        while low < high {
            let middle = (low + high) / 2
            if added[middle] <= time { low = middle + 1 } else { high = middle }
        }
        return added[low...].first { !removes($0) }
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

    private static func find(_ civil: CivilDateTime, in dates: [CivilDateTime]) -> Int? {
        var low = 0
        var high = dates.count
        while low < high {
            let middle = (low + high) / 2
            if dates[middle] < civil { low = middle + 1 } else { high = middle }
        }
        return low < dates.count && dates[low] == civil ? low : nil
    }
}
