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
    /// Why the folder itself cannot be watched (missing, not a directory, not readable); absent
    /// when it can.
    public var problem: String?
    /// Files that give nothing, at most 100, by name; `unreadableCount` counts them all.
    public var unreadable: [Unreadable]
    public var unreadableCount: Int

    public init(
        name: String, path: String, items: Int, problem: String?, unreadable: [Unreadable], unreadableCount: Int
    ) {
        self.name = name
        self.path = path
        self.items = items
        self.problem = problem
        self.unreadable = unreadable
        self.unreadableCount = unreadableCount
    }
}

public struct CalendarListResult: Codable, Sendable {
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
