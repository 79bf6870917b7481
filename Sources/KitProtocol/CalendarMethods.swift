import KitCore

/// `calendar.list`: the calendars kitd watches for alarms (`[calendars] watch`), read-only.
public struct WatchedCalendarInfo: Codable, Sendable, Equatable {
    /// A file of the folder that gives nothing, and why.
    public struct Unreadable: Codable, Sendable, Equatable {
        public var file: String
        public var reason: String
        public init(file: String, reason: String) {
            self.file = file
            self.reason = reason
        }
    }

    /// vdirsyncer's `displayname`, else the folder's name: what the agenda and popups call it.
    public var name: String
    public var path: String
    /// The events and to-dos read from its files (a series counts once).
    public var items: Int
    /// Whether every file has been read since kitd started (its alarms are planned).
    public var loaded: Bool
    /// Why the folder itself cannot be watched (missing, not a directory, not readable); absent
    /// when it can.
    public var problem: String?
    /// Files that give nothing, at most 100, by name; `unreadableCount` counts them all.
    public var unreadable: [Unreadable]
    public var unreadableCount: Int

    public init(
        name: String, path: String, items: Int, loaded: Bool, problem: String?, unreadable: [Unreadable],
        unreadableCount: Int
    ) {
        self.name = name
        self.path = path
        self.items = items
        self.loaded = loaded
        self.problem = problem
        self.unreadable = unreadable
        self.unreadableCount = unreadableCount
    }
}

public struct CalendarListResult: WireValue {
    /// In the order the configuration names them (a pattern's matches sorted).
    public var calendars: [WatchedCalendarInfo]
    /// How many alarms are planned (those of the next two days).
    public var plannedAlarms: Int
    /// The next alarm's instant; absent when none is planned.
    public var nextAlarmAt: String?

    public init(calendars: [WatchedCalendarInfo], plannedAlarms: Int, nextAlarmAt: String?) {
        self.calendars = calendars
        self.plannedAlarms = plannedAlarms
        self.nextAlarmAt = nextAlarmAt
    }
}

/// The watched calendars' part of `daemon.status`: how many, and the next alarm.
extension DaemonStatusResult {
    public struct CalendarSummary: Codable, Sendable, Equatable {
        public struct Next: Codable, Sendable, Equatable {
            /// The item's title (a changed occurrence's own).
            public var title: String
            /// When the alarm goes off (RFC 3339).
            public var at: String
            /// The calendar's name.
            public var calendar: String
            public init(title: String, at: String, calendar: String) {
                self.title = title
                self.at = at
                self.calendar = calendar
            }
        }

        public var calendars: Int
        public var next: Next?
        public init(calendars: Int, next: Next?) {
            self.calendars = calendars
            self.next = next
        }
    }

    /// Absent when kitd watches no calendar, or is older than this part.
    public var calendars: CalendarSummary? {
        get { section("calendars") }
        set { setSection("calendars", newValue) }
    }
}

/// An alarm of a watched calendar rang: `calendar.alarm`.
public struct CalendarAlarmEvent: Codable, Sendable, Equatable {
    public var uid: String
    /// The occurrence it is for: its date-time by the rule (ISO 8601, local).
    public var occurrence: String
    public var title: String
    public var calendar: String
    /// When it was to go off, and whether it came late (missed while kitd was off).
    public var at: String
    public var late: Bool
    /// How long after `at` it rang (kitd's wake-up, or the time kitd was off).
    public var latenessNs: Nanoseconds

    public init(
        uid: String, occurrence: String, title: String, calendar: String, at: String, late: Bool,
        latenessNs: Nanoseconds
    ) {
        self.uid = uid
        self.occurrence = occurrence
        self.title = title
        self.calendar = calendar
        self.at = at
        self.late = late
        self.latenessNs = latenessNs
    }
}

/// The next alarm of the watched calendars changed: `calendar.next`, with the new one, or
/// without one when none is planned.
public struct CalendarNextEvent: Codable, Sendable, Equatable {
    public var next: DaemonStatusResult.CalendarSummary.Next?

    public init(next: DaemonStatusResult.CalendarSummary.Next?) { self.next = next }
}

extension Event {
    /// An alarm of a watched calendar rang: `{uid, occurrence, title, calendar, at, late, latenessNs}`.
    public static let calendarAlarm = "calendar.alarm"
    /// The next alarm of the watched calendars changed: `{next}`.
    public static let calendarNext = "calendar.next"
}
