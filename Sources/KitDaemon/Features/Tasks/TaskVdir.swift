import KitCalendar
import KitCore
import KitProtocol
import KitStore

/// The tasks' vdir (`[vdir] tasks`), a room of the tasks feature: it owns the collection's
/// mirror, writes kit's changes out after their commit (`keep`), and takes in changes made from
/// outside (vdirsyncer, todoman, an editor), changing the tasks through the feature.
///
/// A file changed from outside is read like an import of one item, off the loop, and reconciled
/// with kit's task of that UID on the loop against their base, as diary entries and memos are
/// (`VdirMirror.reconcile`): no such task, it is added and fires as kit's own do (a past one-off
/// through catch-up); a change on one side only is taken (`STATUS:COMPLETED` marks the task done,
/// a moved DUE re-arms it); changes on both are merged property by property, and only a property
/// both changed to different values is a conflict, won by the later LAST-MODIFIED. A file deleted
/// from outside deletes its task, unless kit changed it since. A file that is not one item kit can
/// read is reported and left alone.
final class TaskVdir {
    let mirror: VdirMirror
    private unowned let tasks: TaskFeature

    /// The tasks in pages of this many, where every task's file is written (or checked).
    static let page = 2000

    private init(mirror: VdirMirror, tasks: TaskFeature) {
        self.mirror = mirror
        self.tasks = tasks
    }

    /// At start: opens the tasks' vdir, if there is one, watches it, and writes every task whose
    /// file is missing or older (a crash between a commit and its write).
    static func open(for tasks: TaskFeature) throws -> TaskVdir? {
        guard let mirror = try VdirMirror.open("tasks", runtime: tasks.runtime) else { return nil }
        let vdir = TaskVdir(mirror: mirror, tasks: tasks)
        try mirror.watch(
            reader: { [unowned vdir] in vdir.reader() },
            onArrivals: { [unowned vdir] arrivals in mirror.reconcile(arrivals, with: vdir) })
        vdir.keepByPages(label: "catch-up")
        return vdir
    }

    /// Writes the file of every task (that `only` accepts) whose file is missing or older, a page
    /// of tasks at a time: each page is read once the worker has kept the one before, so neither
    /// the loop nor memory ever holds every task.
    func keepByPages(label: String, after: Int64 = 0, only: @escaping (TaskItem) -> Bool = { _ in true }) {
        let page: [TaskItem]
        do {
            page = try tasks.store.page(.all, after: after, limit: Self.page)
        } catch {
            tasks.logger.error("could not read tasks for their vdir files", metadata: ["error": "\(error)"])
            return
        }
        guard let last = page.last?.id else { return }
        let chosen = page.filter(only)
        let zones = tasks.zones.snapshot()
        let now = tasks.clock.now().wall
        mirror.keep(
            label, uids: chosen.map(\.uid), { chosen.map { Self.file($0, zones: zones, now: now) } },
            settled: { [unowned self] _ in keepByPages(label: label, after: last, only: only) })
    }

    /// Writes these tasks' files after the turn's commit: one job on the worker, which makes each
    /// file's text from the zones as they are now and puts kit's change into the file's text
    /// (VdirMirror+Out).
    func keep(_ changed: [TaskItem], label: String = "write") {
        guard !changed.isEmpty else { return }
        let zones = tasks.zones.snapshot()
        let now = tasks.clock.now().wall
        let mirror = mirror
        tasks.commits.onCommitted {
            mirror.keep(label, uids: changed.map(\.uid)) { changed.map { Self.file($0, zones: zones, now: now) } }
        }
    }

    /// A task's file in the vdir, as the worker writes it.
    static func file(_ task: TaskItem, zones: ZoneSnapshot, now: WallTime) -> VdirMirror.Text {
        VdirMirror.Text(
            uid: task.uid, text: text(task, zones: zones, now: now),
            modified: task.modifiedAt ?? WallTime(nanoseconds: 0))
    }

