/// A time on a civil clock face, `00:00:00` to `23:59:59`. It has no date and no zone.
///
/// Stored in 3 bytes; fields out of range (never valid) are clamped, so they still fail validation.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    private var storedHour: Int8
    private var storedMinute: Int8
    private var storedSecond: Int8

    public var hour: Int {
        get { Int(storedHour) }
        set { storedHour = Int8(clamping: newValue) }
    }
    public var minute: Int {
        get { Int(storedMinute) }
        set { storedMinute = Int8(clamping: newValue) }
    }
    public var second: Int {
        get { Int(storedSecond) }
        set { storedSecond = Int8(clamping: newValue) }
    }

    /// Builds a time without checking it; use `validated` for input.
    public init(hour: Int, minute: Int, second: Int = 0) {
        storedHour = Int8(clamping: hour)
        storedMinute = Int8(clamping: minute)
        storedSecond = Int8(clamping: second)
    }

    public static let midnight = TimeOfDay(hour: 0, minute: 0)
    public static let noon = TimeOfDay(hour: 12, minute: 0)

    /// Checks the fields: hours 0...23, minutes and seconds 0...59 (no leap seconds, no `24:00`).
    public static func validated(hour: Int, minute: Int, second: Int = 0) throws(KitError) -> TimeOfDay {
        let time = TimeOfDay(hour: hour, minute: minute, second: second)
        guard (0...23).contains(hour) else {
            throw .invalidArgument("'\(time)' is not a time of day; hours go from 00 to 23 (e.g. 23:59 or 00:00)")
        }
        guard (0...59).contains(minute), (0...59).contains(second) else {
            throw .invalidArgument(
                "'\(time)' is not a time of day; minutes and seconds go from 00 to 59 (e.g. 18:30)")
        }
        return time
    }

    public var secondsSinceMidnight: Int { hour * 3600 + minute * 60 + second }

    public var isValid: Bool { (0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second) }

    /// `18:00`, or `18:00:30` when the seconds are not zero.
    public var description: String { second == 0 ? Self.two(hour) + ":" + Self.two(minute) : text }

    /// `18:00:00`: always with seconds.
    public var text: String { Self.two(hour) + ":" + Self.two(minute) + ":" + Self.two(second) }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        (lhs.hour, lhs.minute, lhs.second) < (rhs.hour, rhs.minute, rhs.second)
    }

    public static func two(_ value: Int) -> String { value >= 0 && value < 10 ? "0\(value)" : "\(value)" }
}
