import Foundation
import KitCalendar
import KitCore
import KitStore

/// The slow half of `task.import`, which sees nothing of kitd's state: the document read
/// through libical, each component's zones worked out and its task built. It runs on the
/// runtime's background worker. `TaskImport.finish` then weighs each component against
/// the tasks kit has at that moment, on the loop, and writes what is new.
struct PreparedImport: Sendable {
    /// What building tasks needs from the loop, read there when the request came.
    struct Setting: Sendable {
        var zones: ZoneSnapshot
        var allDayTime: TimeOfDay
        var now: WallTime
        /// Whether a one-off already past due comes in as fired (`caughtUp`): an import's do; a
        /// vdir's do not, since a task synced in is one the person keeps, and its missed popup
        /// goes through catch-up as kit's own do.
        var firePast = true
    }

    /// A VTODO or VEVENT that is a task of its own (not a change to a series in the document).
    struct Component: Sendable {
        enum Outcome: Sendable {
            /// A newer version of its UID comes elsewhere in the document.
            case olderInDocument
            case cancelled
            /// It has no DUE or DTSTART.
            case noDue
            /// kit cannot read or represent it: the reason.
            case refused(KitMessage)
            /// The task it becomes, with id 0, as of `now`, and its row made ready.
            case built(TaskStore.NewTask)
        }

        var component: String
        var line: Int
        /// Its UID, or one kit made when it has none.
        var uid: String
        /// Its UID as the document gives it (empty when none).
        var documentUID: String
        var title: String
        var version: TaskStore.ItemVersion
        /// Notices said while building it, which come before its outcome in the report.
        var notes: [KitMessage]
        var outcome: Outcome
        /// Its VALARMs as RFC 5545 reads them, for a watched calendar (`WatchedItem`).
        var alarms: [CalendarAlarm] = []
        /// For a VTODO with both: the seconds from its DTSTART to its DUE.
        var startBeforeDue: Int64 = 0
        /// The VALARMs of its changed occurrences, by the occurrence each changes.
        var changedAlarms: [CivilDateTime: [CalendarAlarm]] = [:]
        /// For a task made of changes to occurrences of a series the document does not have
        /// (`orphanSeries`): those changes, their zoned times read as instants, for the loop to
        /// place in kit's own series of that UID when it has one. Empty for any other component.
        var orphanChanges: [ImportedTask] = []
    }

    /// Notices of the reader (unknown properties and components).
    var skipped: [KitMessage]
    /// What the reader could not read.
    var rejected: [CalendarImport.Rejected]
    /// The components that may become tasks, in document order.
    var components: [Component]
    /// The `now` the tasks were built for.
    var now: WallTime
    /// Zones the document defines that no IANA zone matches and that its tasks use, as VTIMEZONE
    /// text by the name the tasks pin: kept with the tasks.
    var newZones: [String: String] = [:]