    /// `TaskFeature.vdirText` with the zones of a snapshot.
    static func text(_ task: TaskItem, zones: ZoneSnapshot, now: WallTime) -> String {
        TaskFeature.vdirText(
            task, zone: task.zone.flatMap(zones.zone(named:)) ?? zones.system, systemName: zones.systemName, now: now,
            named: zones.zone(named:))
    }

    /// How the worker reads one file, with the zones and time as they are now.
    func reader() -> @Sendable (String) -> Result<VdirItem, VdirUnreadable> {
        let setting = PreparedImport.Setting(
            zones: tasks.zones.snapshot(), allDayTime: tasks.settings[TaskSettings.self].allDayTime,
            now: tasks.clock.now().wall,
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
        guard let (next, _) = try? open.completed(at: now, in: tasks.zone(of: open)), next.isOpen else { return nil }
        var advanced = next
        advanced.sequence = version.sequence + 1
        advanced.modifiedAt = TaskFeature.stamp(now, after: version.modified)
        return advanced
    }
}

extension TaskVdir: VdirKeeper {
    func vdirItem(uid: String) throws -> TaskItem? {
        guard let id = try storing({ try tasks.store.ids(uids: [uid]) })[uid] else { return nil }
        return try tasks.stored(id)
    }

    func vdirText(of task: TaskItem) -> String {
        Self.text(task, zones: tasks.zones.snapshot(), now: tasks.clock.now().wall)
    }

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
        let now = tasks.clock.now().wall
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
            return .failure(VdirUnreadable(reason: reason.english))
        case .olderInDocument:
            return .failure(VdirUnreadable(reason: "it holds no VTODO or VEVENT kit can read"))
        }
        for (zoneName, zoneText) in prepared.newZones where tasks.zones.defined.text(named: zoneName) == nil {
            tasks.zones.defined.define(zoneName, as: zoneText)
            do {
                try storing { try tasks.runtime.store.zoneDefinitions.keep(name: zoneName, vtimezone: zoneText) }
            } catch {
                tasks.logger.error(
                    "could not keep a time zone", metadata: ["zone": "\(zoneName)", "error": "\(error)"])
            }
        }
        guard let current else { return .success(fresh) }
        var (updated, _) = TaskImport.updating(current, to: fresh)
        updated.sequence = component.version.sequence
        updated.modifiedAt = component.version.modified ?? current.modifiedAt
        return .success(updated)
    }

    /// Saves and re-arms a task taken in; a repeating task the file completed as a whole, where
    /// kit's was open, moves on one occurrence instead (`oneOccurrenceDone`), written back.
    func vdirSave(_ taken: TaskItem, replacing current: TaskItem?, file name: String) throws {
        let now = tasks.clock.now().wall
        var task = taken
        let advanced =
            current?.isOpen ?? true
            ? oneOccurrenceDone(taken, version: TaskFeature.version(of: taken), now: now) : nil
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
                try tasks.store.importTasks(
                    [TaskStore.NewTask(task, version: TaskFeature.version(of: task))], updating: [])
            }
            tasks.apply(created, old: [:], shown: created.map { tasks.info($0, now: now) }, event: Event.taskAdded)
            tasks.logger.info(
                "task added from the vdir", metadata: ["vdir.file": "\(name)", "task.uid": "\(task.uid)"])
            if advanced != nil { keep(created) }
            return
        }
        task = task.withID(current.id)
        try tasks.save(task)
        let changed = TaskFeature.fileDiffers(current, task) || current.isOpen != task.isOpen
        if changed {
            let change: TaskEvent.Change = advanced != nil ? .occurrenceDone : .synced
            tasks.apply(task, old: current, event: task.isOpen ? Event.taskChanged : Event.taskDone, change: change)
        } else {
            tasks.put(task, old: current)
        }
        if advanced != nil { keep([task]) }
    }

    func vdirDelete(_ task: TaskItem) throws {
        _ = try tasks.delete(RecordRef(String(task.id)))
        tasks.logger.info("task deleted from the vdir", metadata: ["task.id": "\(task.id)", "task.uid": "\(task.uid)"])
    }

    func vdirKeep(_ task: TaskItem) { keep([task]) }
}
