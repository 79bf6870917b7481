/// Offsets from UTC, by instant: what a time zone is, for display. KitCore never asks the
/// system which zone is current; callers pass one in (`LocalZone` in KitProtocol reads the
/// system's, `FixedOffset` serves tests).
public protocol UTCOffsets: Sendable {
    /// Seconds east of UTC in force at `instant`.
    func offset(at instant: WallTime) -> Int
}

/// A zone with one offset all year, such as UTC.
public struct FixedOffset: UTCOffsets {
    public var seconds: Int
    public init(seconds: Int) { self.seconds = seconds }
    public static let utc = FixedOffset(seconds: 0)
    public func offset(at instant: WallTime) -> Int { seconds }
}

/// Wall instants as people read them in a given zone.
public enum ClockText {
    /// `14:05:12` when `instant` is on the same local day as `now`, else `Nov 22 14:05`
    /// (with the year when it differs).
    public static func short(_ instant: WallTime, now: WallTime, in zone: some UTCOffsets) -> String {
        let local = LocalDateTime(instant, in: zone)
        let today = LocalDateTime(now, in: zone)
        let hms = two(local.hour) + ":" + two(local.minute) + ":" + two(local.second)
        if local.date == today.date { return hms }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var text = "\(months[local.date.month - 1]) \(local.date.day)"
        if local.date.year != today.date.year { text += " \(local.date.year)" }
        return text + " " + two(local.hour) + ":" + two(local.minute)
    }

    /// `short`, but `14:05` rather than `14:05:00`: for times people set, which are mostly on
    /// the minute.
    public static func brief(_ instant: WallTime, now: WallTime, in zone: some UTCOffsets) -> String {
        let text = short(instant, now: now, in: zone)
        return text.utf8.count == 8 && text.hasSuffix(":00") ? String(text.dropLast(3)) : text
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// A wall instant broken down into local civil time.
public struct LocalDateTime: Equatable, Sendable {
    public var date: CivilDate
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(_ instant: WallTime, in zone: some UTCOffsets) {
        let seconds =
            instant.nanoseconds >= 0
            ? instant.nanoseconds / 1_000_000_000 : (instant.nanoseconds - 999_999_999) / 1_000_000_000
        let local = seconds + Int64(zone.offset(at: instant))
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = Int(local - days * 86_400)
        date = CivilDate(daysSinceEpoch: days)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
    }
}
