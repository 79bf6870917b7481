import Foundation
import KitCalendar
import KitCore
import KitProtocol
import KitStore

/// `task.import`: iCalendar documents read into tasks, each component on its own.
extension TaskFeature {
    /// Imports VTODOs and VEVENTs. Leniently (the default), a component kit cannot read or
    /// represent is left out and reported in `rejected`, and the rest is imported; with `strict`,
    /// the first such fault refuses the whole file. Unknown properties are reported in `skipped`.
    ///
    /// One version per UID: within the file and against what kit has, the higher `SEQUENCE`
    /// wins, then the later `LAST-MODIFIED` (else `DTSTAMP`). A newer version of a task already
    /// here updates it (reported in `updated`, with what changed); the same or an older one is
    /// skipped. With `dryRun`, nothing is stored: the result lists what would be imported (each
    /// with id 0) and updated.
    func importCalendar(_ params: TaskImportParams) throws -> TaskImportResult {
        let strict = params.strict ?? false
        let parsed: CalendarImport
        do {
            parsed = try ICalendarReader.read(Array(params.ics.utf8), strict: strict)
        } catch {
            throw error.kitError
        }
        let now = clock.now().wall
        var skipped = parsed.skipped.map(\.description)
        var rejected = parsed.rejected
        var makers: [((Int64) -> TaskItem, TaskStore.ItemVersion)] = []
        var updates:
            [(task: TaskItem, version: TaskStore.ItemVersion, changed: [String], line: Int, component: String)] =
                []
        let zoneNames = ImportZoneNames(zones: zones, definitions: parsed.timeZones)
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
        let existing = Dictionary(tasks.values.map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
        let stored = try store.versions(uids: newest.keys.filter { existing[$0] != nil })
        // A component with a RECURRENCE-ID changes one occurrence of the series with its UID, which
        // may come later in the file (Google writes the changes first). One whose series the file
        // does not have comes in as a task of its own.
        let seriesUIDs = Set(parsed.tasks.filter { $0.task.recurrenceID == nil }.map(\.task.uid))
        var changes: [String: [ImportedTask]] = [:]
        for imported in parsed.tasks where imported.task.recurrenceID != nil && seriesUIDs.contains(imported.task.uid) {
            changes[imported.task.uid, default: []].append(imported)
        }
        for (index, imported) in parsed.tasks.enumerated()
        where imported.task.recurrenceID == nil || !seriesUIDs.contains(imported.task.uid) {
            let item = imported.task
            let line = imported.line
            /// A fault in this component: the whole file strictly, else just this one.
            func refuse(_ reason: String) throws {
                if strict {
                    throw KitError.invalidArgument("the calendar file was not imported: line \(line): \(reason)")
                }
                rejected.append(
                    .init(component: imported.component, line: line, uid: item.uid, title: item.title, reason: reason))
            }
            let uid = item.uid.isEmpty ? UUID().uuidString.lowercased() + "@kit" : item.uid
            let version = Self.version(of: imported)
            if !item.uid.isEmpty, item.recurrenceID == nil, newest[uid] != index {
                skipped.append(
                    "line \(line): \(imported.component) '\(item.title)' skipped (a newer version of UID \(uid) is in the file)"
                )
                continue
            }
            var replacing: TaskItem?
            if let current = existing[uid] {
                guard version > (stored[uid] ?? TaskStore.ItemVersion()) else {
                    skipped.append(
                        "line \(line): \(imported.component) '\(item.title)' skipped (already imported, UID \(uid))")
                    continue
                }
                replacing = current
            }
            guard item.status != .cancelled else {
                skipped.append(
                    "line \(line): \(imported.component) '\(item.title)' (UID \(uid)) skipped (it was cancelled)")
                continue
            }
            guard let due = item.due else {
                skipped.append(
                    "line \(line): \(imported.component) '\(item.title)' (UID \(uid)) skipped (it has no DUE or DTSTART)"
                )
                continue
            }
            let title: String
            do {
                title = try Self.validTitle(item.title.isEmpty ? "untitled" : item.title)
            } catch {
                try refuse("\(error)")
                continue
            }
            var zoneName: String?
            var civil: CivilDateTime
            var allDay = false
            switch due {
            case .date(let date):
                civil = CivilDateTime(date: date, time: settings.taskAllDayTime)
                allDay = true
            case .local(let local, let tzid):
                civil = local
                if let tzid {
                    guard let name = zoneNames.name(for: tzid, year: local.date.year) else {
                        try refuse(zoneNames.unknown(tzid))
                        continue
                    }
                    zoneName = name == zones.systemName ? nil : name
                }
            case .utc(let instant):
                zoneName = "UTC"
                civil = CivilDateTime(instant, in: FixedOffset.utc)
            }
            let zone = zoneName.flatMap(zones.zone(named:)) ?? zones.system
            if let recurrence = item.recurrence {
                do {
                    _ = try RecurrenceSeries(rule: recurrence, anchor: civil, zone: zone)
                } catch {
                    try refuse("\(error)")
                    continue
                }
            }
            var dates = SeriesDates()
            if item.recurrence != nil {
                do {
                    dates = try seriesDates(
                        of: imported, changes: changes[item.uid] ?? [], anchor: civil, allDay: allDay, zone: zone,
                        zoneNames: zoneNames
                    ) { skipped.append($0) }
                } catch {
                    try refuse("\(error)")
                    continue
                }
            } else if let ignored = changes[item.uid]?.first {
                skipped.append(
                    "line \(ignored.line): \(ignored.component) changes an occurrence of '\(item.title)', which does not "
                        + "repeat; skipped")
            }
            var template = TaskItem(
                id: 0, uid: uid, title: title, note: item.note, zone: zoneName, allDay: allDay, anchor: civil,
                recurrence: item.recurrence, dates: dates, alerts: item.alerts.sorted(by: >),
                status: item.status == .completed ? .done(at: now) : .open, createdAt: now)
            // The first occurrence of the set: an EXDATE may take out DTSTART, an RDATE come before it.
            if let series = try? template.series(in: zone),
                let first = series.next(after: min(civil, dates.earliestAdded ?? civil).adding(seconds: -1))
            {
                template.occurrence = first
            }
            template.alerts = Self.alerts(
                template.alerts, fixed: item.fixedAlerts, due: template.due(in: zone), repeats: item.recurrence != nil
            ) { reason in
                skipped.append(
                    "line \(line): \(imported.component) '\(item.title)' (UID \(uid)): VALARM skipped (\(reason))")
            }
            let task = Self.caughtUp(template, now: now, zone: zone)
            if let current = replacing {
                let (updated, changed) = Self.updating(current, to: task)
                updates.append((updated, version, changed, line, imported.component))
            } else {
                makers.append(({ id in task.withID(id) }, version))
            }
        }
        for update in updates where !update.changed.isEmpty {
            skipped.append(
                "line \(update.line): \(update.component) '\(update.task.title)' updated to a newer version ("
                    + update.changed.joined(separator: ", ") + ")")
        }
        rejected.sort { $0.line < $1.line }
        skipped += rejected.map(\.description)
        let rejections = rejected.map {
            TaskImportRejection(
                line: $0.line, component: $0.component.isEmpty ? nil : $0.component, uid: $0.uid, title: $0.title,
                reason: $0.reason)
        }
        if params.dryRun == true {
            return TaskImportResult(
                imported: makers.map { info($0.0(0), now: now) }, skipped: skipped, rejected: rejections,
                updated: updates.map { info($0.task, now: now) }, dryRun: true)
        }
        let (created, updated) = try storing {
            try store.importTasks(makers, updating: updates.map { ($0.task, $0.version) })
        }
        for task in created { apply(task, event: Event.taskAdded) }
        for task in updated { apply(task, event: Event.taskChanged, change: "imported") }
        return TaskImportResult(
            imported: created.map { info($0, now: now) }, skipped: skipped, rejected: rejections,
            updated: updated.map { info($0, now: now) })
    }

    /// A series' RDATEs, EXDATEs, changed occurrences (`changes`, the components with its UID
    /// and a RECURRENCE-ID) and rules after the first, read as local times of the task's zone. What cannot be placed is
    /// said through `note` and left out; more than kit keeps of a kind is thrown.
    func seriesDates(
        of imported: ImportedTask, changes: [ImportedTask], anchor: CivilDateTime, allDay: Bool,
        zone: any UTCOffsets, zoneNames: ImportZoneNames, note: (String) -> Void
    ) throws(KitError) -> SeriesDates {
        let item = imported.task
        var dueTZID: String?
        if case .local(_, let tzid)? = item.due { dueTZID = tzid }
        let read = { (date: CalendarDue) -> CivilDateTime? in
            switch date {
            case .date(let day):
                return CivilDateTime(date: day, time: allDay ? self.settings.taskAllDayTime : anchor.time)
            case .local(let local, let tzid):
                guard let tzid, tzid != dueTZID else { return local }
                let name = zoneNames.name(for: tzid, year: local.date.year)
                guard let other = name.flatMap(self.zones.zone(named:)) else { return nil }
                return CivilDateTime(ZoneResolver.instant(for: local, in: other), in: zone)
            case .utc(let instant):
                return CivilDateTime(instant, in: zone)
            }
        }
        let added = item.addedDates.compactMap(read)
        var removed = item.removedDates.compactMap(read)
        if added.count + removed.count < item.addedDates.count + item.removedDates.count {
            note(
                "line \(imported.line): \(imported.component) '\(item.title)': RDATE or EXDATE in an unknown zone skipped"
            )
        }
        var overrides: [SeriesDates.Override] = []
        for change in changes {
            // A RECURRENCE-ID names the occurrence by its start; kit's series is of due times.
            guard let id = change.task.recurrenceID?.shifted(bySeconds: item.dueAfterStart), let original = read(id)
            else {
                note("line \(change.line): \(change.component) with a RECURRENCE-ID kit cannot place skipped")
                continue
            }
            if change.task.status == .cancelled {
                if change.task.thisAndFuture {
                    note(
                        "line \(change.line): a cancellation of this and future occurrences takes out the one at "
                            + "\(original.iso8601) only")
                }
                removed.append(original)
                continue
            }
            overrides.append(
                SeriesDates.Override(
                    original: original, start: change.task.due.flatMap(read),
                    title: change.task.title == item.title || change.task.title.isEmpty ? nil : change.task.title,
                    note: change.task.note == item.note ? nil : change.task.note,
                    thisAndFuture: change.task.thisAndFuture))
        }
        return try SeriesDates(added: added, removed: removed, overrides: overrides, moreRules: item.moreRules)
            .validated()
    }

    /// The version an item in a file is.
    static func version(of item: ImportedTask) -> TaskStore.ItemVersion {
        TaskStore.ItemVersion(sequence: item.sequence, modified: item.modified)
    }

    /// A task already here, as a newer version of it reads: the new fields, under the old id.
    /// When its schedule is the same (due, zone, rule and dates), what has fired stays fired, so
    /// an update does not bring back a popup; the names of what changed are returned.
    static func updating(_ current: TaskItem, to fresh: TaskItem) -> (TaskItem, [String]) {
        var updated = fresh.withID(current.id)
        updated.createdAt = current.createdAt
        var changed: [String] = []
        if current.title != fresh.title { changed.append("title") }
        if current.note != fresh.note { changed.append("note") }
        let sameSchedule =
            current.anchor == fresh.anchor && current.allDay == fresh.allDay && current.zone == fresh.zone
            && current.recurrence == fresh.recurrence && current.dates == fresh.dates
        if current.anchor != fresh.anchor || current.allDay != fresh.allDay || current.zone != fresh.zone {
            changed.append("due")
        }
        if current.recurrence != fresh.recurrence || current.dates != fresh.dates { changed.append("repeat") }
        if current.alerts != fresh.alerts { changed.append("alerts") }
        if current.isOpen != fresh.isOpen { changed.append(fresh.isOpen ? "reopened" : "done") }
        if sameSchedule && current.isOpen == fresh.isOpen {
            updated.occurrence = current.occurrence
            updated.status = current.status
            updated.dueFired = current.dueFired
            updated.snoozedUntil = current.snoozedUntil
            updated.lastNagAt = current.lastNagAt
            if current.alerts == fresh.alerts { updated.alertsFired = current.alertsFired }
        }
        return (updated, changed)
    }

    /// The pre-alerts of an imported task, with its alarms at a fixed instant turned into
    /// offsets before `due`. A repeating task keeps none of those: RFC 5545 fires an absolute
    /// alarm once, for one occurrence, where a pre-alert comes before every one.
    static func alerts(
        _ alerts: [Nanoseconds], fixed: [WallTime], due: WallTime, repeats: Bool, skip: (String) -> Void
    ) -> [Nanoseconds] {
        var result = alerts
        for instant in fixed {
            let before = due - instant
            let at = Timestamp.rfc3339(instant)
            if repeats {
                skip("the alarm at \(at) is for one occurrence, and this task repeats")
            } else if before <= 0 {
                skip("the alarm at \(at) is not before the due time")
            } else if before > DurationParser.maximum {
                skip("the alarm at \(at) is more than 366 days before the due time")
            } else if !result.contains(before) {
                guard result.count < PreAlerts.maximumCount else {
                    skip("kit keeps at most \(PreAlerts.maximumCount) alerts a task")
                    continue
                }
                result.append(before)
            }
        }
        return result.sorted(by: >)
    }

    /// An imported task as of now: a repeating one moves on to its first occurrence from now
    /// (or, when its series has ended, is done); a one-off already past due counts as fired, so
    /// that importing an old calendar lists what is overdue without a popup for each.
    static func caughtUp(_ task: TaskItem, now: WallTime, zone: some UTCOffsets) -> TaskItem {
        guard task.isOpen, task.due(in: zone) < now else { return task }
        var copy = task
        if let series = try? task.series(in: zone) {
            if let next = series.nextOccurrence(after: now, in: zone) {
                copy.occurrence = next.civil
                return copy
            }
            copy.status = .done(at: now)
            return copy
        }
        return copy.firing(.due, at: now)
    }
}
