import KitCore

/// Protocol 1's form of a duration: a JSON number of seconds (or milliseconds), fractions kept
/// to the nanosecond.
///
/// Since protocol 2 every duration on the wire is an integer number of nanoseconds, in a member
/// whose name ends in `Ns`. Replies and events still carry the protocol 1 member beside it
/// (`remainingSeconds` beside `remainingNs`), so that scripts and status bars written against
/// protocol 1 keep working; kit itself reads only the `Ns` member. The value is kept as
/// nanoseconds and turned into a number only when it is written. docs/protocol.md lists both.
public struct LegacyDuration<Unit: LegacyDurationUnit>: Codable, Sendable, Equatable {
    public var nanoseconds: Nanoseconds

    public init(_ nanoseconds: Nanoseconds) { self.nanoseconds = nanoseconds }

    public init(from decoder: any Decoder) throws {
        nanoseconds = LegacyDuration.nanoseconds(try decoder.singleValueContainer().decode(Double.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Double(nanoseconds.value) / Double(Unit.nanosecondsPerUnit))
    }

    /// A number in this unit as nanoseconds, saturating at the ends of the range, so that a value
    /// too large for kit is refused by the method's own range check instead of as a type error.
    static func nanoseconds(_ number: Double) -> Nanoseconds {
        let scaled = (number * Double(Unit.nanosecondsPerUnit)).rounded()
        if scaled >= 9.2e18 { return .max }
        if scaled <= -9.2e18 { return .min }
        return Nanoseconds(Int64(scaled))
    }
}

/// The unit of a protocol 1 duration member.
public protocol LegacyDurationUnit: Sendable {
    static var nanosecondsPerUnit: Int64 { get }
}

public enum LegacySecondsUnit: LegacyDurationUnit {
    public static let nanosecondsPerUnit: Int64 = Nanoseconds.nanosecondsPerSecond
}

public enum LegacyMillisecondsUnit: LegacyDurationUnit {
    public static let nanosecondsPerUnit: Int64 = 1_000_000
}

/// `remainingSeconds`, `elapsedSeconds`, `deltaSeconds` …
public typealias LegacySeconds = LegacyDuration<LegacySecondsUnit>
/// `latenessMs`, `latencyMs`.
public typealias LegacyMilliseconds = LegacyDuration<LegacyMillisecondsUnit>

extension KeyedDecodingContainer {
    /// A duration request member: the integer nanoseconds under `key`, or protocol 1's number of
    /// seconds under `legacy`; nil when neither is there. Both at once is refused.
    public func decodeDurationIfPresent(_ key: Key, legacy: Key) throws -> Nanoseconds? {
        let modern: Int64?
        do {
            modern = try decodeIfPresent(Int64.self, forKey: key)
        } catch let error as DecodingError {
            throw error
        } catch {
            // Foundation's reader fails on a number with a fraction, or beyond Int64, with an
            // error of its own that becomes "not valid JSON", without naming the member.
            throw DecodingError.typeMismatch(
                Int64.self,
                .init(codingPath: codingPath + [key], debugDescription: "a whole number of nanoseconds"))
        }
        let old = try decodeIfPresent(Double.self, forKey: legacy)
        switch (modern, old) {
        case (let value?, nil): return Nanoseconds(value)
        case (nil, let number?): return LegacySeconds.nanoseconds(number)
        case (nil, nil): return nil
        case (.some, .some):
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath + [key],
                    debugDescription:
                        "give either '\(key.stringValue)' (nanoseconds) or '\(legacy.stringValue)', not both"))
        }
    }

    /// As `decodeDurationIfPresent`, for a member that must be there.
    public func decodeDuration(_ key: Key, legacy: Key) throws -> Nanoseconds {
        guard let value = try decodeDurationIfPresent(key, legacy: legacy) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "'\(key.stringValue)' is required"))
        }
        return value
    }
}
