import KitCalendar
import KitCore
import KitProtocol
import KitStore

/// Tasks kept in a vdir (`[vdir] tasks`): kit's changes written out (TaskFeature.keepInVdir),
/// and changes made from outside (vdirsyncer, todoman, an editor) read in here.
///
/// A file changed from outside is read like an import of one item, off the loop, and reconciled
/// with kit's task of that UID on the loop against their base, as diary entries and memos are
/// (`VdirMirror.reconcile`): no such task, it is added and fires as kit's own do (a past one-off
/// through catch-up); a change on one side only is taken (`STATUS:COMPLETED` marks the task done,
/// a moved DUE re-arms it); changes on both are merged property by property, and only a property
/// both changed to different values is a conflict, won by the later LAST-MODIFIED. A file deleted
/// from outside deletes its task, unless kit changed it since. A file that is not one item kit can
/// read is reported and left alone.
extension TaskFeature {
    /// At start: opens the tasks' vdir, if there is one, watches it, and writes every task whose
    /// file is missing or older (a crash between a commit and its write).
    func openVdir() throws {
        guard let mirror = try VdirMirror.open("tasks", runtime: runtime) else { return }
        self.mirror = mirror
        try mirror.watch(
            reader: { [unowned self] in vdirReader() },
            onArrivals: { [unowned self] arrivals in mirror.reconcile(arrivals, with: self) })
        keepInVdirByPages(label: "catch-up")
    }

    /// The tasks in pages of this many, where every task's file is written (or checked).
    static let vdirPage = 2000

    /// Writes the file of every task (that `only` accepts) whose file is missing or older, a page
    /// of tasks at a time: each page is read once the worker has kept the one before, so neither
    /// the loop nor memory ever holds every task.
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
            label, uids: chosen.map(\.uid), { chosen.map { Self.vdirFile($0, zones: zones, now: now) } },
            settled: { [unowned self] _ in keepInVdirByPages(label: label, after: last, only: only) })
    }

    /// Writes these tasks' vdir files after the turn's commit, when tasks are kept in a vdir: one
    /// job on the worker, which makes each file's text from the zones as they are now and puts
    /// kit's change into the file's text (VdirMirror+Out).
    func keepInVdir(_ changed: [TaskItem], label: String = "write") {
        guard let mirror, !changed.isEmpty else { return }
        let zones = zones.snapshot()
        let now = clock.now().wall
        commits.onCommitted {
            mirror.keep(label, uids: changed.map(\.uid)) { changed.map { Self.vdirFile($0, zones: zones, now: now) } }
        }
    }

    /// A task's file in the vdir, as the worker writes it.
    static func vdirFile(_ task: TaskItem, zones: ZoneSnapshot, now: WallTime) -> VdirMirror.Text {
        VdirMirror.Text(
            uid: task.uid, text: vdirText(task, zones: zones, now: now),
            modified: task.modifiedAt ?? WallTime(nanoseconds: 0))
    }

    /// `vdirText` with the zones of a snapshot.
    static func vdirText(_ task: TaskItem, zones: ZoneSnapshot, now: WallTime) -> String {
        vdirText(
            task, zone: task.zone.flatMap(zones.zone(named:)) ?? zones.system, systemName: zones.systemName, now: now,
            named: zones.zone(named:))
    }

    /// How the worker reads one file, with the zones and time as they are now.
    func vdirReader() -> @Sendable (String) -> Result<VdirItem, VdirUnreadable> {
        let setting = PreparedImport.Setting(
            zones: zones.snapshot(), allDayTime: settings[TaskSettings.self].allDayTime, now: clock.now().wall,
            firePast: false)
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
}

extension TaskFeature: VdirKeeper {
    func vdirItem(uid: String) throws -> TaskItem? {
        guard let id = try storing({ try store.ids(uids: [uid]) })[uid] else { return nil }
        return try stored(id)
    }

    func vdirText(of task: TaskItem) -> String { Self.vdirText(task, zones: zones.snapshot(), now: clock.now().wall) }

    func vdirTitle(of task: TaskItem) -> String { task.title }

