/// A date and a time on a civil clock, with no zone: what a person means by "Nov 25 at 18:00".
///
/// Deadlines are kept in these terms and turned into instants only at the last moment (see
/// `ZoneResolver`), so that a daily 09:00 reminder stays at 09:00 across DST changes.
public struct CivilDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: CivilDate
    /// The clock reading; 11 bytes in all with the date.
    public var time: TimeOfDay

    /// Builds a date-time without checking it; use `validated` for input.
    public init(date: CivilDate, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.date = date
        self.time = TimeOfDay(hour: hour, minute: minute, second: second)
    }

    public init(date: CivilDate, time: TimeOfDay) {
        self.date = date
        self.time = time
    }

    public var hour: Int {
        get { time.hour }
        set { time.hour = newValue }
    }
    public var minute: Int {
        get { time.minute }
        set { time.minute = newValue }
    }
    public var second: Int {
        get { time.second }
        set { time.second = newValue }
    }

    /// Checks every field, including the year range kit handles (`CivilDate.supportedYears`).
    public static func validated(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0
    ) throws(KitError) -> CivilDateTime {
        let date = try CivilDate.validated(year: year, month: month, day: day)
        let time = try TimeOfDay.validated(hour: hour, minute: minute, second: second)
        return CivilDateTime(date: date, time: time)
    }

    /// The local reading of `instant` in `zone`.
    public init(_ instant: WallTime, in zone: some UTCOffsets) {
        let local = LocalDateTime(instant, in: zone)
        self.init(date: local.date, hour: local.hour, minute: local.minute, second: local.second)
    }

    /// Seconds since 1970-01-01 00:00:00 on the same civil clock: the instant this would be if
    /// the zone were UTC. Differences between two of these count civil seconds.
    public init(localSeconds: Int64) {
        let days = localSeconds >= 0 ? localSeconds / 86_400 : (localSeconds - 86_399) / 86_400
        let secondOfDay = Int(localSeconds - days * 86_400)
        self.init(
            date: CivilDate(daysSinceEpoch: days), hour: secondOfDay / 3600, minute: secondOfDay % 3600 / 60,
            second: secondOfDay % 60)
    }

    /// See `init(localSeconds:)`.
    public var localSeconds: Int64 {
        date.daysSinceEpoch * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// This civil time read as UTC.
    public var utcInstant: WallTime { WallTime(nanoseconds: localSeconds * Nanoseconds.nanosecondsPerSecond) }

    public var isValid: Bool { date.isValid && time.isValid }

    public func adding(seconds: Int64) -> CivilDateTime { CivilDateTime(localSeconds: localSeconds + seconds) }

    public func adding(days: Int) -> CivilDateTime { CivilDateTime(date: date.adding(days: days), time: time) }

    public static func < (lhs: CivilDateTime, rhs: CivilDateTime) -> Bool {
        (lhs.date, lhs.hour, lhs.minute, lhs.second) < (rhs.date, rhs.hour, rhs.minute, rhs.second)
    }

    /// `2026-11-25T18:00:00`.
    public var description: String { iso8601 }
}
