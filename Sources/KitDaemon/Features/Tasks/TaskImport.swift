import Foundation
import KitCalendar
import KitCore
import KitProtocol
import KitStore

/// `task.import`, a room of the tasks feature: iCalendar documents read into tasks, each
/// component on its own. The document is read off the loop (`PreparedImport`, on the runtime's
/// background worker); what it becomes is weighed against the tasks kit has and written on the
/// loop (`finish`), through the feature.
final class TaskImport {
    private unowned let tasks: TaskFeature

    init(tasks: TaskFeature) { self.tasks = tasks }

    /// Imports VTODOs and VEVENTs. Leniently (the default), a component kit cannot read or
    /// represent is left out and reported in `rejected`, and the rest is imported; with `strict`,
    /// the first such fault refuses the whole file. Unknown properties are reported in `skipped`.
    ///
    /// One version per UID: within the file and against what kit has, the higher `SEQUENCE`
    /// wins, then the later `LAST-MODIFIED` (else `DTSTAMP`). A newer version of a task already
    /// here updates it (reported in `updated`, with what changed); the same or an older one is
    /// skipped. With `dryRun`, nothing is stored: the result lists what would be imported (each
    /// with id 0) and updated.
    ///
    /// The document is read off the loop (`PreparedImport`, on the runtime's background worker);
    /// what it becomes is weighed against the tasks kit has and written back on the loop, in
    /// `finish`.
    func offLoop(_ params: TaskImportParams) -> OffLoop<TaskImportResult> {
        let setting = setting()
        return OffLoop(
            "task.import",
            work: { () throws(KitError) -> PreparedImport in
                try PreparedImport(ics: params.ics, strict: params.strict ?? false, setting: setting)
            },
            finish: { [unowned self] prepared in
                try finish(prepared, strict: params.strict ?? false, dryRun: params.dryRun ?? false)
            })
    }

    /// The same, all on the calling thread: for tests that drive a kitd in their process.
    func calendar(_ params: TaskImportParams) throws -> TaskImportResult {
        let prepared = try PreparedImport(ics: params.ics, strict: params.strict ?? false, setting: setting())
        return try finish(prepared, strict: params.strict ?? false, dryRun: params.dryRun ?? false)
    }

    /// What reading a document needs from the loop, as it is now.
    func setting() -> PreparedImport.Setting {
        PreparedImport.Setting(
            zones: tasks.zones.snapshot(), allDayTime: tasks.settings[TaskSettings.self].allDayTime,
            now: tasks.clock.now().wall)
    }

