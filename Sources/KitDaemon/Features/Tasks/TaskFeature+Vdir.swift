import KitCalendar
import KitCore
import KitProtocol
import KitStore

/// Tasks kept in a vdir (`[vdir] tasks`): kit's changes written out (TaskFeature.keepInVdir),
/// and changes made from outside (vdirsyncer, todoman, an editor) read in here.
///
/// A file changed from outside is read like an import of one item, off the loop, and weighed
/// against kit's task of that UID on the loop:
/// - no such task: it is added, and fires as kit's own do (a past one-off through catch-up);
/// - the file's version is newer (a higher `SEQUENCE` or a later `LAST-MODIFIED`): it replaces
///   kit's, re-armed; `STATUS:COMPLETED` marks the task done;
/// - kit's is newer and differs: kit's stays, and is written back as a new revision
///   (`SEQUENCE` + 1, a new `LAST-MODIFIED`), so that vdirsyncer uploads it.
/// When both sides changed since they last agreed (kit's change is not written yet, or, when kitd
/// runs the sync command, not synced yet), the losing version is kept and reported
/// (`sync.conflict`). A file deleted from outside deletes its task. A file that is
/// not one item kit can read is reported and left alone.
extension TaskFeature {
    /// At start: opens the tasks' vdir, if there is one, watches it, and writes every task whose
    /// file is missing or older (a crash between a commit and its write).
    func openVdir() throws {
        guard let mirror = try VdirMirror.open(settings.vdirTasks, name: "tasks", runtime: runtime) else { return }
        self.mirror = mirror
        try mirror.watch(
            reader: { [unowned self] in vdirReader() },
            onArrivals: { [unowned self] arrivals in arrived(arrivals) })
        keepInVdirByPages(label: "catch-up")
    }

    /// The tasks in pages of this many, where every task's file is written (or checked).
    static let vdirPage = 2000

    /// Writes the file of every task (that `only` accepts) whose file is missing or older, a page
    /// of tasks at a time: each page is read once the worker has kept the one before, so neither
    /// the loop nor memory ever holds every task. Not tracked in `unwritten` (see `keepInVdir`).
    func keepInVdirByPages(label: String, after: Int64 = 0, only: @escaping (TaskItem) -> Bool = { _ in true }) {
        guard let mirror else { return }
        let page: [TaskItem]
        do {
            page = try store.page(.all, after: after, limit: Self.vdirPage)
        } catch {
            logger.error("could not read tasks for their vdir files", metadata: ["error": "\(error)"])
            return
        }
        guard let last = page.last?.id else { return }
        let chosen = page.filter(only)
        let zones = zones.snapshot()
        let now = clock.now().wall
        mirror.keep(
            label, { chosen.map { Self.vdirFile($0, zones: zones, now: now) } },
            settled: { [unowned self] _ in keepInVdirByPages(label: label, after: last, only: only) })
    }

    /// How the worker reads one file, with the zones and time as they are now.
    func vdirReader() -> @Sendable (String) -> Result<VdirItem, VdirUnreadable> {
        let setting = PreparedImport.Setting(
            zones: zones.snapshot(), allDayTime: settings.taskAllDayTime, now: clock.now().wall, firePast: false)
        return { text in
            let prepared: PreparedImport
            do throws(KitError) {
                prepared = try PreparedImport(ics: text, strict: false, setting: setting)
            } catch {
                let prefix = "the calendar file was not imported: "
                let message = error.message
                return .failure(
                    VdirUnreadable(
                        reason: message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message))
            }
            let uids = Set(prepared.components.map(\.documentUID))
            guard uids.count == 1, let uid = uids.first, !uid.isEmpty else {
                let reason =
                    uids.isEmpty
                    ? "it holds no VTODO or VEVENT"
                    : uids.contains("") ? "its VTODO has no UID" : "it holds \(uids.count) items; a vdir file holds one"
                return .failure(VdirUnreadable(reason: reason))
            }
            return .success(VdirItem(uid: uid, value: prepared))
        }
    }

