import KitCore
import KitLocalization
import KitProtocol

/// Firing: the popups `TaskFirePlan` decides on, recorded as fired in the turn's transaction
/// before their events go out, so that nothing fires twice across a crash.
extension TaskFeature {
    /// Fires whatever of these tasks' popups has come due by `now`.
    func fire(_ keys: some Sequence<Int64>, now: ClockReading) {
        let ids = Array(keys)
        guard !ids.isEmpty else { return }
        let tasks: [Int64: TaskItem]
        do {
            tasks = try stored(ids)
        } catch {
            logger.error(
                "could not read the tasks whose popups came due; retrying shortly", metadata: ["error": "\(error)"])
            scheduler.holdOff(until: now.boot + Nanoseconds.second)
            window.retry(ids, at: now.wall + Nanoseconds.second)
            return
        }
        var due: [(id: Int64, fire: TaskFire)] = []
        for id in ids {
            guard let task = tasks[id] else { continue }
            for pending in task.pendingFires(in: zone(of: task)) where pending.at <= now.wall {
                due.append((id, pending.fire))
            }
        }
        let plan = TaskFirePlan.plan(
            due, tasks: tasks, now: now.wall, startedAt: startedAt,
            policy: CatchUpPolicy(
                stalenessWindow: settings[TaskSettings.self].staleness,
                threshold: settings[TaskSettings.self].digestAfter),
            zone: { [unowned self] task in zone(of: task) })
        // A task whose key came due with nothing to fire (a popup that moved) is armed again, and
        // its row's instants are written again, so that a later window finds it where it is.
        let moved = ids.compactMap { plan.updated[$0] == nil ? tasks[$0] : nil }
        for task in moved { schedule(task) }
        do {
            try store.setInstants(moved.map { ($0.id, instants(of: $0)) })
        } catch {
            logger.error("could not write tasks' instants", metadata: ["error": "\(error)"])
        }
        guard !plan.updated.isEmpty else { return }
        do {
            try store.updateTasksFired(Array(plan.updated.values))
        } catch {
            logger.error("could not record task popups; retrying shortly", metadata: ["error": "\(error)"])
            scheduler.holdOff(until: now.boot + Nanoseconds.second)
            for id in ids { if let old = tasks[id] { schedule(old) } }
            return
        }
        for task in plan.updated.values { apply(task, old: tasks[task.id]) }
        // Events go out right after the commit; the popups are recorded in the same transaction
        // and shown after the events.
        var composers: [() -> Popup] = []
        var emits: [() -> Void] = []
        for item in plan.popups {
            switch item {
            case .due(let task, let at, let late):
                emits.append(fireEvent(Event.taskDue, task, at: at, now: now.wall, late: late != nil))
                composers.append { [unowned self] in duePopup(task, now: now, late: late) }
            case .nag(let task, let at):
                emits.append(fireEvent(Event.taskDue, task, at: at, now: now.wall, late: false, nag: true))
                composers.append { [unowned self] in duePopup(task, now: now, late: nil) }
            case .alert(let task, let index, let at, let late):
                emits.append(
                    fireEvent(Event.taskAlert, task, at: at, now: now.wall, late: late, before: task.alerts[index]))
                composers.append { [unowned self] in alertPopup(task, index: index, now: now) }
            case .digest(let missed, let gathered, let title, let whileOff):
                let payload = TaskMissedEvent(
                    tasks: missed.compactMap { gathered[$0.id] }.map { info($0, now: now.wall) }, title: title)
                emits.append { [events] in events.emit(Event.taskMissed, payload) }
                composers.append { [unowned self] in digestPopup(missed, gathered, whileOff: whileOff, now: now) }
            }
        }
        commits.onCommitted { for emit in emits { emit() } }
        for compose in composers { popups.post(compose()) }
        logger.info(
            "task popups", metadata: ["task.popups": "\(composers.count)", "task.missed": "\(plan.missedCount)"])
    }

    private func fireEvent(
        _ name: String, _ task: TaskItem, at: WallTime, now: WallTime, late: Bool, nag: Bool? = nil,
        before: Nanoseconds? = nil
    ) -> () -> Void {
        let payload = TaskFireEvent(
            task: info(task, now: now), scheduledAt: Timestamp.rfc3339(at), firedAt: Timestamp.rfc3339(now),
            latenessNs: max(0, now - at), late: late, nag: nag, beforeNs: before)
        return { [events] in events.emit(name, payload) }
    }

    private func digestPopup(
        _ missed: [MissedOccurrence<Int64>], _ gathered: [Int64: TaskItem], whileOff: Bool, now: ClockReading
    ) -> Popup {
        let lines = missed.prefix(10).compactMap { occurrence -> String? in
            gathered[occurrence.id].map {
                "\($0.occurrenceTitle) — "
                    + Localized.text(
                        "due %s ago", LocaleDuration.text(occurrence.lateness(at: now.wall), rounding: .down))
            }
        }
        return Popup(
            subject: TaskPopup.digest, summary: Self.digestSummary(count: missed.count, whileOff: whileOff),
            body: lines.joined(separator: "\n") + (missed.count > 10 ? "\n… `kitctl task list --overdue`" : ""),
            icon: "appointment-missed", urgency: .critical, sound: settings[SoundSettings.self].sound(for: .task),
            category: "x-kit.task.missed",
            requestedAt: now.boot)
    }

