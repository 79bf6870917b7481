import KitCore

// The stored properties of the types extended here are declared in Wire/CalendarMethods.wire.

/// The watched calendars' part of `daemon.status`: how many, and the next alarm.
extension DaemonStatusResult {

    /// Absent when kitd watches no calendar, or is older than this part.
    public var calendars: CalendarSummary? {
        get { section("calendars") }
        set { setSection("calendars", newValue) }
    }
}

extension Event {
    /// An alarm of a watched calendar rang: `{uid, occurrence, title, calendar, at, late, latenessNs}`.
    public static let calendarAlarm = "calendar.alarm"
    /// The next alarm of the watched calendars changed: `{next}`.
    public static let calendarNext = "calendar.next"
}
