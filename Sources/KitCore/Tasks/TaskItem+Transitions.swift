/// The rules for acting on a task. Each returns the new value or throws a `KitError` that says
/// what to do instead; nothing changes on error.
extension TaskItem {
    /// Records that a popup went out.
    public func firing(_ fire: TaskFire, at now: WallTime) -> TaskItem {
        var copy = self
        switch fire {
        case .alert(let index):
            copy.alertsFired |= 1 << index
        case .due:
            copy.dueFired = true
            copy.snoozedUntil = nil
            copy.lastNagAt = now
            // A pre-alert that had not fired is past its moment now.
            copy.alertsFired = (1 << alerts.count) - 1
        case .nag:
            copy.lastNagAt = now
        }
        return copy
    }

    /// Marks the current occurrence done. A repeating task moves to its next occurrence after
    /// both the done one and `now` (an overdue daily task done on Wednesday next fires on
    /// Thursday, not for the days it missed); the last occurrence ends the task.
    /// Returns the task and the occurrence that was done.
    public func completed(at now: WallTime, in zone: some UTCOffsets) throws(KitError) -> (TaskItem, CivilDateTime) {
        guard isOpen else {
            throw .invalidState("'\(title)' is already done; `kitctl task undo` reopens it", state: "done")
        }
        let done = occurrence
        var copy = self
        if let series = try series(in: zone) {
            // After now as an instant, not as a local time: on a fall-back night 01:10 standard
            // time comes 40 minutes after 01:30 daylight time. Started a day before now's local
            // time (no zone shifts more), and stepped on while an occurrence is not after now.
            let nowCivil = CivilDateTime(now, in: zone)
            var upcoming = nextToDo(in: series, after: Swift.max(occurrence, nowCivil.adding(days: -1)))
            while let candidate = upcoming, ZoneResolver.resolve(candidate, in: zone).instant <= now {
                upcoming = nextToDo(in: series, after: candidate)
            }
            if let next = upcoming {
                copy.occurrence = next
                copy.dueFired = false
                copy.alertsFired = 0
                copy.snoozedUntil = nil
                copy.lastNagAt = nil
                return (copy, done)
            }
        }
        copy.status = .done(at: now)
        copy.snoozedUntil = nil
        return (copy, done)
    }

    /// The first occurrence of `series` after `time` that was not done on its own already.
    public func nextToDo(in series: RecurrenceSeries, after time: CivilDateTime) -> CivilDateTime? {
        var next = series.next(after: time)
        // Bounded by the number of changed occurrences.
        while let current = next, dates.isDone(comingAt: current) { next = series.next(after: current) }
        return next
    }

    /// Brings the due popup back at `until`. Before the due popup has fired, a snooze can only
    /// put it off: one that ends before the due time would bring the task forward, which is an
    /// edit of its due time, not a snooze.
    public func snoozed(until: WallTime, now: WallTime, in zone: some UTCOffsets) throws(KitError) -> TaskItem {
        guard isOpen else { throw .invalidState("'\(title)' is done; a done task cannot be snoozed", state: "done") }
        guard until > now else { throw .invalidArgument("a snooze must end in the future") }
        if !dueFired && until < due(in: zone) {
            throw .invalidState(
                "'\(title)' is not due until \(CivilDateTime(due(in: zone), in: zone).iso8601.replacing("T", with: " ")); a snooze ending before that would bring it forward. To move it, use `kitctl task edit \(id) --due WHEN`",
                state: "open")
        }
        var copy = self
        copy.snoozedUntil = until
        // Put off before its due popup: the pre-alerts would announce the old time.
        if !dueFired { copy.alertsFired = (1 << alerts.count) - 1 }
        return copy
    }

    /// Moves the task to a new first occurrence (an edit of the due time or the rule).
    public func rescheduled(anchor: CivilDateTime, allDay: Bool) -> TaskItem {
        var copy = self
        copy.anchor = anchor
        copy.allDay = allDay
        copy.occurrence = anchor
        copy.dueFired = false
        copy.alertsFired = 0
        copy.snoozedUntil = nil
        copy.lastNagAt = nil
        copy.status = .open
        return copy
    }
}