    /// The file's task as an import reads it, taken into kit's (`updating`: what has fired stays
    /// fired while the schedule is the same); a cancelled one closes kit's.
    func vdirTaking(_ item: VdirItem, into current: TaskItem?) -> Result<TaskItem, VdirUnreadable> {
        guard let prepared = item.value as? PreparedImport,
            let component = prepared.components.first(where: {
                if case .olderInDocument = $0.outcome { return false }
                return true
            })
        else { return .failure(VdirUnreadable(reason: "it holds no VTODO or VEVENT kit can read")) }
        let now = clock.now().wall
        let fresh: TaskItem
        switch component.outcome {
        case .built(let built): fresh = built.task
        case .cancelled:
            // A cancelled task is closed: done, with nothing lost.
            guard var closed = current else {
                return .failure(
                    VdirUnreadable(reason: "its \(component.component) is cancelled, and kit has no such task"))
            }
            if closed.isOpen { closed.status = .done(at: now) }
            closed.sequence = component.version.sequence
            closed.modifiedAt = component.version.modified ?? closed.modifiedAt
            return .success(closed)
        case .noDue:
            return .failure(
                VdirUnreadable(reason: "its \(component.component) has no DUE or DTSTART; kit's tasks have a due time"))
        case .refused(let reason):
            return .failure(VdirUnreadable(reason: reason))
        case .olderInDocument:
            return .failure(VdirUnreadable(reason: "it holds no VTODO or VEVENT kit can read"))
        }
        for (zoneName, zoneText) in prepared.newZones where zones.defined.text(named: zoneName) == nil {
            zones.defined.define(zoneName, as: zoneText)
            do {
                try storing { try runtime.store.zoneDefinitions.keep(name: zoneName, vtimezone: zoneText) }
            } catch {
                logger.error("could not keep a time zone", metadata: ["zone": "\(zoneName)", "error": "\(error)"])
            }
        }
        guard let current else { return .success(fresh) }
        var (updated, _) = Self.updating(current, to: fresh)
        updated.sequence = component.version.sequence
        updated.modifiedAt = component.version.modified ?? current.modifiedAt
        return .success(updated)
    }

    /// Saves and re-arms a task taken in; a repeating task the file completed as a whole, where
    /// kit's was open, moves on one occurrence instead (`oneOccurrenceDone`), written back.
    func vdirSave(_ taken: TaskItem, replacing current: TaskItem?, file name: String) throws {
        let now = clock.now().wall
        var task = taken
        let advanced =
            current?.isOpen ?? true
            ? oneOccurrenceDone(taken, version: Self.version(of: taken), now: now) : nil
        if let advanced {
            task = advanced
            if let current, advanced.occurrence != current.occurrence || !current.isOpen {
                task.dueFired = false
                task.alertsFired = 0
                task.snoozedUntil = nil
                task.lastNagAt = nil
            }
        }
        guard let current else {
            let (created, _) = try storing {
                try store.importTasks([TaskStore.NewTask(task, version: Self.version(of: task))], updating: [])
            }
            apply(created, old: [:], shown: created.map { info($0, now: now) }, event: Event.taskAdded)
            logger.info("task added from the vdir", metadata: ["vdir.file": "\(name)", "task.uid": "\(task.uid)"])
            if advanced != nil { keepInVdir(created) }
            return
        }
        task = task.withID(current.id)
        try save(task)
        let changed = Self.fileDiffers(current, task) || current.isOpen != task.isOpen
        if changed {
            let change: TaskEvent.Change = advanced != nil ? .occurrenceDone : .synced
            apply(task, old: current, event: task.isOpen ? Event.taskChanged : Event.taskDone, change: change)
        } else {
            put(task, old: current)
        }
        if advanced != nil { keepInVdir([task]) }
    }

    func vdirDelete(_ task: TaskItem) throws {
        _ = try delete(RecordRef(String(task.id)))
        logger.info("task deleted from the vdir", metadata: ["task.id": "\(task.id)", "task.uid": "\(task.uid)"])
    }

    func vdirKeep(_ task: TaskItem) { keepInVdir([task]) }
}
