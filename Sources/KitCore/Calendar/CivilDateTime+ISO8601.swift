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

    /// Reads exactly `YYYY-MM-DDTHH:MM:SS`, the form `iso8601` writes, without allocating:
    /// what a store reads back by the hundred thousand. Nil for anything else or a bad field.
    public static func parseStored(_ text: String) -> CivilDateTime? {
        text.utf8.withContiguousStorageIfAvailable { parseStored(bytes: $0) } ?? nil
    }

    /// The same, from UTF-8 bytes.
    public static func parseStored(bytes: UnsafeBufferPointer<UInt8>) -> CivilDateTime? {
        guard bytes.count == 19, bytes[4] == ISODigits.dash, bytes[7] == ISODigits.dash,
            bytes[10] == UInt8(ascii: "T"), bytes[13] == ISODigits.colon, bytes[16] == ISODigits.colon
        else { return nil }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<start + count {
                let byte = bytes[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
            let minute = number(14, 2), let second = number(17, 2), (1...12).contains(month), day >= 1,
            day <= CivilDate.daysIn(month: month, year: year), hour < 24, minute < 60, second < 60
        else { return nil }
        return CivilDateTime(
            date: CivilDate(year: year, month: month, day: day),
            time: TimeOfDay(hour: hour, minute: minute, second: second))
    }

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