    /// The missed-reminders digest's title in the user's language (the `task.missed` event
    /// carries the plan's English one).
    static func digestSummary(count: Int, whileOff: Bool) -> String {
        switch (count, whileOff) {
        case (1, true): Localized.text("1 reminder missed while off")
        case (_, true): Localized.text("%s reminders missed while off", String(count))
        case (1, false): Localized.text("1 reminder missed")
        case (_, false): Localized.text("%s reminders missed", String(count))
        }
    }

    func duePopup(_ task: TaskItem, now: ClockReading, late: Nanoseconds?) -> Popup {
        var summary = Localized.text("Due: %s", task.occurrenceTitle)
        if let late {
            summary += " " + Localized.text("(due %s ago)", LocaleDuration.text(late, rounding: .down))
        }
        // An event says when it runs and where, above its note: `14:00–15:00 · 3층 대회의실`.
        var place: [String] = []
        if let end = task.end(of: task.occurrence) {
            let zone = zone(of: task)
            place.append(
                ClockText.span(
                    task.due(in: zone), ZoneResolver.instant(for: end, in: zone), allDay: task.allDay, now: now.wall,
                    in: zone, style: LocaleClock.popupStyle))
        }
        if let location = task.location { place.append(location) }
        let body = ([place.joined(separator: " · ")].filter { !$0.isEmpty } + [task.occurrenceNote].compactMap { $0 })
            .joined(separator: "\n")
        let snooze = LocaleDuration.text(settings[TaskSettings.self].snooze)
        return Popup(
            subject: TaskPopup.due(task.id, occurrence: task.occurrence), summary: summary, body: body,
            icon: "appointment-soon", urgency: .critical,
            sound: settings[SoundSettings.self].sound(for: .task), category: "x-kit.task.due",
            actions: [
                Popup.Action(key: TaskPopup.Button.done.rawValue, label: Localized.text("Done")),
                Popup.Action(key: TaskPopup.Button.snooze.rawValue, label: Localized.text("Snooze %s", snooze)),
            ],
            bodyWithoutActions: (body.isEmpty ? "" : body + "\n")
                + Localized.text(
                    "Done: kitctl task done %1$s · Snooze: kitctl task snooze %1$s", String(task.id)),
            requestedAt: now.boot)
    }

    func alertPopup(_ task: TaskItem, index: Int, now: ClockReading) -> Popup {
        let due = task.due(in: zone(of: task))
        let left = LocaleDuration.text(max(0, due - now.wall), rounding: .nearest)
        let at = ClockText.brief(due, now: now.wall, in: zone(of: task), style: LocaleClock.popupStyle)
        return Popup(
            subject: TaskPopup.alert(task.id, index: index), summary: Localized.text("Soon: %s", task.occurrenceTitle),
            body: Localized.text("Due in %1$s, at %2$s.", left, at) + (task.occurrenceNote.map { "\n" + $0 } ?? ""),
            icon: "appointment-soon",
            urgency: .normal, sound: settings[SoundSettings.self].sound(for: .taskAlert), category: "x-kit.task.alert",
            requestedAt: now.boot)
    }

    /// A due popup lost with its server, or left by the last kitd: shown again while the task's
    /// occurrence is due and its popup fired (not done, not snoozed); taken off the screen
    /// otherwise.
    func popupAgain(_ text: String, now: ClockReading) -> PopupAgain? {
        guard case .due(let id, _) = TaskPopup.due(fromText: text) else { return nil }
        guard let task = (try? stored(id)) ?? nil, task.dueFired, task.isOverdue(now: now.wall, in: zone(of: task))
        else { return .gone }
        return .show(duePopup(task, now: now, late: nil))
    }

    /// A button on a due popup: Done or Snooze, as `kitctl task done|snooze` would do. A popup
    /// whose occurrence was done, moved or deleted meanwhile does nothing, and says so.
    func pressed(_ key: String, on subject: TaskPopup) {
        guard case .due(let id, let occurrence) = subject, let button = TaskPopup.Button(rawValue: key) else { return }
        guard let task = (try? stored(id)) ?? nil else {
            popups.outOfDate(
                subject, summary: Localized.text("Task %s was deleted", String(id)),
                body: Localized.text("Nothing was changed."))
            return
        }
        if !task.isOpen || (occurrence != nil && occurrence != task.occurrence) {
            let now = clock.now().wall
            let state =
                task.isOpen
                ? Localized.text(
                    "it is now due %s",
                    ClockText.short(
                        task.due(in: zone(of: task)), now: now, in: zone(of: task), style: LocaleClock.popupStyle))
                : Localized.text("it is done")
            popups.outOfDate(
                subject, summary: Localized.text("'%s' changed since this popup", task.occurrenceTitle),
                body: Localized.text("The popup was out of date: %s. Nothing was changed.", state))
            logger.notice("a button on an out-of-date popup", metadata: ["task.id": "\(id)", "task.action": "\(key)"])
            return
        }
        do {
            switch button {
            case .done: _ = try done(RecordRef(String(id)))
            case .snooze: _ = try snooze(TaskSnoozeParams(ref: String(id)))
            }
            logger.info("task changed from its popup", metadata: ["task.id": "\(id)", "task.action": "\(key)"])
        } catch {
            logger.notice("the popup's button did nothing", metadata: ["task.id": "\(id)", "error": "\(error)"])
            popups.outOfDate(
                subject, summary: Localized.text("'%1$s': %2$s did nothing", task.occurrenceTitle, key),
                body: Localized.text(of: error))
        }
    }
}
