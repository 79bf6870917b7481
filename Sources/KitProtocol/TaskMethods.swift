import KitCore

/// A task as the protocol shows it. All fields are stable.
// wire-codec: write
public struct TaskInfo: Codable, Sendable, WireValue, Equatable {
    public enum State: String, WireEnum {
        case open, done
    }

    public var id: Int64
    /// Stable across export and import (the iCalendar UID).
    public var uid: String
    public var title: String
    public var note: String?
    public var state: State
    /// The current occurrence's due instant (RFC 3339, UTC).
    public var dueAt: String
    /// The same as local civil time in the task's zone: `2026-11-25T18:00:00`.
    public var dueLocal: String
    /// The zone pinned with `--tz`; absent when the task follows the system zone.
    public var zone: String?
    /// The zone the due time is read in: the pinned one or the system's.
    public var effectiveZone: String
    public var allDay: Bool
    /// The repeat rule as RRULE text; absent for a one-off task.
    public var repeatRule: String?
    /// The same rule in words, as `--repeat` takes it (`weekdays`, `monthly on the 2nd tue`), or
    /// the RRULE when no friendly form says it; absent for a one-off task.
    public var repeatText: String?
    /// Pre-alerts, how long before due, largest first.
    public var alertsNs: [Nanoseconds]
    /// How often the due popup repeats until done or snoozed.
    public var nagNs: Nanoseconds?
    public var snoozedUntil: String?
    /// Open and past due (a snooze into the future does not count).
    public var overdue: Bool
    public var createdAt: String
    public var doneAt: String?
    /// For an event: when the current occurrence ends (its due is its start), RFC 3339, UTC.
    public var endAt: String?
    /// Where it takes place, as its calendar said (LOCATION).
    public var location: String?
    /// In the reply to `task.add` and `task.edit` only: the due as given (local, as `dueLocal`),
    /// when the repeat rule does not hold it and the first due moved to the rule's first day on
    /// or after it.
    public var dueMovedFrom: String?

    public init(
        id: Int64, uid: String, title: String, note: String?, state: State, dueAt: String, dueLocal: String,
        zone: String?, effectiveZone: String, allDay: Bool, repeatRule: String?, repeatText: String?,
        alertsNs: [Nanoseconds], nagNs: Nanoseconds?, snoozedUntil: String?, overdue: Bool, createdAt: String,
        doneAt: String?, endAt: String? = nil, location: String? = nil
    ) {
        self.id = id
        self.uid = uid
        self.title = title
        self.note = note
        self.state = state
        self.dueAt = dueAt
        self.dueLocal = dueLocal
        self.zone = zone
        self.effectiveZone = effectiveZone
        self.allDay = allDay
        self.repeatRule = repeatRule
        self.repeatText = repeatText
        self.alertsNs = alertsNs
        self.nagNs = nagNs
        self.snoozedUntil = snoozedUntil
        self.overdue = overdue
        self.createdAt = createdAt
        self.doneAt = doneAt
        self.endAt = endAt
        self.location = location
    }
}

/// What `task.add` and `task.edit` both take beside the title and the due time. In `task.edit`
/// an absent member keeps the task's value and an empty string clears it.
public struct TaskOptions: Codable, Sendable, Equatable {
    /// A repeat rule: `daily`, `weekly on mon,wed`, `monthly on the 2nd tue`, … or an RRULE.
    public var `repeat`: String?
    /// Pre-alerts before due: `1d,1h,10m`.
    public var remind: String?
    public var note: String?
    /// An IANA zone to pin the task to (`Asia/Seoul`); absent follows the system zone.
    public var tz: String?
    /// Repeat the due popup this often until done or snoozed: `15m`.
    public var nag: String?

    public init(
        repeat: String? = nil, remind: String? = nil, note: String? = nil, tz: String? = nil, nag: String? = nil
    ) {
        self.repeat = `repeat`
        self.remind = remind
        self.note = note
        self.tz = tz
        self.nag = nag
    }

    /// Whether any member is given.
    public var isEmpty: Bool { [`repeat`, remind, note, tz, nag].allSatisfy { $0 == nil } }
}

