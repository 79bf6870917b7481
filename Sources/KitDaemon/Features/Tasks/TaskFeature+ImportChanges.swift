import KitCalendar
import KitCore
import KitStore

/// Changes to single occurrences (`RECURRENCE-ID`) that a document brings without their series,
/// for a UID kit already has: placed in kit's task, never in its place (Outlook mails a moved
/// meeting as the change alone).
extension TaskFeature {
    /// `task` with `changes` (times in a named zone read as instants: `PreparedImport.orphanChanges`)
    /// placed in its series, each occurrence they name moved, renamed or taken out, and the task
    /// moved on to its first occurrence from `now` (a task that is done stays done). Nil when
    /// they change nothing (they are in it already); notices go through `note`. `task` repeats.
    func placing(_ changes: [ImportedTask], in task: TaskItem, now: WallTime, note: (String) -> Void)
        throws(KitError) -> TaskItem?
    {
        guard let first = changes.first, let recurrence = task.recurrence else { return nil }
        let zone = zone(of: task)
        let setting = importSetting()
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
