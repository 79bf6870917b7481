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
    /// How a locale writes times: its month abbreviations, and a 12- or 24-hour clock. kitctl
    /// reads it from `LC_TIME`; `english` (the C locale's) is kitd's and the default.
    public struct Style: Sendable, Equatable {
        public var months: [String]
        public var twelveHour: Bool
        public var am: String
        public var pm: String
        /// What follows the day of the month: `일` in Korean (`11월 29일`), nothing in English.
        public var daySuffix: String
        /// Whether AM and PM come before the time (`오후 2:05`), as in Korean.
        public var meridiemFirst: Bool
        /// The year's word when the year comes first (`년` in `2027년 4월 20일`); nil when it
        /// follows the day (`Apr 20 2027`).
        public var yearFirst: String?

        public init(
            months: [String], twelveHour: Bool, am: String = "AM", pm: String = "PM", daySuffix: String = "",
            meridiemFirst: Bool = false, yearFirst: String? = nil
        ) {
            self.yearFirst = yearFirst
            self.months = months.count == 12 ? months : Style.english.months
            self.twelveHour = twelveHour
            self.am = am
            self.pm = pm
            self.daySuffix = daySuffix
            self.meridiemFirst = meridiemFirst
        }

        public static let english = Style(
            months: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
            twelveHour: false)

        /// `14:05` or `2:05 PM`, with `:12` seconds when given.
        func time(hour: Int, minute: Int, second: Int?) -> String {
            let tail = ":" + two(minute) + (second.map { ":" + two($0) } ?? "")
            guard twelveHour else { return two(hour) + tail }
            let twelve = hour % 12 == 0 ? 12 : hour % 12
            let meridiem = hour < 12 ? am : pm
            return meridiemFirst ? meridiem + " \(twelve)" + tail : "\(twelve)" + tail + " " + meridiem
        }
    }

    /// `14:05:12` when `instant` is on the same local day as `now`, else `Nov 22 14:05`
    /// (with the year when it differs); in `style`'s month names and clock.
    public static func short(
        _ instant: WallTime, now: WallTime, in zone: some UTCOffsets, style: Style = .english
    ) -> String {
        let local = LocalDateTime(instant, in: zone)
        let today = LocalDateTime(now, in: zone)
        if local.date == today.date { return style.time(hour: local.hour, minute: local.minute, second: local.second) }
        var text = "\(style.months[local.date.month - 1]) \(local.date.day)\(style.daySuffix)"
        if local.date.year != today.date.year {
            text = style.yearFirst.map { "\(local.date.year)\($0) " + text } ?? text + " \(local.date.year)"
        }
        return text + " " + style.time(hour: local.hour, minute: local.minute, second: nil)
    }

    /// `short`, but `14:05` rather than `14:05:00`: for times people set, which are mostly on
    /// the minute.
    public static func brief(
        _ instant: WallTime, now: WallTime, in zone: some UTCOffsets, style: Style = .english
    ) -> String {
        let local = LocalDateTime(instant, in: zone)
        let today = LocalDateTime(now, in: zone)
        if local.date == today.date && local.second == 0 {
            return style.time(hour: local.hour, minute: local.minute, second: nil)
        }
        return short(instant, now: now, in: zone, style: style)
    }
}

extension ClockText {
    /// An event's span from `start` to `end`: `14:00–15:00` within one day (the start as `brief`
    /// writes it, so `Dec 10 14:00–15:00` on another day), else both ends as `brief` writes them,
    /// joined by ` – `. All day (`allDay`): the days it covers, `end` being the day after its last
    /// (`Dec 10`, or `Dec 10 – Dec 12`).
    public static func span(
        _ start: WallTime, _ end: WallTime, allDay: Bool = false, now: WallTime, in zone: some UTCOffsets,
        style: Style = .english
    ) -> String {
        let from = LocalDateTime(start, in: zone)
        let to = LocalDateTime(end, in: zone)
        if allDay {
            let last = to.date.adding(days: -1)
            let first = day(from.date, style: style)
            return last > from.date ? first + " – " + day(last, style: style) : first
        }
        let first = brief(start, now: now, in: zone, style: style)
        if from.date == to.date {
            return first + "–" + style.time(hour: to.hour, minute: to.minute, second: to.second == 0 ? nil : to.second)
        }
        return first + " – " + brief(end, now: now, in: zone, style: style)
    }

    /// `Dec 10`, in `style`'s month names.
    static func day(_ date: CivilDate, style: Style) -> String {
        "\(style.months[date.month - 1]) \(date.day)\(style.daySuffix)"
    }
}

private func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

/// A wall instant broken down into local civil time.
public struct LocalDateTime: Equatable, Sendable {
    public var date: CivilDate
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(_ instant: WallTime, in zone: some UTCOffsets) {
        let seconds =
            instant.nanoseconds >= 0
            ? instant.nanoseconds / Nanoseconds.nanosecondsPerSecond
            : (instant.nanoseconds - 999_999_999) / Nanoseconds.nanosecondsPerSecond
        let local = seconds + Int64(zone.offset(at: instant))
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = Int(local - days * 86_400)
        date = CivilDate(daysSinceEpoch: days)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
    }
}