    /// Reads `ics`. With `strict`, a fault of the reader's is thrown; a component's own fault is
    /// left for the loop half to throw, since it does not count for a component kit already has.
    init(ics: String, strict: Bool, setting: Setting) throws(KitError) {
        let parsed: CalendarImport
        do {
            parsed = try ICalendarReader.read(Array(ics.utf8), strict: strict)
        } catch {
            throw error.kitError
        }
        now = setting.now
        skipped = parsed.skipped.map(\.message)
        rejected = parsed.rejected
        components = []
        let zoneNames = ImportZoneNames(zones: setting.zones, definitions: parsed.timeZones)
        // The newest version of each UID in the file, by its index; the others are skipped.
        var newest: [String: Int] = [:]
        for (index, imported) in parsed.tasks.enumerated()
        where imported.task.recurrenceID == nil && !imported.task.uid.isEmpty {
            let uid = imported.task.uid
            if let best = newest[uid], Self.version(of: parsed.tasks[best]) >= Self.version(of: imported) {
                continue
            }
            newest[uid] = index
        }
        // A component with a RECURRENCE-ID changes one occurrence of the series with its UID, which
        // may come later in the file (Google writes the changes first). The changes of a UID whose
        // series the file does not have come in together as one task (`orphanSeries`), which kit
        // places in its own series of that UID if it has one.
        let seriesUIDs = Set(parsed.tasks.filter { $0.task.recurrenceID == nil }.map(\.task.uid))
        var changes: [String: [ImportedTask]] = [:]
        for imported in parsed.tasks where imported.task.recurrenceID != nil && !imported.task.uid.isEmpty {
            changes[imported.task.uid, default: []].append(imported)
        }
        for (index, imported) in parsed.tasks.enumerated() {
            let item = imported.task
            let orphan = item.recurrenceID != nil && !seriesUIDs.contains(item.uid)
            guard item.recurrenceID == nil || orphan else { continue }
            let group = orphan && !item.uid.isEmpty ? changes[item.uid] ?? [imported] : [imported]
            // A UID's changes make one task, which stands where the first of them is.
            if orphan, group.first?.line != imported.line { continue }
            let uid = item.uid.isEmpty ? UIDs.make() : item.uid
            var component = Component(
                component: imported.component, line: imported.line, uid: uid, documentUID: item.uid,
                title: item.title, version: group.map(Self.version(of:)).max() ?? Self.version(of: imported), notes: [],
                outcome: .olderInDocument)
            if orphan {
                component.orphanChanges = group.map { Self.resolvingZones(of: $0, zoneNames: zoneNames) }
                if let series = Self.orphanSeries(group) {
                    component.title = series.task.title
                    component.outcome = Self.build(
                        series, uid: uid, changes: group, zoneNames: zoneNames, setting: setting,
                        placed: { component.changedAlarms[$1] = $0.task.alarms },
                        note: { component.notes.append($0) })
                } else {
                    component.outcome = .cancelled
                }
            } else if item.uid.isEmpty || newest[uid] == index {
                component.outcome = Self.build(
                    imported, uid: uid, changes: changes[item.uid] ?? [], zoneNames: zoneNames, setting: setting,
                    placed: { component.changedAlarms[$1] = $0.task.alarms },
                    note: { component.notes.append($0) })
                component.alarms = item.alarms
                component.startBeforeDue = item.startBeforeDue
            }
            components.append(component)
        }
        let used = Set(
            components.compactMap { component -> String? in
                if case .built(let new) = component.outcome { return new.task.zone }
                return nil
            })
        newZones = zoneNames.newDefinitions.filter { used.contains($0.key) }
    }

    /// What one component becomes; notices go through `note`.
    private static func build(
        _ imported: ImportedTask, uid: String, changes: [ImportedTask], zoneNames: ImportZoneNames,
        setting: Setting, placed: (ImportedTask, CivilDateTime) -> Void = { _, _ in }, note: (KitMessage) -> Void
    ) -> Component.Outcome {
        let item = imported.task
        let line = imported.line
        let zones = setting.zones
        let now = setting.now
        guard item.status != .cancelled else { return .cancelled }
        guard let due = item.due else { return .noDue }
        let title: String
        do {
            title = try TaskFeature.validTitle(item.title.isEmpty ? "untitled" : item.title)
        } catch {
            return .refused(Self.reason(error))
        }
        var zoneName: String?
        var civil: CivilDateTime
        var allDay = false
        switch due {
        case .date(let date):
            civil = CivilDateTime(date: date, time: setting.allDayTime)
            allDay = true
        case .local(let local, let tzid):
            civil = local
            if let tzid {
                guard let name = zoneNames.name(for: tzid, year: local.date.year) else {
                    return .refused(zoneNames.unknown(tzid))
                }
                zoneName = name == zones.systemName ? nil : name
            }
        case .utc(let instant):
            zoneName = "UTC"
            civil = CivilDateTime(instant, in: FixedOffset.utc)
        }
        let zone = zoneName.flatMap(zoneNames.zone(named:)) ?? zones.system
        if let recurrence = item.recurrence {
            do {
                _ = try RecurrenceSeries(rule: recurrence, anchor: civil, zone: zone)
            } catch {
                return .refused(Self.reason(error))
            }
        }
        var dates = SeriesDates()
        var recurrence = item.recurrence
        if let rule = recurrence {
            do {
                let (read, cut) = try seriesDates(
                    of: imported, changes: changes, anchor: civil, allDay: allDay, zone: zone, zoneNames: zoneNames,
                    setting: setting, placed: placed, note: note)
                dates = read
                if let cut {
                    // Cancelled from `cut` on: the series ends before it, or is cancelled whole.
                    guard cut > civil else { return .cancelled }
                    let ended = Self.ending(rule, dates: dates, before: cut, anchor: civil, zone: zone)
                    recurrence = ended.rule
                    dates = ended.dates
                }
            } catch {
                return .refused(Self.reason(error))
            }
        } else if let ignored = changes.first {
            note(
                .message(
                    "line \(ignored.line): \(ignored.component) changes an occurrence of '\(item.title)', which does not repeat; skipped"
                ))
        }
        var template = TaskItem(
            id: 0, uid: uid, title: title, note: item.note, zone: zoneName, allDay: allDay, anchor: civil,
            recurrence: recurrence, dates: dates, alerts: item.alerts.sorted(by: >),
            status: item.status == .completed ? .done(at: now) : .open, createdAt: now,
            length: item.end.map {
                Self.length(from: due, to: $0, zone: zone, zoneNames: zoneNames, system: zones.system)
            },
            location: item.location, extra: item.extra)
        // The first occurrence of the set: an EXDATE may take out DTSTART, an RDATE come before it.
        if let series = try? template.series(in: zone) {
            if let first = template.nextToDo(
                in: series, after: min(civil, dates.earliestAdded ?? civil).adding(seconds: -1))
            {
                template.occurrence = first
            } else {
                // Every occurrence was done on its own.
                template.status = .done(at: now)
            }
        }
        template.alerts = alerts(
            template.alerts, fixed: item.fixedAlerts, due: template.due(in: zone), repeats: item.recurrence != nil
        ) { reason in
            note(
                .message("line \(line): \(imported.component) '\(item.title)' (UID \(uid)): VALARM skipped (\(reason))")
            )
        }
        let built =
            setting.firePast || template.recurrence != nil
            ? caughtUp(template, now: now, zone: zone, isEvent: imported.component == "VEVENT") : template
        return .built(TaskStore.NewTask(built, version: version(of: imported)))
    }