    /// On the loop: what the worker read from the vdir.
    func arrived(_ arrivals: [VdirArrival]) {
        guard let mirror else { return }
        let uids = arrivals.map { arrival in
            switch arrival {
            case .removed(_, let uid, _): uid
            case .changed(_, _, let item, _): item.uid
            }
        }
        // By the database's index on UID, not by a walk over every task.
        let byUID: [String: Int64]
        let found: [Int64: TaskItem]
        do {
            byUID = try store.ids(uids: uids)
            found = try stored(byUID.values)
        } catch {
            logger.error("could not look up tasks changed in the vdir", metadata: ["error": "\(error)"])
            return
        }
        let now = clock.now().wall
        for arrival in arrivals {
            switch arrival {
            case .removed(_, let uid, let kitWroteAt):
                guard let id = byUID[uid], let task = found[id] else {
                    mirror.remove(uid)
                    continue
                }
                removedOutside(task, kitWroteAt: kitWroteAt, now: now)
            case .changed(let name, let text, let item, let kitWroteAt):
                guard let prepared = item.value as? PreparedImport,
                    let component = prepared.components.first(where: {
                        if case .olderInDocument = $0.outcome { return false }
                        return true
                    })
                else { continue }
                changedOutside(
                    name: name, text: text, component: component, prepared: prepared,
                    current: byUID[item.uid].flatMap { found[$0] }, kitWroteAt: kitWroteAt, now: now)
            }
        }
    }

    private func changedOutside(
        name: String, text: String, component: PreparedImport.Component, prepared: PreparedImport,
        current: TaskItem?, kitWroteAt: WallTime?, now: WallTime
    ) {
        guard let mirror else { return }
        var new: TaskStore.NewTask
        switch component.outcome {
        case .built(let built): new = built
        case .cancelled:
            // A cancelled task is closed: done, with nothing lost.
            guard let current, current.isOpen else { return }
            var closed = current
            closed.status = .done(at: now)
            closed.sequence = component.version.sequence
            closed.modifiedAt = component.version.modified ?? Self.stamp(now, after: current.modifiedAt)
            return adopt(closed, replacing: current, from: name, change: "synced", conflictWith: nil)
        case .noDue:
            return mirror.refuse(name, "its \(component.component) has no DUE or DTSTART; kit's tasks have a due time")
        case .refused(let reason):
            return mirror.refuse(name, reason)
        case .olderInDocument:
            return
        }
        for (zoneName, zoneText) in prepared.newZones where zones.defined.text(named: zoneName) == nil {
            zones.defined.define(zoneName, as: zoneText)
            do {
                try storing { try runtime.store.zoneDefinitions.keep(name: zoneName, vtimezone: zoneText) }
            } catch {
                logger.error("could not keep a time zone", metadata: ["zone": "\(zoneName)", "error": "\(error)"])
            }
        }
        // A whole series marked COMPLETED where its rule goes on is one occurrence done.
        let advanced = oneOccurrenceDone(new.task, version: component.version, now: now)
        if let advanced { new = TaskStore.NewTask(advanced, version: Self.version(of: advanced)) }
        guard let current else {
            do {
                let (created, _) = try storing { try store.importTasks([new], updating: []) }
                let shown = created.map { info($0, now: now) }
                apply(created, old: [:], shown: shown, event: Event.taskAdded)
                logger.info(
                    "task added from the vdir", metadata: ["vdir.file": "\(name)", "task.uid": "\(new.task.uid)"])
            } catch {
                logger.error(
                    "could not add a task from the vdir", metadata: ["vdir.file": "\(name)", "error": "\(error)"])
            }
            return
        }
        let outside = component.version
        let mine = Self.version(of: current)
        var (updated, changed) = Self.updating(current, to: new.task)
        updated.sequence = advanced?.sequence ?? outside.sequence
        updated.modifiedAt = advanced?.modifiedAt ?? outside.modified
        if let advanced, advanced.occurrence != current.occurrence || !current.isOpen {
            // The schedule is the same, so `updating` kept kit's occurrence: move it on.
            updated.occurrence = advanced.occurrence
            updated.status = advanced.status
            updated.dueFired = false
            updated.alertsFired = 0
            updated.snoozedUntil = nil
            updated.lastNagAt = nil
            changed.append("occurrence done")
        }
        let outsideNewer =
            outside.sequence > mine.sequence
            || (outside.modified?.nanoseconds ?? .min) > (mine.modified?.nanoseconds ?? .min)
        let changedInKit = changedSinceSync(current, kitWroteAt: kitWroteAt)
        if changed.isEmpty {
            // The same task: the file's version is taken as kit's, so the file stays as it is.
            if outsideNewer { adopt(updated, replacing: current, from: name, change: nil, conflictWith: nil) }
            return
        }
        if outsideNewer {
            let loser = changedInKit ? Self.vdirText(current, zones: zones.snapshot(), now: now) : nil
            return adopt(updated, replacing: current, from: name, change: "synced", conflictWith: loser)
        }
        // Kit's version is the newer one: it stays, and goes back out as a new revision.
        var kept = current
        kept.sequence = max(mine.sequence, outside.sequence) + 1
        kept.modifiedAt = Self.stamp(now, after: current.modifiedAt)
        do {
            try save(kept)
        } catch {
            logger.error("could not keep a task's version", metadata: ["task.id": "\(kept.id)", "error": "\(error)"])
            return
        }
        put(kept, old: current)
        keepInVdir([kept])
        mirror.keepConflict(uid: kept.uid, title: kept.title, winner: "kit", losing: text, now: now)
    }

