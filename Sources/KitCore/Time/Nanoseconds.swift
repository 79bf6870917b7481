/// A length of time in nanoseconds: the one duration type of kit, from the wire (`…Ns` members,
/// integers) through SQLite (`…_ns` columns) to the popup text. It is not an Int64, so that a
/// count of seconds or milliseconds cannot pass for one; an integer literal is nanoseconds.
public struct Nanoseconds: Hashable, Comparable, Sendable, Codable, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    /// The length, in nanoseconds.
    public var value: Int64

    public init(_ value: Int64) { self.value = value }
    public init(integerLiteral value: Int64) { self.value = value }
    /// Swift's Duration, to the nanosecond (rounded down).
    public init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        value = seconds * Self.nanosecondsPerSecond + attoseconds / 1_000_000_000
    }

    public static let zero = Nanoseconds(0)
    public static let max = Nanoseconds(.max)
    public static let min = Nanoseconds(.min)
    /// For arithmetic on instants, which count nanoseconds as Int64.
    public static let nanosecondsPerSecond: Int64 = 1_000_000_000
    public static let second = Nanoseconds(nanosecondsPerSecond)
    public static let millisecond = Nanoseconds(1_000_000)
    public static let microsecond = Nanoseconds(1000)
    public static let minute = Nanoseconds(60 * nanosecondsPerSecond)
    public static let hour = Nanoseconds(3600 * nanosecondsPerSecond)
    /// 24 hours: a day of elapsed time, not a civil day (a day on a zone's clock can be 23 or 25).
    public static let day = Nanoseconds(86_400 * nanosecondsPerSecond)

    public init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Int64.self) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    public var description: String { String(value) }
    public var magnitude: UInt64 { value.magnitude }
    /// The length without its sign (Int64.min stays as it is: kit never holds one).
    public var absolute: Nanoseconds { value == .min ? self : Nanoseconds(Swift.abs(value)) }

    public static func < (lhs: Nanoseconds, rhs: Nanoseconds) -> Bool { lhs.value < rhs.value }
    public static func + (lhs: Nanoseconds, rhs: Nanoseconds) -> Nanoseconds { Nanoseconds(lhs.value + rhs.value) }
    public static func - (lhs: Nanoseconds, rhs: Nanoseconds) -> Nanoseconds { Nanoseconds(lhs.value - rhs.value) }
    public static prefix func - (operand: Nanoseconds) -> Nanoseconds { Nanoseconds(-operand.value) }
    public static func += (lhs: inout Nanoseconds, rhs: Nanoseconds) { lhs.value += rhs.value }
    public static func -= (lhs: inout Nanoseconds, rhs: Nanoseconds) { lhs.value -= rhs.value }
    public static func * (lhs: Nanoseconds, rhs: Int64) -> Nanoseconds { Nanoseconds(lhs.value * rhs) }
    public static func * (lhs: Int64, rhs: Nanoseconds) -> Nanoseconds { Nanoseconds(lhs * rhs.value) }
    public static func / (lhs: Nanoseconds, rhs: Int64) -> Nanoseconds { Nanoseconds(lhs.value / rhs) }
    /// How many `rhs` fit in `lhs`.
    public static func / (lhs: Nanoseconds, rhs: Nanoseconds) -> Int64 { lhs.value / rhs.value }
    public static func % (lhs: Nanoseconds, rhs: Nanoseconds) -> Nanoseconds { Nanoseconds(lhs.value % rhs.value) }

    public func addingReportingOverflow(_ other: Nanoseconds) -> (partialValue: Nanoseconds, overflow: Bool) {
        let (sum, overflow) = value.addingReportingOverflow(other.value)
        return (Nanoseconds(sum), overflow)
    }

    public func subtractingReportingOverflow(_ other: Nanoseconds) -> (partialValue: Nanoseconds, overflow: Bool) {
        let (difference, overflow) = value.subtractingReportingOverflow(other.value)
        return (Nanoseconds(difference), overflow)
    }

    public func multipliedReportingOverflow(by factor: Int64) -> (partialValue: Nanoseconds, overflow: Bool) {
        let (product, overflow) = value.multipliedReportingOverflow(by: factor)
        return (Nanoseconds(product), overflow)
    }

    /// In seconds, for people and logs: 1.5 for 1,500,000,000.
    public var seconds: Double { Double(value) / Double(Self.nanosecondsPerSecond) }
    /// In milliseconds, for logs.
    public var milliseconds: Double { Double(value) / 1e6 }
    /// As Swift's Duration, for a wait of the process's own.
    public var duration: Duration { .nanoseconds(value) }
}

/// `duration` without its sign.
public func abs(_ duration: Nanoseconds) -> Nanoseconds { duration.absolute }