    /// A series' RDATEs, EXDATEs, changed occurrences (`changes`, the components with its UID
    /// and a RECURRENCE-ID) and rules after the first, read as local times of the task's zone;
    /// and where a cancellation of "this and future" occurrences cuts the series, if one does.
    /// What cannot be placed is said through `note` and left out; more than kit keeps of a kind
    /// is thrown.
    static func seriesDates(
        of imported: ImportedTask, changes: [ImportedTask], anchor: CivilDateTime, allDay: Bool,
        zone: any UTCOffsets, zoneNames: ImportZoneNames, setting: Setting,
        placed: (ImportedTask, CivilDateTime) -> Void = { _, _ in }, note: (KitMessage) -> Void
    ) throws(KitError) -> (SeriesDates, cut: CivilDateTime?) {
        let item = imported.task
        var dueTZID: String?
        if case .local(_, let tzid)? = item.due { dueTZID = tzid }
        let read = { (date: CalendarDue) -> CivilDateTime? in
            switch date {
            case .date(let day):
                return CivilDateTime(date: day, time: allDay ? setting.allDayTime : anchor.time)
            case .local(let local, let tzid):
                guard let tzid, tzid != dueTZID else { return local }
                let name = zoneNames.name(for: tzid, year: local.date.year)
                guard let other = name.flatMap(zoneNames.zone(named:)) else { return nil }
                return CivilDateTime(ZoneResolver.instant(for: local, in: other), in: zone)
            case .utc(let instant):
                return CivilDateTime(instant, in: zone)
            }
        }
        let added = item.addedDates.compactMap(read)
        var removed = item.removedDates.compactMap(read)
        if added.count + removed.count < item.addedDates.count + item.removedDates.count {
            note(
                .message(
                    "line \(imported.line): \(imported.component) '\(item.title)': RDATE or EXDATE in an unknown zone skipped"
                ))
        }
        // A RECURRENCE-ID names the occurrence by its start; kit's series is of due times. Of an
        // all-day series it names a day, also when written as a date-time (a council's bin
        // calendar writes midnight in UTC): the date as written.
        let originalOf = { (change: ImportedTask) -> CivilDateTime? in
            guard let id = change.task.recurrenceID?.shifted(bySeconds: item.dueAfterStart) else { return nil }
            switch (allDay, id) {
            case (true, .local(let civil, _)): return CivilDateTime(date: civil.date, time: setting.allDayTime)
            case (true, .utc(let instant)):
                return CivilDateTime(date: CivilDateTime(instant, in: FixedOffset.utc).date, time: setting.allDayTime)
            default: return read(id)
            }
        }
        // Where a change moves its occurrence: a day alone (an all-day change of a timed series)
        // comes at the all-day time. A change is the whole occurrence (RFC 5545 3.8.4.4): a VTODO
        // change with DTSTART and no DUE is due at its DTSTART, as such a VTODO is, and with
        // RANGE=THISANDFUTURE so is every later one, moved as far as this one moved.
        let startOf = { (change: ImportedTask) -> CivilDateTime? in
            guard let due = change.task.due else { return nil }
            if case .date(let day) = due, !allDay { return CivilDateTime(date: day, time: setting.allDayTime) }
            return read(due)
        }
        // Two changes of one occurrence: the higher SEQUENCE (then LAST-MODIFIED) wins, else the
        // later in the file.
        var winners: [CivilDateTime: Int] = [:]
        for (index, change) in changes.enumerated() {
            guard let original = originalOf(change) else { continue }
            if let best = winners[original], version(of: changes[best]) > version(of: change) { continue }
            winners[original] = index
        }
        var overrides: [SeriesDates.Override] = []
        var cut: CivilDateTime?
        for (index, change) in changes.enumerated() {
            guard let original = originalOf(change) else {
                note(.message("line \(change.line): \(change.component) with a RECURRENCE-ID kit cannot place skipped"))
                continue
            }
            if let winner = winners[original], winner != index {
                note(
                    .message(
                        "line \(change.line): \(change.component) '\(change.task.title)' skipped (line \(changes[winner].line) changes the same occurrence, and is newer or later)"
                    ))
                continue
            }
            if change.task.status == .cancelled {
                if change.task.thisAndFuture {
                    cut = cut.map { min($0, original) } ?? original
                } else {
                    removed.append(original)
                }
                continue
            }
            placed(change, original)
            overrides.append(
                SeriesDates.Override(
                    original: original, start: startOf(change),
                    title: change.task.title == item.title || change.task.title.isEmpty ? nil : change.task.title,
                    note: change.task.note == item.note ? nil : change.task.note,
                    thisAndFuture: change.task.thisAndFuture, done: change.task.status == .completed))
        }
        let dates = try SeriesDates(added: added, removed: removed, overrides: overrides, moreRules: item.moreRules)
            .validated()
        return (dates, cut)
    }

