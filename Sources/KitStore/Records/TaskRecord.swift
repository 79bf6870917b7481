import GRDB
import KitCore

/// A row of the `task` table, as tasks are written. Civil date-times are stored as
/// `CivilDateTime.iso8601` text. Tasks are read through SQLite's C interface (TaskStore+Rows.swift
/// says why), so this record only writes.
struct TaskRecord: Encodable, PersistableRecord {
    static let databaseTableName = "task"

    var id: Int64
    var uid: String
    var title: String
    /// The title as titles are matched (NameRules.matchKey), for the index on it.
    var titleKey: String
    var note: String?
    var zone: String?
    var allDay: Bool
    var anchor: String
    /// The repeat rule as an RRULE; nil for a task that does not repeat.
    var rrule: String?
    /// RDATEs and EXDATEs as civil date-times separated by commas (`SeriesDates.text`).
    var rdates: String?
    var exdates: String?
    /// Occurrences changed on their own, as JSON (`OverrideRecord`).
    var overrides: String?
    /// The rules after the first, as RRULEs one a line; nil for none.
    var moreRules: String?
    var occurrence: String
    /// Pre-alert offsets in nanoseconds, separated by commas.
    var alerts: String
    var nagNs: Nanoseconds?
    /// `open` or `done`; a done task also has `doneAtNs`.
    var state: String
    var doneAtNs: Int64?
    var snoozedUntilNs: Int64?
    var dueFired: Bool
    var alertsFired: Int
    var lastNagNs: Int64?
    var createdAtNs: Int64
    /// The task's iCalendar version: `SEQUENCE`, and `LAST-MODIFIED` in nanoseconds.
    var sequence: Int
    var modifiedNs: Int64?
    /// The task's instants (TaskInstants), worked out in its zone; NULL until kitd knows them.
    var dueNs: Int64?
    var fireNs: Int64?
    /// An event's length in nanoseconds, and its place; NULL for a to-do, or none.
    var lengthNs: Int64?
    var location: String?
    /// The content lines kit keeps without reading, one a line; NULL for none.
    var icalExtra: String?

    /// Every column of the record. The import's insert (TaskStore+Rows.swift) binds them by an
    /// exhaustive switch over these, so a new column cannot be left out of it.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, uid, title, note, zone, anchor, rrule, rdates, exdates, overrides, occurrence, alerts, state
        case titleKey = "title_key"
        case allDay = "all_day"
        case nagNs = "nag_ns"
        case doneAtNs = "done_at_ns"
        case snoozedUntilNs = "snoozed_until_ns"
        case dueFired = "due_fired"
        case alertsFired = "alerts_fired"
        case lastNagNs = "last_nag_ns"
        case createdAtNs = "created_at_ns"
        case moreRules = "more_rules"
        case sequence = "ical_sequence"
        case modifiedNs = "ical_modified_ns"
        case dueNs = "due_ns"
        case fireNs = "fire_ns"
        case lengthNs = "length_ns"
        case location
        case icalExtra = "ical_extra"
    }

    init(_ task: TaskItem, instants: TaskInstants?) {
        id = task.id
        uid = task.uid
        title = task.title
        titleKey = NameRules.matchKey(task.title)
        note = task.note
        zone = task.zone
        allDay = task.allDay
        anchor = task.anchor.iso8601
        rrule = task.recurrence?.rrule
        rdates = SeriesDates.text(task.dates.added)
        exdates = SeriesDates.text(task.dates.removed)
        overrides = OverrideRecord.text(task.dates.overrides)
        moreRules = task.dates.moreRules.isEmpty ? nil : task.dates.moreRules.map(\.rrule).joined(separator: "\n")
        occurrence = task.occurrence.iso8601
        alerts = task.alerts.map { String($0.value) }.joined(separator: ",")
        nagNs = task.nag
        if case .done(let at) = task.status { doneAtNs = at.nanoseconds }
        state = doneAtNs == nil ? "open" : "done"
        snoozedUntilNs = task.snoozedUntil?.nanoseconds
        dueFired = task.dueFired
        alertsFired = task.alertsFired
        lastNagNs = task.lastNagAt?.nanoseconds
        createdAtNs = task.createdAt.nanoseconds
        sequence = task.sequence
        modifiedNs = task.modifiedAt?.nanoseconds
        dueNs = instants?.due.nanoseconds
        fireNs = instants?.fire?.nanoseconds
        lengthNs = task.length?.value
        location = task.location
        icalExtra = task.extra.isEmpty ? nil : task.extra.joined(separator: "\n")
    }
}