    /// The loop's half of an import: each component read off the loop is weighed against the tasks
    /// kit has now (which other clients may have changed while the document was read), and what is
    /// new or newer is written in one all-or-nothing step. With `strict`, a component kit cannot
    /// read or represent refuses the whole document, unless kit already has that version of it.
    func finish(_ prepared: PreparedImport, strict: Bool, dryRun: Bool) throws -> TaskImportResult {
        let now = prepared.now
        var skipped = prepared.skipped
        var rejected = prepared.rejected
        var inserts: [TaskStore.NewTask] = []
        var updates:
            [(task: TaskItem, version: TaskStore.ItemVersion, changed: [String], line: Int, component: String)] =
                []
        let fileUIDs = Set(prepared.components.lazy.filter { !$0.documentUID.isEmpty }.map(\.uid))
        // Found through the index on UID: the cost follows the file, not the number of tasks.
        var existing: [String: TaskItem] = [:]
        let ids = try tasks.store.ids(uids: Array(fileUIDs))
        let found = try tasks.stored(ids.values)
        for (uid, id) in ids { existing[uid] = found[id] }
        let stored = try tasks.store.versions(uids: Array(existing.keys))
        var taken = Set<String>()
        for component in prepared.components {
            let line = component.line
            let name = component.component
            let title = component.title
            let uid = component.uid
            if case .olderInDocument = component.outcome {
                skipped.append(
                    .message("line \(line): \(name) '\(title)' skipped (a newer version of UID \(uid) is in the file)"))
                continue
            }
            // One task per UID: a UID the file gives twice is taken once (the reading keeps one
            // version of each, so this is a last guard: a database error must never reach the user).
            guard !taken.contains(uid) else {
                skipped.append(.message("line \(line): \(name) '\(title)' skipped (UID \(uid) is in the file twice)"))
                continue
            }
            var replacing: TaskItem?
            if let current = existing[uid] {
                let version = stored[uid] ?? TaskStore.ItemVersion()
                if !component.orphanChanges.isEmpty {
                    // Changes to occurrences of a series kit has: placed in it, not in its place.
                    guard current.recurrence != nil else {
                        skipped.append(
                            .message(
                                "line \(line): \(name) '\(title)' skipped (it changes an occurrence of '\(current.title)' (UID \(uid)), which does not repeat)"
                            ))
                        continue
                    }
                    do {
                        guard
                            let placed = try placing(
                                component.orphanChanges, in: current, now: now, note: { skipped.append($0) })
                        else {
                            skipped.append(
                                .message("line \(line): \(name) '\(title)' skipped (already imported, UID \(uid))"))
                            continue
                        }
                        let (updated, changed) = Self.updating(current, to: placed)
                        let kept = PreparedImport.isMadeOfChanges(current) ? max(version, component.version) : version
                        taken.insert(uid)
                        updates.append((updated, kept, changed, line, name))
                    } catch {
                        if strict {
                            throw KitError.invalidArgument(
                                "the calendar file was not imported: line \(line): \(error.kitMessage)")
                        }
                        rejected.append(
                            .init(
                                component: name, line: line, uid: component.documentUID, title: title,
                                reason: error.kitMessage))
                    }
                    continue
                }
                // A series kit made of changes alone gives way to the series itself, whatever its version.
                guard component.version > version || PreparedImport.isMadeOfChanges(current) else {
                    skipped.append(.message("line \(line): \(name) '\(title)' skipped (already imported, UID \(uid))"))
                    continue
                }
                replacing = current
            }
            skipped += component.notes
            switch component.outcome {
            case .olderInDocument:
                continue
            case .cancelled:
                skipped.append(.message("line \(line): \(name) '\(title)' (UID \(uid)) skipped (it was cancelled)"))
            case .noDue:
                skipped.append(
                    .message("line \(line): \(name) '\(title)' (UID \(uid)) skipped (it has no DUE or DTSTART)"))
            case .refused(let reason):
                if strict {
                    throw KitError.invalidArgument("the calendar file was not imported: line \(line): \(reason)")
                }
                rejected.append(
                    .init(component: name, line: line, uid: component.documentUID, title: title, reason: reason))
            case .built(let new):
                taken.insert(uid)
                if let current = replacing {
                    let (updated, changed) = Self.updating(current, to: new.task)
                    updates.append((updated, component.version, changed, line, name))
                } else {
                    inserts.append(new)
                }
            }
        }
        for update in updates where !update.changed.isEmpty {
            skipped.append(
                .message(
                    "line \(update.line): \(update.component) '\(update.task.title)' updated to a newer version (\(update.changed.joined(separator: ", ")))"
                ))
        }
        rejected.sort { $0.line < $1.line }
        skipped += rejected.map(\.message)
        let rejections = rejected.map {
            TaskImportRejection(
                line: $0.line, component: $0.component.isEmpty ? nil : $0.component, uid: $0.uid, title: $0.title,
                reason: $0.reason.english)
        }
        // Zones the document defines as no IANA zone does: another import may have defined a
        // different zone under the same name while this one was read.
        for (name, text) in prepared.newZones where tasks.zones.defined.text(named: name).map({ $0 != text }) ?? false {
            throw KitError.invalidState(
                "the calendar file was not imported: another import defined a different time zone named '\(name)' while this one was read; import the file again",
                state: "changed")
        }
        for (name, text) in prepared.newZones { tasks.zones.defined.define(name, as: text) }
        if dryRun {
            return TaskImportResult(
                imported: inserts.map { tasks.info($0.task, now: now) }, skipped: skipped, rejected: rejections,
                updated: updates.map { tasks.info($0.task, now: now) }, dryRun: true)
        }
        let (created, updated) = try storing {
            for (name, text) in prepared.newZones {
                try tasks.runtime.store.zoneDefinitions.keep(name: name, vtimezone: text)
            }
            return try tasks.store.importTasks(inserts, updating: updates.map { ($0.task, $0.version) })
        }
        let shownCreated = created.map { tasks.info($0, now: now) }
        let shownUpdated = updated.map { tasks.info($0, now: now) }
        tasks.apply(created, old: [:], shown: shownCreated, event: Event.taskAdded)
        tasks.apply(updated, old: found, shown: shownUpdated, event: Event.taskChanged, change: .imported)
        return TaskImportResult(
            imported: shownCreated, skipped: skipped, rejected: rejections, updated: shownUpdated)
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
        if current.length != fresh.length { changed.append("end") }
        if current.location != fresh.location { changed.append("location") }
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

    // MARK: Changes to occurrences

    /// Changes to single occurrences (`RECURRENCE-ID`) that a document brings without their series,
    /// for a UID kit already has: placed in kit's task, never in its place (Outlook mails a moved
    /// meeting as the change alone).
    /// `task` with `changes` (times in a named zone read as instants: `PreparedImport.orphanChanges`)
    /// placed in its series, each occurrence they name moved, renamed or taken out, and the task
    /// moved on to its first occurrence from `now` (a task that is done stays done). Nil when
    /// they change nothing (they are in it already); notices go through `note`. `task` repeats.
    func placing(_ changes: [ImportedTask], in task: TaskItem, now: WallTime, note: (KitMessage) -> Void)
        throws(KitError) -> TaskItem?
    {
        guard let first = changes.first, let recurrence = task.recurrence else { return nil }
        let zone = tasks.zone(of: task)
        let setting = setting()
        let due: CalendarDue = task.allDay ? .date(task.anchor.date) : .local(task.anchor, tzid: task.zone)
        let series = ImportedTask(
            task: CalendarTask(uid: task.uid, title: task.title, note: task.note, due: due, recurrence: recurrence),
            component: first.component, line: first.line)
        let (read, cut) = try PreparedImport.seriesDates(
            of: series, changes: changes, anchor: task.anchor, allDay: task.allDay, zone: zone,
            zoneNames: ImportZoneNames(zones: setting.zones, definitions: [:]), setting: setting, note: note)
        let placed = Set(read.overrides.map(\.original) + read.removed)
        var added = task.dates.added
        // A task made of changes alone lists the occurrences they change.
        if PreparedImport.isMadeOfChanges(task) { added += read.overrides.map(\.original) }
        var dates = try SeriesDates(
            added: added, removed: task.dates.removed + read.removed,
            overrides: task.dates.overrides.filter { !placed.contains($0.original) } + read.overrides,
            moreRules: task.dates.moreRules
        ).validated()
        var rule = recurrence
        if let cut {
            guard cut > task.anchor else {
                var cancelled = task
                cancelled.status = .done(at: now)
                return task.isOpen ? cancelled : nil
            }
            (rule, dates) = PreparedImport.ending(rule, dates: dates, before: cut, anchor: task.anchor, zone: zone)
        }
        guard dates != task.dates || rule != recurrence else { return nil }
        var fresh = task.rescheduled(anchor: task.anchor, allDay: task.allDay)
        fresh.recurrence = rule
        fresh.dates = dates
        if let series = try? fresh.series(in: zone) {
            let before = min(task.anchor, dates.earliestAdded ?? task.anchor).adding(seconds: -1)
            if let next = fresh.nextToDo(in: series, after: before) {
                fresh.occurrence = next
            } else {
                fresh.status = .done(at: now)
            }
        }
        guard task.isOpen else {
            var done = fresh
            done.status = task.status
            done.occurrence = task.occurrence
            return done
        }
        return PreparedImport.caughtUp(fresh, now: now, zone: zone, isEvent: first.component == "VEVENT")
    }
}