    /// The changes of a UID whose series the document does not have, as one task: a series of
    /// the occurrences they change (the first, and the others as listed dates), each changed as
    /// its component says. Nil when every change cancels its occurrence.
    static func orphanSeries(_ changes: [ImportedTask]) -> ImportedTask? {
        let kept = changes.filter { $0.task.status != .cancelled && $0.task.recurrenceID != nil }
        guard let first = kept.first, let id = first.task.recurrenceID else { return nil }
        var task = CalendarTask(
            uid: first.task.uid, title: first.task.title, note: first.task.note, due: id, recurrence: .firstDueOnly,
            alerts: first.task.alerts)
        task.location = first.task.location
        // The series' events are as long as its first change.
        if let start = first.task.due, let end = first.task.end {
            task.end = start.civilSeconds(to: end).flatMap { id.shifted(bySeconds: $0) } ?? id
        }
        task.addedDates = kept.dropFirst().compactMap(\.task.recurrenceID)
        var series = ImportedTask(task: task, component: first.component, line: first.line)
        let newest = kept.max { version(of: $0) < version(of: $1) } ?? first
        series.sequence = newest.sequence
        series.modified = newest.modified
        return series
    }

    /// An event's length from its start `due` to its `end`, on the task's civil clock: the civil
    /// difference when both are of one kind, else the instants' (each in its own zone). Never
    /// below zero.
    static func length(
        from due: CalendarDue, to end: CalendarDue, zone: any UTCOffsets, zoneNames: ImportZoneNames,
        system: any UTCOffsets
    ) -> Nanoseconds {
        if let seconds = due.civilSeconds(to: end) { return max(0, seconds) * Nanoseconds.second }
        func instant(_ value: CalendarDue) -> WallTime {
            switch value {
            case .date(let date): ZoneResolver.instant(for: CivilDateTime(date: date), in: zone)
            case .utc(let instant): instant
            case .local(let civil, let tzid):
                instant(
                    civil,
                    tzid.flatMap { zoneNames.name(for: $0, year: civil.date.year) }.flatMap(zoneNames.zone(named:))
                        ?? system)
            }
        }
        func instant(_ civil: CivilDateTime, _ zone: any UTCOffsets) -> WallTime {
            ZoneResolver.instant(for: civil, in: zone)
        }
        return max(0, instant(end) - instant(due))
    }

    /// Whether a task is what `orphanSeries` made: listed dates, each of them changed.
    static func isMadeOfChanges(_ task: TaskItem) -> Bool {
        guard task.recurrence?.givesFirstDueOnly == true, task.dates.removed.isEmpty, !task.dates.overrides.isEmpty
        else { return false }
        return Set(task.dates.overrides.map(\.original)) == Set([task.anchor] + task.dates.added)
    }

