/// A calendar month, as given to `diary list --month`: `2026-11`.
public struct DiaryMonth: Sendable, Equatable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init(containing date: CivilDate) {
        year = date.year
        month = date.month
    }

    /// Reads `YYYY-MM` (a whole date works too, meaning its month).
    public static func parse(_ text: String) throws(KitError) -> DiaryMonth {
        let trimmed = text.trimmingWhitespace()
        let bytes = Array(trimmed.utf8)
        if let written = CivilDate.writtenPrefix(Substring(trimmed)), written.rest.isEmpty {
            return DiaryMonth(containing: try CivilDate.parseWritten(trimmed))
        }
        guard bytes.count == 7, bytes[4] == 45, let year = Int(String(trimmed.prefix(4))),
            let month = Int(String(trimmed.suffix(2))),
            bytes.indices.allSatisfy({ $0 == 4 || (48...57).contains(bytes[$0]) })
        else { throw .invalidArgument("cannot read '\(text)' as a month; write YYYY-MM, e.g. 2026-11") }
        guard (1...12).contains(month) else {
            throw .invalidArgument("'\(trimmed)' is not a month: months go from 01 to 12 (e.g. 2026-11)")
        }
        return DiaryMonth(containing: try CivilDate.validated(year: year, month: month, day: 1))
    }

    public var first: CivilDate { CivilDate(year: year, month: month, day: 1) }

    /// The first day of the next month.
    public var end: CivilDate { first.addingClamped(months: 1) }

    /// `2026-11`.
    public var description: String { String(first.iso8601.prefix(7)) }
}
