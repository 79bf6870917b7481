/// iCalendar's basic ISO dates and date-times (`20261125`, `20261125T180000`), shared by the
/// RRULE code and the iCalendar reader and writer. The rest of iCalendar's text (folding,
/// escaping, parameters) is libical's, in KitCalendar.
public enum ICalendarText {
    /// `20261125`.
    public static func basic(_ date: CivilDate) -> String { date.iso8601.filter { $0 != "-" } }

    /// `20261125T180000`.
    public static func basic(_ dateTime: CivilDateTime) -> String {
        basic(dateTime.date) + "T" + TimeOfDay.two(dateTime.hour) + TimeOfDay.two(dateTime.minute)
            + TimeOfDay.two(dateTime.second)
    }

    /// An instant as a UTC date-time, `20261125T180000Z` (DTSTAMP, LAST-MODIFIED, a UTC DUE).
    public static func utc(_ instant: WallTime) -> String {
        basic(CivilDateTime(instant, in: FixedOffset.utc)) + "Z"
    }

    /// Reads `YYYYMMDDTHHMMSSZ`; nil unless it is a valid UTC date-time.
    public static func utcInstant(_ text: some StringProtocol) -> WallTime? {
        guard text.hasSuffix("Z") else { return nil }
        return dateTime(String(text.dropLast()))?.utcInstant
    }

    /// Reads `YYYYMMDD`; nil unless it is a real date in `CivilDate.supportedYears`.
    public static func date(_ text: String) -> CivilDate? {
        let bytes = Array(text.utf8)
        guard bytes.count == 8, let year = ISODigits.number(bytes, 0..<4), let month = ISODigits.number(bytes, 4..<6),
            let day = ISODigits.number(bytes, 6..<8)
        else { return nil }
        return try? CivilDate.validated(year: year, month: month, day: day)
    }

    /// Reads `YYYYMMDDTHHMMSS`; nil unless every field is valid.
    public static func dateTime(_ text: String) -> CivilDateTime? {
        let bytes = Array(text.utf8)
        guard bytes.count == 15, bytes[8] == UInt8(ascii: "T"),
            let date = date(String(decoding: bytes[0..<8], as: UTF8.self)),
            let hour = ISODigits.number(bytes, 9..<11), let minute = ISODigits.number(bytes, 11..<13),
            let second = ISODigits.number(bytes, 13..<15),
            let time = try? TimeOfDay.validated(hour: hour, minute: minute, second: second)
        else { return nil }
        return CivilDateTime(date: date, time: time)
    }
}