/// The longest texts a task's members take, in characters: a WHEN (`due`, `until`, and the
/// durations `remind`, `nag`, `for`), a repeat rule, and a zone name. The router refuses one
/// longer before the text is read (`ParamBound.text`).
public enum TaskTextLimits {
    public static let when = 200
    public static let rule = 2_000
    public static let zone = 200

    /// The bounds of the options `task.add` and `task.edit` share.
    static func options<Params>(_ options: KeyPath<Params, TaskOptions>) -> [ParamBound<Params>] {
        [
            .text("repeat", options.appending(path: \.repeat), limit: rule),
            .text("remind", options.appending(path: \.remind), limit: when),
            .text("tz", options.appending(path: \.tz), limit: zone),
            .text("nag", options.appending(path: \.nag), limit: when),
        ]
    }
}

/// `task.add`: a title, a due time and the options, in one object.
@dynamicMemberLookup
public struct TaskAddParams: WireValue, BoundedParams {
    public var title: String
    /// A WHEN as a person types it: `18:00`, `tomorrow 9:00`, `next fri`, `in 2h`, `2026-11-25 18:00` …
    public var due: String
    public var options: TaskOptions

    public init(title: String, due: String, options: TaskOptions = TaskOptions()) {
        self.title = title
        self.due = due
        self.options = options
    }

    public init(
        title: String, due: String, repeat: String? = nil, remind: String? = nil, note: String? = nil,
        tz: String? = nil, nag: String? = nil
    ) {
        self.init(
            title: title, due: due, options: TaskOptions(repeat: `repeat`, remind: remind, note: note, tz: tz, nag: nag)
        )
    }

    public subscript<Value>(dynamicMember field: KeyPath<TaskOptions, Value>) -> Value { options[keyPath: field] }

    public static var bounds: [ParamBound<Self>] {
        [.text("due", \.due, limit: TaskTextLimits.when)] + TaskTextLimits.options(\.options)
    }

    private enum CodingKeys: String, CodingKey {
        case title, due
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(due, forKey: .due)
        try options.encode(to: encoder)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            title: try container.decode(String.self, forKey: .title),
            due: try container.decode(String.self, forKey: .due),
            options: try TaskOptions(from: decoder))
    }
}

public struct TaskListParams: WireValue, BoundedParams {
    /// Which tasks a list holds.
    public enum Filter: String, WireEnum {
        case open, today, week, overdue, done, all

        /// An unknown filter is a wrong value, not a wrong type: `-32003`, saying which there are.
        public init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let filter = Filter(rawValue: text) else {
                let known = Self.allCases.map(\.rawValue)
                throw KitError.invalidArgument(
                    "unknown filter '\(text.prefix(40))'; use \(known.dropLast().joined(separator: ", ")) or \(known.last ?? "")"
                )
            }
            self = filter
        }
    }

    /// `open` when absent.
    public var filter: Filter?
    /// The most tasks in the page, `limits`; `defaultLimit` when absent.
    public var limit: Int?
    /// The `next` of the page before; absent for the first page.
    public var after: String?

    public static let defaultLimit = 1000
    public static let limits = 1...10_000
    public static var bounds: [ParamBound<Self>] {
        [.count("limit", \.limit, limits, unit: "tasks a page", hint: "follow 'next' for more")]
    }

    public init(filter: Filter? = nil, limit: Int? = nil, after: String? = nil) {
        self.filter = filter
        self.limit = limit
        self.after = after
    }
}

public struct TaskListResult: WireValue {
    public var tasks: [TaskInfo]
    /// Where the next page starts (pass it as `after`); absent on the last page.
    public var next: String?

    public init(tasks: [TaskInfo], next: String? = nil) {
        self.tasks = tasks
        self.next = next
    }
}

public struct TaskRefParams: WireValue {
    /// An id, or a title (case-insensitive) that only one task has.
    public var ref: RecordRef
    public init(ref: String) { self.ref = RecordRef(ref) }
}

public struct TaskSnoozeParams: WireValue, BoundedParams {
    public var ref: RecordRef
    /// How long: `10m`. Absent (with `until` absent too) uses the configured default.
    public var `for`: String?
    /// Until a WHEN: `tomorrow 9:00`.
    public var until: String?

