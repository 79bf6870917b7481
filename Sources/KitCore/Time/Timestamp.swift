/// RFC 3339 timestamps in UTC with sub-millisecond precision, computed without the C library
/// so that formatting is pure and the same everywhere.
public enum Timestamp {
    /// `2026-11-21T23:40:01.123456Z` (fractionDigits 0...9).
    public static func rfc3339(_ time: WallTime, fractionDigits: Int = 6) -> String {
        let ns = time.nanoseconds
        var seconds = ns / Nanoseconds.nanosecondsPerSecond
        var fraction = ns % Nanoseconds.nanosecondsPerSecond
        if fraction < 0 {
            fraction += Nanoseconds.nanosecondsPerSecond
            seconds -= 1
        }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let civil = CivilDate(daysSinceEpoch: days)
        let digits = max(0, min(9, fractionDigits))
        if (0...9999).contains(civil.year) {
            // Written into one buffer: this runs for every timestamp of every reply and event.
            return String(unsafeUninitializedCapacity: 30) { buffer in
                var count = 0
                func put(_ value: Int64, _ width: Int) {
                    var rest = value
                    for index in stride(from: count + width - 1, through: count, by: -1) {
                        buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                        rest /= 10
                    }
                    count += width
                }
                func put(_ byte: Unicode.Scalar) {
                    buffer[count] = UInt8(byte.value)
                    count += 1
                }
                put(Int64(civil.year), 4)
                put("-")
                put(Int64(civil.month), 2)
                put("-")
                put(Int64(civil.day), 2)
                put("T")
                put(secondOfDay / 3600, 2)
                put(":")
                put(secondOfDay % 3600 / 60, 2)
                put(":")
                put(secondOfDay % 60, 2)
                if digits > 0 {
                    var divisor: Int64 = 1
                    for _ in 0..<(9 - digits) { divisor *= 10 }
                    put(".")
                    put(fraction / divisor, digits)
                }
                put("Z")
                return count
            }
        }
        var text = pad(civil.year, 4) + "-" + pad(civil.month, 2) + "-" + pad(civil.day, 2)
        text += "T" + pad(Int(secondOfDay / 3600), 2) + ":" + pad(Int(secondOfDay % 3600 / 60), 2)
        text += ":" + pad(Int(secondOfDay % 60), 2)
        if digits > 0 {
            var divisor: Int64 = 1
            for _ in 0..<(9 - digits) { divisor *= 10 }
            text += "." + pad(Int(fraction / divisor), digits)
        }
        return text + "Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` in the years kit handles
    /// (`CivilDate.supportedYears`, 1900 to 2200, well inside what Int64 nanoseconds hold: 1677
    /// to 2262). Returns nil for anything else, a year outside them, or an offset of 24 hours or
    /// more; no input can make its arithmetic trap.
    public static func parse(_ text: String) -> WallTime? {
        guard let (year, instant) = read(text), CivilDate.supportedYears.contains(year) else { return nil }
        return instant()
    }

    /// A client's instant, read as `parse` reads it; the error names `field`, what it got, and what
    /// it takes (an RFC 3339 time, in the years kit handles).
    public static func instant(_ text: String, field: String) throws(KitError) -> WallTime {
        guard let (year, instant) = read(text) else {
            throw .invalidArgument(
                "'\(field)' must be an RFC 3339 time such as 2026-11-28T09:00:00Z; got '\(text.prefix(100))'")
        }
        let years = CivilDate.supportedYears
        guard years.contains(year) else {
            throw .invalidArgument(
                "'\(field)' must be a time from \(years.lowerBound) through \(years.upperBound); got '\(text.prefix(100))'"
            )
        }
        return instant()
    }

    /// The year of an RFC 3339 time, and how to make its instant (safe for the supported years).
    private static func read(_ text: String) -> (year: Int, instant: () -> WallTime)? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 else { return nil }
                value = value * 10 + Int(bytes[index] - 48)
            }
            return value
        }
        guard let year = number(0..<4), bytes[4] == UInt8(ascii: "-"), let month = number(5..<7),
            bytes[7] == UInt8(ascii: "-"), let day = number(8..<10),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            let hour = number(11..<13), bytes[13] == UInt8(ascii: ":"), let minute = number(14..<16),
            bytes[16] == UInt8(ascii: ":"), let second = number(17..<19),
            (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction: Int64 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var digits = 0
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                if digits < 9 {
                    fraction = fraction * 10 + Int64(bytes[index] - 48)
                    digits += 1
                }
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<9 { fraction *= 10 }
        }
        var offsetSeconds = 0
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
            index += 1
        } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            guard let offsetHour = number(index + 1..<index + 3), index + 3 < bytes.count,
                bytes[index + 3] == UInt8(ascii: ":"), let offsetMinute = number(index + 4..<index + 6)
            else { return nil }
            guard offsetHour < 24, offsetMinute < 60 else { return nil }
            offsetSeconds = sign * (offsetHour * 3600 + offsetMinute * 60)
            index += 6
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        return (
            year,
            {
                let days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
                let seconds =
                    Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetSeconds)
                return WallTime(nanoseconds: seconds * Nanoseconds.nanosecondsPerSecond + fraction)
            }
        )
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
    private static func pad(_ value: Int64, _ width: Int) -> String { pad(Int(value), width) }
}

/// A proleptic Gregorian calendar date, with Howard Hinnant's days-from-civil algorithms.
///
/// Stored in 8 bytes: kitd keeps one or two of these for each of possibly 100,000 tasks. Fields
/// out of their type's range (never valid dates) are clamped, so that they still fail validation.
public struct CivilDate: Hashable, Comparable, Sendable {
    private var storedYear: Int32
    private var storedMonth: Int8
    private var storedDay: Int8

    public var year: Int {
        get { Int(storedYear) }
        set { storedYear = Int32(clamping: newValue) }
    }
    public var month: Int {
        get { Int(storedMonth) }
        set { storedMonth = Int8(clamping: newValue) }
    }
    public var day: Int {
        get { Int(storedDay) }
        set { storedDay = Int8(clamping: newValue) }
    }

    public init(year: Int, month: Int, day: Int) {
        storedYear = Int32(clamping: year)
        storedMonth = Int8(clamping: month)
        storedDay = Int8(clamping: day)
    }

    public init(daysSinceEpoch: Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: Int(yoe + era * 400 + (month <= 2 ? 1 : 0)), month: Int(month), day: Int(day))
    }

    public var daysSinceEpoch: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
