/// ISO 8601 text for civil dates and date-times: `2026-11-25`, `2026-11-25T18:00:00`. Parsing
/// also takes a space instead of `T` and leaves the seconds optional.
extension CivilDate {
    /// `2026-11-25`.
    public var iso8601: String {
        let yearText =
            year >= 0 && year < 1000 ? String(repeating: "0", count: 4 - String(year).count) + "\(year)" : "\(year)"
        return yearText + "-" + TimeOfDay.two(month) + "-" + TimeOfDay.two(day)
    }

    /// Reads `YYYY-MM-DD` and checks it is a real date in `supportedYears`.
    public static func parseISO8601(_ text: String) throws(KitError) -> CivilDate {
        let bytes = Array(text.trimmingWhitespace().utf8)
        guard bytes.count == 10, let year = ISODigits.number(bytes, 0..<4), bytes[4] == ISODigits.dash,
            let month = ISODigits.number(bytes, 5..<7), bytes[7] == ISODigits.dash,
            let day = ISODigits.number(bytes, 8..<10)
        else { throw .invalidArgument("cannot read '\(text)' as a date; write YYYY-MM-DD, e.g. 2026-11-25") }
        return try validated(year: year, month: month, day: day)
    }
}

extension CivilDateTime {
    /// `2026-11-25T18:00:00`.
    public var iso8601: String { date.iso8601 + "T" + time.text }

    /// Reads `YYYY-MM-DD HH:MM[:SS]` or `YYYY-MM-DDTHH:MM[:SS]` and checks every field.
    public static func parseISO8601(_ text: String) throws(KitError) -> CivilDateTime {
        let trimmed = text.trimmingWhitespace()
        let bytes = Array(trimmed.utf8)
        let example = "write YYYY-MM-DD HH:MM, e.g. 2026-11-25 18:00"
        guard bytes.count >= 16, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") || bytes[10] == 32
        else { throw .invalidArgument("cannot read '\(text)' as a date and time; \(example)") }
        let date = try CivilDate.parseISO8601(String(decoding: bytes[0..<10], as: UTF8.self))
        guard let time = ISODigits.time(Array(bytes[11...])) else {
            throw .invalidArgument("cannot read '\(text)' as a date and time; \(example)")
        }
        let checked = try TimeOfDay.validated(hour: time.hour, minute: time.minute, second: time.second)
        return CivilDateTime(date: date, time: checked)
    }
}

/// Digit scanning shared by the ISO 8601 and iCalendar readers.
enum ISODigits {
    static let dash = UInt8(ascii: "-")
    static let colon = UInt8(ascii: ":")

    /// The decimal number in `range`, or nil when any byte there is not a digit.
    static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count, !range.isEmpty else { return nil }
        var value = 0
        for index in range {
            let byte = bytes[index]
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }

    /// `H:MM`, `HH:MM` or `HH:MM:SS`, unchecked (so that `24:00` can be refused with a message).
    static func time(_ bytes: [UInt8]) -> TimeOfDay? {
        guard let colon = bytes.firstIndex(of: colon), colon == 1 || colon == 2,
            let hour = number(bytes, 0..<colon), let minute = number(bytes, colon + 1..<colon + 3)
        else { return nil }
        if bytes.count == colon + 3 { return TimeOfDay(hour: hour, minute: minute) }
        guard bytes.count == colon + 6, bytes[colon + 3] == Self.colon,
            let second = number(bytes, colon + 4..<colon + 6)
        else { return nil }
        return TimeOfDay(hour: hour, minute: minute, second: second)
    }
}