    /// A change with its times in a named zone read as instants (UTC), so that the loop can
    /// place it in a series of kit's without the document's zones; floating times and dates stay.
    static func resolvingZones(of change: ImportedTask, zoneNames: ImportZoneNames) -> ImportedTask {
        let resolve = { (due: CalendarDue?) -> CalendarDue? in
            guard case .local(let civil, let tzid?)? = due,
                let zone = zoneNames.name(for: tzid, year: civil.date.year).flatMap(zoneNames.zone(named:))
            else { return due }
            return .utc(ZoneResolver.instant(for: civil, in: zone))
        }
        var resolved = change
        resolved.task.recurrenceID = resolve(change.task.recurrenceID)
        resolved.task.due = resolve(change.task.due)
        return resolved
    }

    /// A series cancelled from `cut` on: its rules end before it, and its later dates are dropped.
    static func ending(
        _ rule: Recurrence, dates: SeriesDates, before cut: CivilDateTime, anchor: CivilDateTime, zone: any UTCOffsets
    ) -> (rule: Recurrence, dates: SeriesDates) {
        let end = { (rule: Recurrence) in Self.ending(rule, before: cut, anchor: anchor, zone: zone) }
        return (
            end(rule),
            SeriesDates(
                added: dates.added.filter { $0 < cut }, removed: dates.removed,
                overrides: dates.overrides.filter { $0.original < cut }, moreRules: dates.moreRules.map(end))
        )
    }

    /// The rule ending before `cut`: as it was when it already does, else through a second before.
    static func ending(_ rule: Recurrence, before cut: CivilDateTime, anchor: CivilDateTime, zone: any UTCOffsets)
        -> Recurrence
    {
        let last = cut.adding(seconds: -1)
        if let bound = try? RecurrenceSeries(rule: rule, anchor: anchor, zone: zone).bound, bound <= last {
            return rule
        }
        var ended = rule
        ended.end = .until(.local(last))
        return ended
    }

    /// The version an item in a file is.
    static func version(of item: ImportedTask) -> TaskStore.ItemVersion {
        TaskStore.ItemVersion(sequence: item.sequence, modified: item.modified)
    }

    /// Why a component cannot be a task, from a refusal: its template when it has one.
    static func reason(_ error: any Error) -> KitMessage {
        (error as? KitError)?.kitMessage ?? KitMessage(verbatim: "\(error)")
    }

    /// The pre-alerts of an imported task, with its alarms at a fixed instant turned into
    /// offsets before `due`. A repeating task keeps none of those: RFC 5545 fires an absolute
    /// alarm once, for one occurrence, where a pre-alert comes before every one.
    static func alerts(
        _ alerts: [Nanoseconds], fixed: [WallTime], due: WallTime, repeats: Bool, skip: (KitMessage) -> Void
    ) -> [Nanoseconds] {
        var result = alerts
        for instant in fixed {
            let before = due - instant
            let at = Timestamp.rfc3339(instant)
            if repeats {
                skip(.message("the alarm at \(at) is for one occurrence, and this task repeats"))
            } else if before <= 0 {
                skip(.message("the alarm at \(at) is not before the due time"))
            } else if before > DurationParser.maximum {
                skip(.message("the alarm at \(at) is more than 366 days before the due time"))
            } else if !result.contains(before) {
                guard result.count < PreAlerts.maximumCount else {
                    skip(.message("kit keeps at most \(PreAlerts.maximumCount) alerts a task"))
                    continue
                }
                result.append(before)
            }
        }
        return result.sorted(by: >)
    }

    /// An imported task as of now: a repeating one moves on to its first occurrence from now
    /// (or, when its series has ended, is done); a one-off already past due counts as fired, so
    /// that importing an old calendar lists what is overdue without a popup for each; and an
    /// event (a VEVENT) already past is history, so it comes in done.
    static func caughtUp(_ task: TaskItem, now: WallTime, zone: some UTCOffsets, isEvent: Bool = false) -> TaskItem {
        guard task.isOpen, task.due(in: zone) < now else { return task }
        var copy = task
        if let series = try? task.series(in: zone) {
            var next = series.nextOccurrence(after: now, in: zone)
            while let found = next, task.dates.isDone(comingAt: found.civil) {
                next = series.nextOccurrence(after: found.instant, in: zone)
            }
            if let next {
                copy.occurrence = next.civil
                return copy
            }
            copy.status = .done(at: now)
            return copy
        }
        if isEvent {
            copy.status = .done(at: now)
            return copy
        }
        return copy.firing(.due, at: now)
    }
}
