import Foundation
import KitCore
import KitProtocol
import KitStore
import Logging

/// The tasks feature: rows in the database, the few in use in memory, and their popups as
/// wall-clock alarms (see TaskWindow.swift and TaskFeature+Firing.swift). Due times are
/// civil times in a zone, turned into instants through `zones`, the seam that a change of the
/// system zone goes through; each row keeps its instants for the indexes.
final class TaskFeature: Feature {
    /// The tasks read or changed lately: a cache of the `task` table. Change a task only through
    /// `put` and `drop` (and `load`), which keep it, the overdue set and the status line up to date.
    var recent = RecordCache<TaskItem>(limit: 4096)
    /// The open tasks past their due instant, kept as tasks change, so that systemd's status line
    /// costs nothing per change. A task becomes overdue when its due popup fires, which changes it.
    var overdueIDs: Set<Int64> = []
    /// Counts for `daemon.status`, kept until a task changes.
    var summaryCache: DaemonStatusResult.TaskSummary?
    /// How many tasks are open: kept as tasks change.
    var openCount = 0
    /// The popups armed: those up to a horizon; the others wait in the table (TaskWindow.swift).
    private(set) var window: TaskWindow!
    let runtime: FeatureRuntime
    let eventNames = [
        Event.taskAdded, Event.taskChanged, Event.taskDone, Event.taskDeleted, Event.taskDue, Event.taskAlert,
        Event.taskMissed,
    ]
    /// The tasks' table, writing each row's instants as this feature works them out.
    private(set) var store: TaskStore
    /// `task.import`: calendar documents read off the loop and weighed here (TaskImport.swift).
    private(set) var importer: TaskImport!
    /// The tasks' vdir, one file each (`[vdir] tasks`), opened at start (TaskVdir.swift); nil
    /// for none.
    private(set) var vdir: TaskVdir?
    /// When this kitd started, on the wall clock: a popup due before it was missed.
    let startedAt: WallTime
    /// The instants being worked out again after a change of the system zone, a slice of the
    /// loop at a time (TaskFeature+Resettle.swift); nil when none is under way.
    var resettle: InstantsResettle?
    var resettleSource: DeferSource?
    /// How long a slice of that work may hold the loop, and how many tasks a page of it reads
    /// (a slice is one page at least; tests make both smaller).
    var resettleSlice = Duration.milliseconds(5)
    var resettlePage = 64

    /// The watched calendars, whose events the agenda lists beside the tasks.
    weak var calendars: CalendarFeature?

    init(_ runtime: FeatureRuntime, calendars: CalendarFeature? = nil) {
        (self.runtime, self.calendars) = (runtime, calendars)
        startedAt = runtime.startedAt.wall
        store = runtime.store.tasks
        store = store.scheduling { [unowned self] task in instants(of: task) }
        window = TaskWindow(scheduler: runtime.scheduler, store: store, clock: runtime.clock, logger: runtime.logger) {
            [unowned self] ids, now in fire(ids, now: now)
        }
        importer = TaskImport(tasks: self)
        runtime.popupActions.register(TaskPopup.self) { [unowned self] subject, key in pressed(key, on: subject) }
        runtime.popupActions.registerAgain { [unowned self] text, now in popupAgain(text, now: now) }
    }

    /// Counts the tasks and arms the first window of popups. Those that came due while kitd
    /// was down are all in it, armed in the past, so they fire on the first loop turn, where
    /// catch-up gathers them.
    func load(_ reason: LoadReason) throws {
        // The zones calendar files defined come first: tasks may be pinned to them.
        for (name, text) in try runtime.store.zoneDefinitions.all() { zones.defined.define(name, as: text) }
        recent.removeAll()
        let moved = try settleInstants()
        openCount = try store.openCount()
        recountOverdue()
        if reason == .start { vdir = try TaskVdir.open(for: self) }
        try window.reload(now: clock.now().wall)
        if moved { startResettle() }
        logger.info(
            "tasks loaded",
            metadata: [
                "task.open": "\(openCount)", "task.overdue": "\(overdueIDs.count)", "task.armed": "\(window.count)",
            ])
    }

