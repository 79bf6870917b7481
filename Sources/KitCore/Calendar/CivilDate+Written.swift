/// Dates as people write them, with their year: `2026-12-01`, `2026-12-1`, `2026.12.01`,
/// `2026. 12. 1.` (as Koreans write them), `2026/12/1`. Wherever kit reads a date a person typed.
extension CivilDate {
    /// The year, month and day at the start of `text`, and what follows; nil when it does not
    /// start with a date so written (a date that does not exist, 2026-02-30, still reads here:
    /// `parseWritten` refuses it). What follows is nothing, a space or `T`, unless `bounded` is
    /// false (text without its spaces: `2026.12.1.18:00`).
    public static func writtenPrefix(_ text: Substring, bounded: Bool = true)
        -> (year: Int, month: Int, day: Int, rest: Substring)?
    {
        var rest = text
        func digits(_ range: ClosedRange<Int>) -> Int? {
            let run = rest.prefix { $0.isASCII && $0.isNumber }
            guard range.contains(run.count), let value = Int(run) else { return nil }
            rest = rest.dropFirst(run.count)
            return value
        }
        guard let year = digits(4...4), let separator = rest.first, "-./".contains(separator) else { return nil }
        rest = rest.dropFirst().drop { $0 == " " }
        guard let month = digits(1...2), rest.first == separator else { return nil }
        rest = rest.dropFirst().drop { $0 == " " }
        guard let day = digits(1...2) else { return nil }
        // `2026. 12. 1.`: a full stop after the day too.
        if separator == ".", rest.first == "." { rest = rest.dropFirst() }
        guard !bounded || rest.isEmpty || rest.first == " " || rest.first == "T" || rest.first == "t" else {
            return nil
        }
        return (year, month, day, rest)
    }

    /// The date `text` is, written in any of the forms above; a date that does not exist is
    /// refused with the length of its month.
    public static func parseWritten(_ text: String) throws(KitError) -> CivilDate {
        let trimmed = text.trimmingWhitespace()
        guard let written = writtenPrefix(Substring(trimmed)), written.rest.isEmpty else {
            throw .invalidArgument(
                "cannot read '\(text)' as a date; write it as 2026-11-25 (also 2026.11.25, 2026. 11. 25. or 2026/11/25)"
            )
        }
        return try validated(year: written.year, month: written.month, day: written.day)
    }
}
