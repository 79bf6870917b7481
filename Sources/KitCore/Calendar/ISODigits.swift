/// Digit scanning shared by the ISO 8601 and iCalendar readers.
enum ISODigits {
    static let dash = UInt8(ascii: "-")
    static let colon = UInt8(ascii: ":")

    /// The decimal number in `range` (at most 9 digits, so it cannot overflow), or nil when any
    /// byte there is not a digit.
    static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count, !range.isEmpty, range.count <= 9 else {
            return nil
        }
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