    /// The zone a task's due time is read in.
    func zone(of task: TaskItem) -> any UTCOffsets {
        if let name = task.zone, let zone = zones.zone(named: name) { return zone }
        return zones.system
    }

    func info(_ task: TaskItem, now: WallTime? = nil) -> TaskInfo {
        let now = now ?? clock.now().wall
        let zone = zone(of: task)
        var doneAt: String?
        if case .done(let at) = task.status { doneAt = Timestamp.rfc3339(at) }
        let end = task.end(of: task.occurrence).map { Timestamp.rfc3339(ZoneResolver.instant(for: $0, in: zone)) }
        let rrule = task.recurrence?.rrule
        let state = task.occurrenceState(now: now, in: zone)
        return TaskInfo(
            id: task.id, uid: task.uid, title: task.title, note: task.note, state: task.isOpen ? .open : .done,
            dueAt: Timestamp.rfc3339(task.due(in: zone)), dueLocal: task.occurrence.iso8601, zone: task.zone,
            effectiveZone: task.zone ?? zones.systemName, allDay: task.allDay,
            repeatRule: rrule,
            repeatText: task.recurrence.map { rule in
                if rule.givesFirstDueOnly { return "on listed dates" }
                let rules = [rule] + task.dates.moreRules
                return rules.map { $0.friendlyText(anchor: task.anchor.date) ?? $0.rrule }.joined(separator: " and ")
            },
            alertsNs: task.alerts, nagNs: task.nag, snoozedUntil: state.snoozedUntil.map { Timestamp.rfc3339($0) },
            overdue: state == .overdue, createdAt: Timestamp.rfc3339(task.createdAt), doneAt: doneAt,
            endAt: end, location: task.location)
    }

    // MARK: Reading

    /// `today`'s tasks: those `task list --today` gives (due today, overdue, snoozed), first page.
    func today(into result: inout TodayResult, now: ClockReading) throws {
        let page = try list(TaskListParams(filter: .today, limit: TodayResult.listed))
        result.tasks = page.tasks
        if page.next != nil { result.truncated = (result.truncated ?? []) + ["tasks"] }
    }

    func list(_ params: TaskListParams) throws -> TaskListResult {
        let now = clock.now().wall
        let system = zones.system
        let today = CivilDateTime(now, in: system).date
        let filter = params.filter ?? .open
        // Read in due order (ties by id) through an index on each row's due instant.
        let selection: TaskSelection
        var last: CivilDate?
        switch filter {
        case .open: selection = .open()
        case .all: selection = .byDue
        case .done: selection = .done
        case .overdue: selection = .open(dueThrough: .through(now.nanoseconds))
        case .today, .week:
            let lastDay = today.adding(days: filter == .today ? 0 : 6)
            last = lastDay
            // Any instant of the day after `last` is later than every instant of `last` itself.
            let after = CivilDateTime(date: lastDay.adding(days: 2), time: .midnight)
            selection = .open(dueThrough: .through(ZoneResolver.instant(for: after, in: system).nanoseconds))
        }
        // The router held `limit` to `TaskListParams.bounds`.
        let limit = params.limit ?? TaskListParams.defaultLimit
        let place = try params.after.map { text throws(KitError) in try TaskListCursor.place(text) }
        var listed: [TaskInfo] = []
        var end: (due: Int64, id: Int64)?
        var more = false
        // A page reads its own rows, and the few a filter leaves out among them (snoozed ones,
        // the day after the week), wherever it starts.
        try store.walk(selection, after: place.map { ($0.due, $0.id) }) { task in
            let zone = zone(of: task)
            let due = task.due(in: zone)
            if filter == .overdue && !task.isOverdue(now: now, in: zone) { return true }
            if let last, CivilDateTime(due, in: system).date > last { return true }
            guard listed.count < limit else {
                more = true
                return false
            }
            listed.append(info(task, now: now))
            end = (due.nanoseconds, task.id)
            return true
        }
        return TaskListResult(tasks: listed, next: more ? end.map { TaskListCursor.text(due: $0.due, id: $0.id) } : nil)
    }

