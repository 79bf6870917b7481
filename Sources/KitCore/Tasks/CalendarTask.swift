/// A task as iCalendar carries it: what `ICalendarWriter` writes as a VTODO (a VEVENT when it has
/// an `end`) and what `ICalendarReader` reads from a VTODO or VEVENT. Plain values; the daemon maps zone names
/// (TZID) to real zones and applies its own rules (names, limits) when it stores one.
public struct CalendarTask: Hashable, Sendable {
    public enum Status: String, Hashable, Sendable {
        case needsAction = "NEEDS-ACTION"
        case completed = "COMPLETED"
        case cancelled = "CANCELLED"
    }

    /// Globally unique id, e.g. `task-7@kit`.
    public var uid: String
    public var title: String
    public var note: String?
    public var due: CalendarDue?
    public var recurrence: Recurrence?
    /// Its rules after the first (a second `RRULE`), each read from the same due.
    public var moreRules: [Recurrence] = []
    /// Pre-alert offsets before the due time, largest first (see `PreAlerts`).
    public var alerts: [Nanoseconds]
    /// Every VALARM as RFC 5545 defines it (DISPLAY and AUDIO ones, at most
    /// `maximumAlarms`): what a watched calendar rings by. An import keeps `alerts` instead.
    public var alarms: [CalendarAlarm] = []
    /// The most alarms kit keeps of one component.
    public static let maximumAlarms = 10
    /// Alarms at a fixed instant (`TRIGGER;VALUE=DATE-TIME`), as read; the daemon, which knows the
    /// due instant, turns them into pre-alerts. The writer does not write them.
    public var fixedAlerts: [WallTime] = []
    /// A repeating task's RDATEs and EXDATEs, each in the form the file gives it (the daemon
    /// reads them in the task's zone).
    public var addedDates: [CalendarDue] = []
    public var removedDates: [CalendarDue] = []
    /// For a component that changes one occurrence of a series: that occurrence's date-time by the
    /// rule (`RECURRENCE-ID`), and whether the change is for it and all later ones
    /// (`RANGE=THISANDFUTURE`).
    public var recurrenceID: CalendarDue?
    public var thisAndFuture = false
    /// For a series whose `DUE` comes after its `DTSTART`: the seconds between them on the civil
    /// clock. kit repeats a task from its due, so the reader moves the RDATEs and EXDATEs by this;
    /// the RECURRENCE-IDs of its changed occurrences (which name an occurrence by its start) are
    /// moved by it when the series and its changes meet.
    public var dueAfterStart: Int64 = 0
    /// For a VTODO with both DTSTART and DUE, repeating or not: the seconds on the civil clock
    /// from one to the other, which an alarm related to its start is measured back from its due.
    public var startBeforeDue: Int64 = 0
    /// A series' occurrences changed one at a time, each a task with `recurrenceID`: the writer
    /// writes them as components of their own after the series.
    public var overrides: [CalendarTask] = []
    public var status: Status
    /// Its version (`SEQUENCE`, `LAST-MODIFIED`); the writer writes a SEQUENCE above 0 and a
    /// LAST-MODIFIED it has.
    public var sequence = 0
    public var modified: WallTime?
    /// An event's end (a VEVENT's DTEND, or DTSTART moved by its DURATION, or the length RFC 5545
    /// gives one without either); nil for a to-do. The writer writes a task with one as a VEVENT.
    public var end: CalendarDue?
    /// LOCATION.
    public var location: String?
    /// The properties kit does not read (PRIORITY, CATEGORIES, URL, `X-…`), as their content lines,
    /// unfolded: kept, and written back as they are on export.
    public var extra: [String] = []

    public init(
        uid: String, title: String, note: String? = nil, due: CalendarDue? = nil, recurrence: Recurrence? = nil,
        alerts: [Nanoseconds] = [], status: Status = .needsAction
    ) {
        self.uid = uid
        self.title = title
        self.note = note
        self.due = due
        self.recurrence = recurrence
        self.alerts = alerts
        self.status = status
    }

    /// The longest LOCATION kit keeps, in characters.
    public static let locationLimit = 2000
    /// The most of `extra` kit keeps of one component; past it, a property is skipped (and said).
    public static let extraLimit = (lines: 100, bytes: 32 * 1024)

    /// True when the task is due on a day rather than at a time.
    public var allDay: Bool {
        if case .date = due { return true }
        return false
    }
}
