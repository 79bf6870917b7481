import Foundation
import KitCore

/// A real zone from the system's tz database, through Foundation: tests only. KitCore itself
/// never links Foundation.
public struct FoundationZone: UTCOffsets {
    public let zone: TimeZone

    public init(_ identifier: String) {
        guard let zone = TimeZone(identifier: identifier) else { fatalError("no zone \(identifier) on this machine") }
        self.zone = zone
    }

    public func offset(at instant: WallTime) -> Int {
        zone.secondsFromGMT(
            for: Date(timeIntervalSince1970: Double(instant.nanoseconds / Nanoseconds.nanosecondsPerSecond)))
    }

    public static let newYork = FoundationZone("America/New_York")
    public static let berlin = FoundationZone("Europe/Berlin")
    public static let seoul = FoundationZone("Asia/Seoul")
}

/// A zone of this machine's tz database by name, or nil when there is none.
public func knownZone(_ name: String) -> (any UTCOffsets)? {
    TimeZone(identifier: name) == nil ? nil : FoundationZone(name)
}

/// Shorthands for writing dates in tables.
public func date(_ year: Int, _ month: Int, _ day: Int) -> CivilDate {
    CivilDate(year: year, month: month, day: day)
}

public func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0)
    -> CivilDateTime
{
    CivilDateTime(date: CivilDate(year: year, month: month, day: day), hour: hour, minute: minute, second: second)
}

/// The instant an RFC 3339 UTC text names, e.g. `2027-03-14T07:00:00Z`.
public func utc(_ text: String) -> WallTime {
    guard let instant = Timestamp.parse(text) else { fatalError("bad timestamp \(text) in a test") }
    return instant
}