    func get(_ ref: RecordRef) throws -> TaskInfo { info(try resolve(ref)) }

    // MARK: Changing

    func add(_ params: TaskAddParams) throws -> TaskInfo {
        try Self.checkNote(params.options)
        let title = try Self.validTitle(params.title)
        var pinned = try params.tz.flatMap { try validZoneName($0) }
        var zone = pinned.flatMap(zones.zone(named:)) ?? zones.system
        let now = clock.now().wall
        let expression = try WhenExpression.parse(params.due)
        // A due time typed with a UTC offset (or `in 2h`) is one instant: without --tz, a task whose
        // offset the system zone does not have is pinned to that offset's zone, so it keeps that
        // instant; with it too when the zone's local time would name the first of a repeated hour.
        if pinned == nil || expression.isSecondOfRepeatedTime(in: zone, now: now),
            let fixed = expression.fixedOffsetZone(in: zone, now: now), let fixedZone = zones.zone(named: fixed)
        {
            pinned = fixed
            zone = fixedZone
        }
        let when = try expression.resolve(now: now, in: zone, defaultTime: settings[TaskSettings.self].allDayTime)
        let recurrence = try params.repeat.map { try Recurrence.parse($0).validated() }
        let (anchor, movedFrom) = try Self.firstDue(when.civil, of: recurrence)
        if let recurrence { _ = try RecurrenceSeries(rule: recurrence, anchor: anchor, zone: zone) }
        let alerts = try params.remind.map { try PreAlerts.parse($0) } ?? []
        let nag = try params.nag.map { try Self.validNag($0) }
        let task: TaskItem = try storing {
            try store.insertTask { id throws(KitError) in
                TaskItem(
                    id: id, uid: UIDs.make(), title: title,
                    note: Self.cleanNote(params.note),
                    zone: pinned, allDay: when.allDay, anchor: anchor, recurrence: recurrence, alerts: alerts,
                    nag: nag,
                    createdAt: now, modifiedAt: Self.stamp(now, after: nil))
            }
        }
        apply(task, old: nil, event: Event.taskAdded)
        logger.info(
            "task added", metadata: ["task.id": "\(task.id)", "task.due": "\(Timestamp.rfc3339(task.due(in: zone)))"])
        var added = info(task)
        added.dueMovedFrom = movedFrom?.iso8601
        return added
    }

    /// A repeating task's first due: `due` when its rule holds that day and time, else the rule's
    /// first after it, with `due` returned as where it moved from. Never a day outside the rule.
    static func firstDue(_ due: CivilDateTime, of rule: Recurrence?) throws(KitError) -> (
        CivilDateTime, movedFrom: CivilDateTime?
    ) {
        guard let rule else { return (due, nil) }
        guard let first = rule.firstOccurrence(onOrAfter: due) else {
            throw .invalidArgument(
                "the rule \(rule.rrule) never comes on or after \(due.iso8601.replacing("T", with: " ")); give a due the rule reaches, or another rule"
            )
        }
        return first == due ? (due, nil) : (first, due)
    }

    func done(_ ref: RecordRef) throws -> TaskInfo {
        let task = try resolve(ref)
        let now = clock.now().wall
        let (completed, occurrence) = try task.completed(at: now, in: zone(of: task))
        let updated = revised(completed, now: now)
        try storing { try store.recordTaskDone(updated, before: task, occurrence: occurrence, at: now) }
        apply(updated, old: task, event: Event.taskDone)
        return info(updated)
    }

