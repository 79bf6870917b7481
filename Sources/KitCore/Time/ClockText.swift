import Foundation

/// Wall instants as people read them in a given time zone. The zone is passed in; KitCore
/// never asks the system which zone is current.
public enum ClockText {
    /// `14:05:12` when `instant` is on the same local day as `now`, else `Nov 22 14:05`
    /// (with the year when it differs).
    public static func short(_ instant: WallTime, now: WallTime, in zone: TimeZone) -> String {
        let local = LocalDateTime(instant, in: zone)
        let today = LocalDateTime(now, in: zone)
        let hms = two(local.hour) + ":" + two(local.minute) + ":" + two(local.second)
        if local.date == today.date { return hms }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var text = "\(months[local.date.month - 1]) \(local.date.day)"
        if local.date.year != today.date.year { text += " \(local.date.year)" }
        return text + " " + two(local.hour) + ":" + two(local.minute)
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// A wall instant broken down into local civil time.
public struct LocalDateTime: Equatable, Sendable {
    public var date: CivilDate
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(_ instant: WallTime, in zone: TimeZone) {
        let seconds = instant.nanoseconds >= 0
            ? instant.nanoseconds / 1_000_000_000 : (instant.nanoseconds - 999_999_999) / 1_000_000_000
        let offset = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
        let local = seconds + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = Int(local - days * 86_400)
        date = CivilDate(daysSinceEpoch: days)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
    }
}
