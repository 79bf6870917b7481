/// A task with a deadline: civil time in a zone, optionally repeating, with pre-alerts and an
/// optional nag. Stored as civil time plus zone, so it keeps its local time when the zone's
/// offset changes (DST) or, for a task that follows the system zone, when the system zone does.
public struct TaskItem: Sendable, Equatable, Identifiable {
    public enum Status: Sendable, Equatable {
        case open
        case done(at: WallTime)
    }

    public let id: Int64
    /// A stable identifier for iCalendar.
    public var uid: String
    public var title: String
    public var note: String?
    /// An IANA zone pinned with `--tz`; nil follows the system zone.
    public var zone: String?
    /// Due on a day rather than at a time (fires at the all-day time it was given).
    public var allDay: Bool
    /// The first occurrence: what the rule is expanded from.
    public var anchor: CivilDateTime
    public var recurrence: Recurrence?
    /// Dates the rule's series adds (RDATE) and takes out (EXDATE); empty without a rule.
    public var dates: SeriesDates
    /// The occurrence the task is at: the next to do (or, once done, the last one).
    public var occurrence: CivilDateTime
    /// Pre-alert offsets before the due instant, largest first.
    public var alerts: [Nanoseconds]
    /// Repeat the due popup this often until done or snoozed.
    public var nag: Nanoseconds?
    public var status: Status
    /// The due popup comes again at this instant (instead of at the due instant).
    public var snoozedUntil: WallTime?
    /// Whether the current occurrence's due popup has fired.
    public var dueFired: Bool
    /// Which of the current occurrence's pre-alerts have fired, as bits by index into `alerts`.
    public var alertsFired: Int
    /// When the due popup (or its nag) last went out.
    public var lastNagAt: WallTime?
    public var createdAt: WallTime
    /// Which version of the task this is, as iCalendar counts them (`SEQUENCE`, `LAST-MODIFIED`):
    /// kit sets `modifiedAt` when a change shows in the task's calendar file, a file read in
    /// brings its own.
    public var sequence: Int
    public var modifiedAt: WallTime?
    /// An event's length (DTEND or DURATION from its VEVENT) on the task's civil clock, from each
    /// occurrence's due (its start); nil for a to-do. A calendar writes it back as a VEVENT.
    public var length: Nanoseconds?
    /// Where it takes place (LOCATION), as the calendar said it.
    public var location: String?
    /// What its calendar file said that kit does not read (PRIORITY, CATEGORIES, `X-…`), as
    /// content lines: an export writes them back. (Its vdir file keeps them itself.)
    public var extra: [String]

    public init(
        id: Int64, uid: String, title: String, note: String? = nil, zone: String? = nil, allDay: Bool = false,
        anchor: CivilDateTime, recurrence: Recurrence? = nil, dates: SeriesDates = .init(),
        occurrence: CivilDateTime? = nil,
        alerts: [Nanoseconds] = [], nag: Nanoseconds? = nil, status: Status = .open, snoozedUntil: WallTime? = nil,
        dueFired: Bool = false, alertsFired: Int = 0, lastNagAt: WallTime? = nil, createdAt: WallTime,
        sequence: Int = 0, modifiedAt: WallTime? = nil, length: Nanoseconds? = nil, location: String? = nil,
        extra: [String] = []
    ) {
        self.id = id
        self.uid = uid
        self.title = title
        self.note = note
        self.zone = zone
        self.allDay = allDay
        self.anchor = anchor
        self.recurrence = recurrence
        self.dates = dates
        self.occurrence = occurrence ?? anchor
        self.alerts = alerts
        self.nag = nag
        self.status = status
        self.snoozedUntil = snoozedUntil
        self.dueFired = dueFired
        self.alertsFired = alertsFired
        self.lastNagAt = lastNagAt
        self.createdAt = createdAt
        self.sequence = sequence
        self.modifiedAt = modifiedAt
        self.length = length
        self.location = location
        self.extra = extra
    }

    public var isOpen: Bool { status == .open }

    /// The same task under another id (for inserts that learn the id from the database).
    public func withID(_ id: Int64) -> TaskItem {
        TaskItem(
            id: id, uid: uid, title: title, note: note, zone: zone, allDay: allDay, anchor: anchor,
            recurrence: recurrence, dates: dates,
            occurrence: occurrence, alerts: alerts, nag: nag, status: status, snoozedUntil: snoozedUntil,
            dueFired: dueFired, alertsFired: alertsFired, lastNagAt: lastNagAt, createdAt: createdAt,
            sequence: sequence, modifiedAt: modifiedAt, length: length, location: location, extra: extra)
    }

    /// The current occurrence's title: its own when it was changed on its own, else the task's.
    public var occurrenceTitle: String { title(at: occurrence) }

    /// The current occurrence's note: its own when it has one, else the task's.
    public var occurrenceNote: String? { dates.override(comingAt: occurrence)?.note ?? note }

    /// The title of the occurrence that comes at `civil`.
    public func title(at civil: CivilDateTime) -> String { dates.override(comingAt: civil)?.title ?? title }

    /// The series of a repeating task, with its extra and removed dates; nil for a one-off.
    public func series(in zone: some UTCOffsets) throws(KitError) -> RecurrenceSeries? {
        guard let recurrence else { return nil }
        return try RecurrenceSeries(rule: recurrence, anchor: anchor, zone: zone, dates: dates)
    }

    /// Whether it came from an event (a VEVENT), which has a length, rather than a to-do.
    public var isEvent: Bool { length != nil }

    /// When the occurrence due at `civil` ends, for an event: its due moved on by `length` on the
    /// civil clock.
    public func end(of civil: CivilDateTime) -> CivilDateTime? {
        length.map { civil.adding(seconds: $0 / Nanoseconds.second) }
    }

    /// The current occurrence's due instant in `zone` (the task's own, or the system's).
    public func due(in zone: some UTCOffsets) -> WallTime { ZoneResolver.instant(for: occurrence, in: zone) }

    /// Where the current occurrence stands at `now`: the one answer that `task list`, `task
    /// show`, the agenda, the bar and status all give.
    public func occurrenceState(now: WallTime, in zone: some UTCOffsets) -> OccurrenceState {
        if case .done(let at) = status { return .done(at: at) }
        // Snoozed until a time still to come: its popup comes back then, whatever its due.
        if let snoozedUntil, snoozedUntil > now { return .snoozed(until: snoozedUntil) }
        return due(in: zone) <= now ? .overdue : .upcoming
    }

    /// Open and past its due instant, not snoozed past `now`.
    public func isOverdue(now: WallTime, in zone: some UTCOffsets) -> Bool {
        occurrenceState(now: now, in: zone) == .overdue
    }
}

/// Where a task's current occurrence stands at an instant (`TaskItem.occurrenceState`).
public enum OccurrenceState: Sendable, Equatable {
    /// Its due instant is still to come.
    case upcoming
    /// Past due: its popup came, and it was neither done nor snoozed.
    case overdue
    /// Put off: its popup comes back at `until`.
    case snoozed(until: WallTime)
    case done(at: WallTime)

    /// When a snoozed occurrence comes back; nil in any other state.
    public var snoozedUntil: WallTime? {
        if case .snoozed(let until) = self { until } else { nil }
    }
}

/// What of a task comes due: a pre-alert (by index into `alerts`), the due popup, or a nag.
public enum TaskFire: Hashable, Comparable, Sendable, CustomStringConvertible {
    case alert(Int)
    case due
    case nag

    public var description: String {
        switch self {
        case .alert(let index): "alert\(index)"
        case .due: "due"
        case .nag: "nag"
        }
    }
}