    func undo(_ ref: RecordRef) throws -> TaskInfo {
        let task = try resolve(ref)
        let now = clock.now().wall
        let restored: TaskItem? = try storing {
            try store.undoTaskDone(task, modifiedAt: Self.stamp(now, after: task.modifiedAt))
        }
        guard let restored else {
            throw KitError.invalidState("'\(task.title)' has no done to undo", state: task.isOpen ? "open" : "done")
        }
        apply(restored, old: task, event: Event.taskChanged, change: .undone)
        return info(restored)
    }

    func snooze(_ params: TaskSnoozeParams) throws -> TaskInfo {
        let task = try resolve(params.ref)
        let now = clock.now().wall
        let until: WallTime
        switch (params.for, params.until) {
        case (let text?, nil): until = now + (try Self.duration(text, field: "for"))
        case (nil, let when?):
            // Its length is bounded at the edge (TaskSnoozeParams.bounds).
            until = try WhenExpression.parse(when).resolve(
                now: now, in: zone(of: task), defaultTime: settings[TaskSettings.self].allDayTime
            ).instant
        case (nil, nil): until = now + settings[TaskSettings.self].snooze
        default: throw KitError.invalidArgument("give 'for' (10m) or 'until' (tomorrow 9:00), not both")
        }
        let updated = try task.snoozed(until: until, now: now, in: zone(of: task))
        try save(updated)
        apply(updated, old: task, event: Event.taskChanged, change: .snoozed)
        return info(updated)
    }

    func edit(_ params: TaskEditParams) throws -> TaskInfo {
        guard params.title != nil || params.due != nil || !params.options.isEmpty else {
            throw KitError.invalidArgument("nothing to change; give one of title, due, repeat, remind, note, tz or nag")
        }
        try Self.checkNote(params.options)
        let original = try resolve(params.ref)
        var task = original
        if let title = params.title { task.title = try Self.validTitle(title) }
        if let note = params.note { task.note = Self.cleanNote(note) }
        if let tz = params.tz { task.zone = tz.isEmpty ? nil : try validZoneName(tz) }
        if let remind = params.remind {
            task.alerts = remind.isEmpty ? [] : try PreAlerts.parse(remind)
            task.alertsFired = 0
        }
        if let nag = params.nag { task.nag = nag.isEmpty ? nil : try Self.validNag(nag) }
        var zone = zone(of: task)
        if let due = params.due {
            let expression = try WhenExpression.parse(due)
            let now = clock.now().wall
            if params.tz == nil || expression.isSecondOfRepeatedTime(in: zone, now: now),
                let fixed = expression.fixedOffsetZone(in: zone, now: now), let fixedZone = zones.zone(named: fixed)
            {
                task.zone = fixed
                zone = fixedZone
            }
            let when = try expression.resolve(
                now: clock.now().wall, in: zone, defaultTime: settings[TaskSettings.self].allDayTime)
            task = task.rescheduled(anchor: when.civil, allDay: when.allDay)
        }
        if let rule = params.repeat {
            task.recurrence = rule.isEmpty ? nil : try Recurrence.parse(rule).validated()
            // A one-off has no series to add dates to or take them from.
            if task.recurrence == nil { task.dates = SeriesDates() }
            task = task.rescheduled(anchor: task.occurrence, allDay: task.allDay)
        }
        var movedFrom: CivilDateTime?
        if params.due != nil || params.repeat != nil {
            let first: CivilDateTime
            (first, movedFrom) = try Self.firstDue(task.anchor, of: task.recurrence)
            if movedFrom != nil { task = task.rescheduled(anchor: first, allDay: task.allDay) }
        }
        _ = try task.series(in: zone)
        task = revised(task, now: clock.now().wall)
        try save(task)
        apply(task, old: original, event: Event.taskChanged, change: .edited)
        var edited = info(task)
        edited.dueMovedFrom = movedFrom?.iso8601
        return edited
    }

    func delete(_ ref: RecordRef) throws -> DeleteResult {
        let task = try resolve(ref)
        try storing { try store.deleteTask(id: task.id) }
        let last = info(task)
        withdrawPopups(of: task, now: nil)
        drop(task)
        window.disarm(task.id)
        commits.onCommitted { [events, vdir] in
            events.emit(Event.taskDeleted, TaskEvent(task: last))
            vdir?.mirror.remove(task.uid)
        }
        return DeleteResult(deleted: task.id)
    }

