import KitCore
import KitLocalization
import KitStore

/// Which tasks are in memory. The `task` table keeps each task's due instant and next popup
/// (TaskInstants, written with every change), so kitd holds only the window of popups armed
/// (`TaskWindow`), the tasks read or changed lately (`recent`), the overdue ids and the open
/// count. A task changed to fire after the window's horizon leaves memory; its row has the
/// instant.
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

    /// Arms a task's next popup when it falls in the window, or disarms the task (its row keeps
    /// the instant for a later window).
    func schedule(_ task: TaskItem) { window.arm([(task.id, task.nextFire(in: zone(of: task))?.at)]) }

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
                status.stillWorking(Localized.text("working out the tasks' due times: %s so far", String(count)))
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
