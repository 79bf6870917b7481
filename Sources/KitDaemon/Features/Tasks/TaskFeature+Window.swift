import KitCore
import KitStore

/// Which tasks are in memory. The `task` table keeps each task's due instant and next popup
/// (TaskInstants, written with every change), so kitd holds only:
/// - the alarms of the popups up to a horizon (`windowSize` of them, and every one already due),
///   with one more alarm at the horizon itself, where the next window is read from the table;
/// - the tasks read or changed lately (`recent`), the overdue ids and the open count.
/// A task changed to fire after the horizon leaves memory; its row has the instant.
extension TaskFeature {
    /// The task with this id, from memory or its row.
    func stored(_ id: Int64) throws -> TaskItem? {
        if let cached = recent[id] { return cached }
        guard let task = try store.task(id: id) else { return nil }
        recent.keep(task)
        return task
    }

    /// These tasks, by id, from memory or their rows; ids with no task are left out.
    func stored(_ ids: some Collection<Int64>) throws -> [Int64: TaskItem] {
        var found: [Int64: TaskItem] = [:]
        var missing: [Int64] = []
        for id in ids {
            if let cached = recent[id] { found[id] = cached } else { missing.append(id) }
        }
        for (id, task) in try store.tasks(ids: missing) { found[id] = task }
        return found
    }

    /// The instants a task's row keeps, in its zone now.
    func instants(of task: TaskItem) -> TaskInstants { task.instants(in: zone(of: task)) }

    /// Arms the popups from the start of the table again: at load, and when the window grew
    /// past twice its size (many tasks changed to fire before the horizon).
    func reloadWindow(now: WallTime) throws {
        horizon = .min
        // The window's end, due now: if the read below fails, it is tried again from there.
        alarms.replaceAll([(TaskAlarm.windowEnd, now)])
        try extendWindow(now: now)
    }

    /// Arms the next window: the popups after the horizon, `windowSize` of them or every one due
    /// by `now`, whichever reaches further.
    func extendWindow(now: WallTime) throws {
        let next = try store.popups(after: horizon, count: windowSize, through: now.nanoseconds)
        horizon = next.horizon
        var entries = next.entries.map { (key: TaskAlarm($0.id), due: WallTime(nanoseconds: $0.fire)) }
        if horizon != .max { entries.append((TaskAlarm.windowEnd, WallTime(nanoseconds: horizon))) }
        alarms.schedule(entries)
        if horizon == .max { alarms.cancel(TaskAlarm.windowEnd) }
    }

    /// When the window's end is among the keys that came due: the next window is read, and the
    /// popups of it already due are taken, to fire with `keys` (a clock jump past more than a
    /// window is one catch-up, not one per window). If the read fails, the end is tried again.
    func windowEnded(among keys: [TaskAlarm], now: WallTime) -> [TaskAlarm] {
        guard keys.contains(TaskAlarm.windowEnd) else { return [] }
        var taken: [TaskAlarm] = []
        var ended = true
        while ended {
            do {
                try extendWindow(now: now)
            } catch {
                logger.error("could not read the next tasks' popups; retrying shortly", metadata: ["error": "\(error)"])
                alarms.schedule(TaskAlarm.windowEnd, at: now + Nanoseconds.nanosecondsPerSecond)
                break
            }
            let due = alarms.takeKeys(dueBy: now)
            ended = due.contains(TaskAlarm.windowEnd)
            taken += due
        }
        return taken
    }

    /// Arms a task's next popup when it falls in the window, or disarms the task (its row keeps
    /// the instant for a later window).
    func schedule(_ task: TaskItem) { schedule(task.id, fire: task.nextFire(in: zone(of: task))?.at) }

    /// The same, for the task `id` whose next popup (nil for none) is already worked out.
    func schedule(_ id: Int64, fire: WallTime?) {
        if let fire, fire.nanoseconds <= horizon {
            alarms.schedule(TaskAlarm(id), at: fire)
            if alarms.count > 2 * windowSize + 1 { shrinkWindow() }
        } else {
            alarms.cancel(TaskAlarm(id))
        }
    }

    /// Many tasks came to fire before the horizon: the window starts over from the table.
    func shrinkWindow() {
        do {
            try reloadWindow(now: clock.now().wall)
        } catch {
            logger.error("could not read the tasks' popups", metadata: ["error": "\(error)"])
        }
    }

    func unschedule(_ task: TaskItem) { alarms.cancel(TaskAlarm(task.id)) }

    /// Works out, page by page, each written before the next is read, the instants of the rows
    /// that lack them (written by a tool without zones), or of every row on the first start
    /// after the upgrade that began keeping them (no basis yet): at start, before anything is
    /// armed. Returns whether the other rows were worked out under another basis (the system
    /// zone or the tz database changed while kitd was down): those `startResettle` moves, a slice
    /// of the loop at a time, once kitd is ready.
    func settleInstants() throws -> Bool {
        let basis = zones.instantsBasis
        let stored = try store.instantsBasis()
        var count = 0
        func rewrite(_ selection: TaskSelection) throws {
            var after: Int64 = 0
            while true {
                let page = try store.page(selection, after: after, limit: 10_000)
                guard let last = page.last else { break }
                // Written in due order, so that each index on the instants takes its entries
                // near one another (200,000 tasks: 3.2 s of writes in id order, 1.9 s so).
                try store.setInstants(page.map { ($0.id, instants(of: $0)) }.sorted { $0.1.due < $1.1.due })
                // A page at a time, so that the WAL is checkpointed as it goes rather than holding
                // every row until the end. A page is idempotent; the basis is written after the last.
                try runtime.store.commit()
                count += page.count
                after = last.id
                status.stillWorking("working out the tasks' due times: \(count) so far")
            }
        }
        if stored == nil {
            try rewrite(.all)
            try store.setInstantsBasis(basis)
        } else {
            try rewrite(.instantsUnknown)
        }
        // kitd's own change, committed now rather than with the first turn: at start, before
        // anything else may want the database.
        if stored == nil || count > 0 { try runtime.store.commit() }
        if count > 0 {
            logger.info(
                "task instants worked out",
                metadata: ["task.count": "\(count)", "task.instants_basis": "\(basis)"])
        }
        return stored != nil && stored != basis
    }
}