    /// The system zone changed (the daemon has told `zones`): tasks that follow it get new
    /// instants, worked out again for every row a slice of the loop at a time (`startResettle`),
    /// each re-armed as it goes.
    func zoneChanged() { startResettle() }

    /// A task's version, as iCalendar counts them.
    static func version(of task: TaskItem) -> TaskStore.ItemVersion {
        TaskStore.ItemVersion(sequence: task.sequence, modified: task.modifiedAt)
    }

    /// The task as it is saved after a change: one its calendar file shows gets a new time of
    /// change, so that other devices take it for the newer version.
    func revised(_ task: TaskItem, now: WallTime) -> TaskItem {
        guard Self.fileDiffers((try? stored(task.id)) ?? nil, task) else { return task }
        var copy = task
        copy.modifiedAt = Self.stamp(now, after: task.modifiedAt)
        return copy
    }

    /// A time of change: `now` in whole seconds (what LAST-MODIFIED holds), and always after
    /// `previous`, so two changes in one second are two versions.
    static func stamp(_ now: WallTime, after previous: WallTime?) -> WallTime {
        let second = Nanoseconds.nanosecondsPerSecond
        let whole = { (time: WallTime) in time.nanoseconds - ((time.nanoseconds % second) + second) % second }
        guard let previous, whole(previous) >= whole(now) else { return WallTime(nanoseconds: whole(now)) }
        return WallTime(nanoseconds: whole(previous) + second)
    }

    /// Whether a task's file would read differently: not for what only kitd tracks (what has
    /// fired, a snooze, the last nag), so a popup going out writes nothing.
    static func fileDiffers(_ old: TaskItem?, _ new: TaskItem) -> Bool {
        guard let old else { return true }
        return old.uid != new.uid || old.title != new.title || old.note != new.note || old.zone != new.zone
            || old.allDay != new.allDay || old.anchor != new.anchor || old.recurrence != new.recurrence
            || old.dates != new.dates || old.occurrence != new.occurrence || old.alerts != new.alerts
            || old.isOpen != new.isOpen || old.length != new.length || old.location != new.location
    }

    // MARK: Internals

    func save(_ task: TaskItem) throws {
        try storing { try store.updateTask(task) }
    }

    /// Puts a task's new state (`old` before the change, nil for a new task) in memory and the
    /// alarms, and announces it after the commit.
    func apply(_ task: TaskItem, old: TaskItem?, event: String? = nil, change: TaskEvent.Change? = nil) {
        if Self.fileDiffers(old, task) { vdir?.keep([task]) }
        if let old { withdrawPopups(of: old, now: task) }
        put(task, old: old)
        schedule(task)
        if let event {
            let payload = TaskEvent(task: info(task), change: change)
            commits.onCommitted { [events] in events.emit(event, payload) }
        }
    }

    /// `apply` for many tasks at once (an import), with one re-arm of the clock; `old` has each
    /// one's state before (none for a new task), `shown` each one's info, which the events carry.
    func apply(
        _ changed: [TaskItem], old: [Int64: TaskItem], shown: [TaskInfo], event: String, change: TaskEvent.Change? = nil
    ) {
        guard !changed.isEmpty else { return }
        vdir?.keep(changed)
        for task in changed {
            let before = old[task.id]
            if let before { withdrawPopups(of: before, now: task) }
            put(task, old: before)
        }
        window.arm(changed.map { ($0.id, $0.nextFire(in: zone(of: $0))?.at) })
        let payloads = shown.map { TaskEvent(task: $0, change: change) }
        commits.onCommitted { [events] in
            for payload in payloads { events.emit(event, payload) }
        }
    }