    public static var bounds: [ParamBound<Self>] {
        [.text("for", \.for, limit: TaskTextLimits.when), .text("until", \.until, limit: TaskTextLimits.when)]
    }

    public init(ref: String, for duration: String? = nil, until: String? = nil) {
        self.ref = RecordRef(ref)
        self.for = duration
        self.until = until
    }
}

/// A change to a task: a new title or due time, and the options. Absent members are kept; an
/// empty string clears `repeat`, `remind`, `note`, `tz` and `nag`.
@dynamicMemberLookup
public struct TaskEditParams: WireValue, BoundedParams {
    public var ref: RecordRef
    public var title: String?
    public var due: String?
    public var options: TaskOptions

    public init(ref: String, title: String? = nil, due: String? = nil, options: TaskOptions = TaskOptions()) {
        self.ref = RecordRef(ref)
        self.title = title
        self.due = due
        self.options = options
    }

    public init(
        ref: String, title: String? = nil, due: String? = nil, repeat: String? = nil, remind: String? = nil,
        note: String? = nil, tz: String? = nil, nag: String? = nil
    ) {
        self.init(
            ref: ref, title: title, due: due,
            options: TaskOptions(repeat: `repeat`, remind: remind, note: note, tz: tz, nag: nag))
    }

    public subscript<Value>(dynamicMember field: KeyPath<TaskOptions, Value>) -> Value { options[keyPath: field] }

    public static var bounds: [ParamBound<Self>] {
        [.text("due", \.due, limit: TaskTextLimits.when)] + TaskTextLimits.options(\.options)
    }

    private enum CodingKeys: String, CodingKey {
        case ref, title, due
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ref, forKey: .ref)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(due, forKey: .due)
        try options.encode(to: encoder)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ref = try container.decode(RecordRef.self, forKey: .ref)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        due = try container.decodeIfPresent(String.self, forKey: .due)
        options = try TaskOptions(from: decoder)
    }
}

public struct TaskDeleteResult: WireValue {
    public var deleted: Int64
    public init(deleted: Int64) { self.deleted = deleted }
}

public struct TaskAgendaParams: WireValue {
    /// Start of the window.
    public var from: WireInstant
    /// End of the window, exclusive.
    public var to: WireInstant
    /// Only the number of occurrences per local day (for a month grid).
    public var countsOnly: Bool?
    /// A country whose public holidays in the window come in `holidays` (`KR`); without it, those
    /// of `[holidays] country` in kitd's configuration.
    public var holidays: String?

    public init(from: WireInstant, to: WireInstant, countsOnly: Bool? = nil, holidays: String? = nil) {
        self.from = from
        self.to = to
        self.countsOnly = countsOnly
        self.holidays = holidays
    }

    /// The window from RFC 3339 texts; refused as kitd would refuse them.
    public init(from: String, to: String, countsOnly: Bool? = nil) throws(KitError) {
        self.init(
            from: try WireInstant(from, field: "from"), to: try WireInstant(to, field: "to"), countsOnly: countsOnly)
    }
}

/// One occurrence in the agenda window.
public struct AgendaItem: Codable, Sendable, Equatable {
    public var id: Int64
    public var title: String
    public var dueAt: String
    public var allDay: Bool
    /// Whether it is the task's current occurrence and past due (not snoozed).
    public var overdue: Bool
    /// For the task's current occurrence when snoozed: when its popup comes back (RFC 3339);
    /// absent otherwise.
    public var snoozedUntil: String?
    public var repeating: Bool
    /// For an event: when this occurrence ends, and where it takes place.
    public var endAt: String?
    public var location: String?
    /// For an item of a watched calendar (`calendar.list`), not one of kit's tasks: the
    /// calendar's name; `id` is then 0.
    public var calendar: String?

    public init(
        id: Int64, title: String, dueAt: String, allDay: Bool, overdue: Bool, snoozedUntil: String? = nil,
        repeating: Bool, endAt: String? = nil, location: String? = nil, calendar: String? = nil
    ) {
        self.calendar = calendar
        self.id = id
        self.title = title
        self.dueAt = dueAt
        self.allDay = allDay
        self.overdue = overdue
        self.snoozedUntil = snoozedUntil
        self.repeating = repeating
        self.endAt = endAt
        self.location = location
    }
}