    /// Takes the file's version of a task (kit's was `current`): saved, re-armed, announced as
    /// `change` (nothing when nil), and with `conflictWith` (kit's version it replaced) kept as a
    /// conflict.
    private func adopt(
        _ task: TaskItem, replacing current: TaskItem, from name: String, change: String?,
        conflictWith loser: String?
    ) {
        do {
            try save(task)
        } catch {
            logger.error(
                "could not take a task from the vdir", metadata: ["vdir.file": "\(name)", "error": "\(error)"])
            return
        }
        unwritten[task.uid] = nil
        if change != nil {
            apply(task, old: current, event: task.isOpen ? Event.taskChanged : Event.taskDone, change: change)
        } else {
            put(task, old: current)
        }
        if let loser {
            mirror?.keepConflict(uid: task.uid, title: task.title, winner: "file", losing: loser, now: clock.now().wall)
        }
    }

    /// A repeating task whose file says the whole series is `STATUS:COMPLETED`, though its rule
    /// has occurrences after the current one, is how Nextcloud Tasks (and Tasks.org, when the
    /// server handles recurring tasks) write "this occurrence is done": kit moves the series on
    /// once, as `kitctl task done` would, and the result is a version of kit's own (`SEQUENCE`
    /// one above the file's, a new `LAST-MODIFIED`), which kitd writes back so that the other
    /// side sees the task open at its next occurrence. Nil for anything else.
    private func oneOccurrenceDone(_ task: TaskItem, version: TaskStore.ItemVersion, now: WallTime) -> TaskItem? {
        guard !task.isOpen, task.recurrence != nil else { return nil }
        var open = task
        open.status = .open
        guard let (next, _) = try? open.completed(at: now, in: zone(of: open)), next.isOpen else { return nil }
        var advanced = next
        advanced.sequence = version.sequence + 1
        advanced.modifiedAt = Self.stamp(now, after: version.modified)
        return advanced
    }

    /// Whether kit changed `task` since the other side last had it: a change not written to its
    /// file yet, or, when kitd runs the sync command, a file kit wrote (`kitWroteAt`, the version
    /// the outside change replaced) after the last run that succeeded started.
    private func changedSinceSync(_ task: TaskItem, kitWroteAt: WallTime?) -> Bool {
        unwritten[task.uid] != nil || runtime.vdirs.unsynced(kitWroteAt)
    }

    /// A task whose file was deleted from outside is deleted, unless it changed in kit since its
    /// file last held it: then kit's version stays and is written again, and the deletion is
    /// reported as a conflict.
    private func removedOutside(_ task: TaskItem, kitWroteAt: WallTime?, now: WallTime) {
        if changedSinceSync(task, kitWroteAt: kitWroteAt) {
            // The ledger forgets the file (it is gone), so that kit's version is written anew.
            mirror?.remove(task.uid)
            keepInVdir([task])
            mirror?.keepConflict(uid: task.uid, title: task.title, winner: "kit", losing: "", now: now)
            return
        }
        do {
            _ = try delete(RecordRef(String(task.id)))
            logger.info("task deleted from the vdir", metadata: ["task.id": "\(task.id)", "task.uid": "\(task.uid)"])
        } catch {
            logger.error(
                "could not delete a task from the vdir", metadata: ["task.id": "\(task.id)", "error": "\(error)"])
        }
    }
}