    /// Takes a task's popups off the screen, after the commit, when what they report no longer
    /// holds: the task done, deleted (`new` nil), snoozed, or moved to another occurrence, by
    /// kitctl, a popup's button, or a change through the vdir. Only popups it can have shown.
    func withdrawPopups(of old: TaskItem, now new: TaskItem?) {
        let dueShown = old.dueFired || old.lastNagAt != nil
        guard dueShown || old.alertsFired != 0 else { return }
        let snoozed = new?.snoozedUntil != nil && new?.snoozedUntil != old.snoozedUntil
        if let new, new.isOpen, new.occurrence == old.occurrence, !snoozed { return }
        var subjects: [TaskPopup] = dueShown ? [.due(old.id)] : []
        for index in old.alerts.indices where old.alertsFired & (1 << index) != 0 {
            subjects.append(.alert(old.id, index: index))
        }
        commits.onCommittedAndSent { [popups] in
            for subject in subjects { popups.withdraw(subject) }
        }
    }

    /// An id, or a title only one open task has (or, failing that, only one task).
    func resolve(_ ref: RecordRef) throws -> TaskItem {
        try RecordLookup<TaskItem>(
            noun: "task", nameWord: "title", maximumLength: Self.maximumTitleLength, byID: { [self] in try stored($0) },
            byName: { [self] title in
                let ids = try store.ids(titled: title)
                let found = try stored(ids)
                let named = ids.compactMap { found[$0] }
                let open = named.filter(\.isOpen)
                return open.isEmpty ? named : open
            },
            describe: { "\($0.id) (\($0.title), due \($0.occurrence.iso8601))" },
            missingID: { .notFound("no task with id \($0); `kitctl task list --all` shows them") },
            missingName: { [self] title in
                let titles = try store.openTitles(limit: 8)
                if titles.isEmpty { return .notFound("no task called '\(title)'") }
                return .notFound(
                    "no task called '\(title)'; open tasks: \(titles.prefix(8).joined(separator: ", "))",
                    suggestions: Array(titles.prefix(8)))
            }
        ).resolve(ref.text)
    }

    func validZoneName(_ name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard zones.zone(named: trimmed) != nil else {
            throw KitError.invalidArgument(
                "unknown time zone '\(trimmed)'; use an IANA name such as Asia/Seoul or Europe/Berlin")
        }
        return trimmed
    }

    static func validTitle(_ raw: String) throws -> String {
        let title = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw KitError.invalidArgument("the task needs a title") }
        if case .id = Reference(title) {
            throw KitError.invalidArgument(
                "'\(title)' would read as a task id; give a title with a word in it, e.g. 'read \(title)'")
        }
        try TextLimit.check(title, "title", limit: maximumTitleLength)
        guard !title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw KitError.invalidArgument("the title contains control characters; use printable text")
        }
        return title
    }

    /// The longest title and note a request may give, in characters, trimmed; the other texts'
    /// limits are `TaskTextLimits`, checked at the edge.
    static let maximumTitleLength = 500
    static let maximumNoteLength = 10_000

    /// Refuses a note of `task.add` or `task.edit` over its limit, before anything is read.
    static func checkNote(_ options: TaskOptions) throws {
        try TextLimit.check(cleanNote(options.note), "note", limit: maximumNoteLength)
    }

    static func cleanNote(_ note: String?) -> String? {
        guard let trimmed = note?.trimmingWhitespace(), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    static func validNag(_ text: String) throws -> Nanoseconds {
        let value = try duration(text, field: "nag")
        guard value >= 60 * Nanoseconds.second else {
            throw KitError.invalidArgument("nag at most once a minute (--nag 1m or more)")
        }
        return value
    }

    static func duration(_ text: String, field: String) throws -> Nanoseconds {
        try TextLimit.check(text, "'\(field)' duration", limit: TaskTextLimits.when)
        do throws(DurationParseError) {
            return try DurationParser.parse(text)
        } catch {
            throw KitError.invalidArgument("\(field): \(error.kitMessage)")
        }
    }
}