public struct AgendaDay: Codable, Sendable, Equatable {
    /// The local date, `2026-11-25`, in the system zone.
    public var date: String
    public var count: Int
    public var overdue: Int
    public init(date: String, count: Int, overdue: Int) {
        self.date = date
        self.count = count
        self.overdue = overdue
    }
}

public struct TaskAgendaResult: WireValue {
    /// Occurrences in due order (absent with `countsOnly`).
    public var items: [AgendaItem]?
    /// Occurrences per local day (with `countsOnly`).
    public var days: [AgendaDay]?
    /// The public holidays on the window's local days, when asked for or configured.
    public var holidays: [HolidayInfo]?
    public init(items: [AgendaItem]? = nil, days: [AgendaDay]? = nil, holidays: [HolidayInfo]? = nil) {
        self.items = items
        self.days = days
        self.holidays = holidays
    }
}

public struct TaskExportResult: WireValue {
    /// An iCalendar document with one VTODO per task.
    public var ics: String
    public var count: Int
    public init(ics: String, count: Int) {
        self.ics = ics
        self.count = count
    }
}

public struct TaskImportParams: WireValue {
    /// An iCalendar document (VTODO and VEVENT).
    public var ics: String
    /// Refuse the whole document at the first component kit cannot read or represent, instead
    /// of leaving that component out. Absent: false.
    public var strict: Bool?
    /// Report what would be imported, and store nothing. Absent: false.
    public var dryRun: Bool?

    public init(ics: String, strict: Bool? = nil, dryRun: Bool? = nil) {
        self.ics = ics
        self.strict = strict
        self.dryRun = dryRun
    }
}

/// A component, or a line, that `task.import` left out because kit cannot read or represent it.
// wire-codec: write
public struct TaskImportRejection: Codable, Sendable, Equatable {
    /// The line it starts on, counting from 1.
    public var line: Int
    /// `VEVENT`, `VTODO`, …; absent for a line outside any component.
    public var component: String?
    public var uid: String?
    public var title: String?
    public var reason: String

    public init(line: Int, component: String?, uid: String?, title: String?, reason: String) {
        self.line = line
        self.component = component
        self.uid = uid
        self.title = title
        self.reason = reason
    }
}

// wire-codec: write
public struct TaskImportResult: Codable, Sendable, WireValue {
    /// The tasks imported (with `dryRun`, those that would be, each with id 0).
    public var imported: [TaskInfo]
    /// Every notice as a line of text: unknown properties and components, duplicates, and the
    /// rejections.
    public var skipped: [String]
    /// The same notices in the same order, each with its template, for a client to translate.
    public var notices: [MessageText]?
    /// What was left out because kit cannot read or represent it.
    public var rejected: [TaskImportRejection]
    /// Tasks already here that the document had a newer version of (`SEQUENCE`, then
    /// `LAST-MODIFIED`), as they are now.
    public var updated: [TaskInfo]
    /// True when nothing was stored; absent otherwise.
    public var dryRun: Bool?

    public init(
        imported: [TaskInfo], skipped: [KitMessage], rejected: [TaskImportRejection] = [], updated: [TaskInfo] = [],
        dryRun: Bool? = nil
    ) {
        self.imported = imported
        self.skipped = skipped.map(\.english)
        notices = skipped.isEmpty ? nil : skipped.map(MessageText.init)
        self.rejected = rejected
        self.updated = updated
        self.dryRun = dryRun
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        imported = try container.decode([TaskInfo].self, forKey: .imported)
        skipped = try container.decode([String].self, forKey: .skipped)
        notices = try container.decodeIfPresent([MessageText].self, forKey: .notices)
        rejected = try container.decodeIfPresent([TaskImportRejection].self, forKey: .rejected) ?? []
        updated = try container.decodeIfPresent([TaskInfo].self, forKey: .updated) ?? []
        dryRun = try container.decodeIfPresent(Bool.self, forKey: .dryRun)
    }
}
