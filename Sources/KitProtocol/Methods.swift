import KitCore

// The stored properties of the types extended here are declared in Wire/Methods.wire.

/// A reference to one record: an integer id, or a string that is an id (`"7"`, `"#7"`) or a name.
public struct RecordRef: Codable, Sendable, Equatable, CustomStringConvertible {
    public var text: String

    public init(_ text: String) { self.text = text }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            text = String(number)
        } else if let string = try? container.decode(String.self) {
            text = string
        } else {
            throw DecodingError.typeMismatch(
                RecordRef.self,
                .init(codingPath: decoder.codingPath, debugDescription: "must be an id (integer) or a name (string)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    public var description: String { text }
}

extension TimerStartParams {
    public static var bounds: [ParamBound<Self>] {
        [
            .duration(
                "durationNs", \.durationNs, 1...DurationParser.maximum, text: "more than 0 and at most 366 days",
                hint: "270000000000 is 4m30s")
        ]
    }
}

extension RefParams {
    public init(ref: String) { self.ref = RecordRef(ref) }
}

extension TimerAddParams {
    public init(ref: String, deltaNs: Nanoseconds) {
        self.ref = RecordRef(ref)
        self.deltaNs = deltaNs
    }

    public static var bounds: [ParamBound<Self>] {
        [
            .duration(
                "deltaNs", \.deltaNs, -DurationParser.maximum...(-1), 1...DurationParser.maximum,
                text: "not zero, and at most 366 days either way", hint: "a negative time removes time")
        ]
    }
}

extension TimerListParams {
    public static let defaultLimit = 1000
    public static let limits = 1...10_000
    public static var bounds: [ParamBound<Self>] {
        [.count("limit", \.limit, limits, unit: "timers a page", hint: "follow 'next' for more")]
    }
}

extension TimerInfo {
    /// Where a timer is in its life, as the wire writes it.
    public enum State: String, WireEnum {
        case running, paused, fired, cancelled
    }
}

extension TodayResult {
    /// The most timers, and the most tasks, one reply lists.
    public static let listed = 100
}

/// The timers' part of `daemon.status`: `timers`, how many run and are paused, and `next`, the
/// one due next.
extension DaemonStatusResult {

    public var timers: Counts {
        get { section("timers") ?? Counts(running: 0, paused: 0) }
        set { setSection("timers", newValue) }
    }

    public var next: NextDue? {
        get { section("next") }
        set { setSection("next", newValue) }
    }
}
