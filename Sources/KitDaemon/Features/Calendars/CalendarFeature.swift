import Glibc
import KitCore
import KitLocalization
import KitProtocol
import KitStore

/// The calendars the person keeps elsewhere (khal's, todoman's, the phone's through vdirsyncer),
/// watched read-only (`[calendars] watch`): their alarms ring as kit's own popups, with Snooze and
/// Dismiss. kitd never writes into them; what it did with an alarm (rung, dismissed, snoozed) it
/// keeps in its own database, by UID, occurrence and alarm.
///
/// Alarms are planned for a horizon ahead (`horizon`), not for every occurrence of every series:
/// a file that changes is planned again, and so is every file when the horizon moves on, the
/// wall clock is set or the zone changes. Planning every file again goes a slice of the loop at a
/// time (`replanSlice`), so that alarms and requests are served between slices; until a file's
/// turn comes, its old plan stands.
final class CalendarFeature: Feature {
    let runtime: FeatureRuntime
    let eventNames = [Event.calendarAlarm, Event.calendarNext]
    private(set) var collections: [WatchedCollection] = []

    /// What the channel wakes kitd for: an alarm, a read of a collection, or the horizon moving on.
    enum Key: Hashable, Comparable, Sendable {
        case ring(RingID)
        case horizon

        static func < (lhs: Key, rhs: Key) -> Bool {
            switch (lhs, rhs) {
            case (.ring(let left), .ring(let right)): left < right
            case (.ring, .horizon): true
            case (.horizon, _): false
            }
        }
    }

    /// A planned alarm: when, and the file of the item it is of. What its popup says is worked
    /// out from that item as it rings (`shown`): a big calendar's plan holds a thousand of them.
    struct Plan {
        var at: WallTime
        var collection: Int
        /// The file it is of, by `WatchedCollection.nameKey`.
        var file: Int
    }

    /// An alarm with what its popup says.
    struct Planned {
        var at: WallTime
        var collection: Int
        /// The file it is of, by `WatchedCollection.nameKey`.
        var file: Int
        var title: String
        var location: String?
        var note: String?
        var start: WallTime
        var end: WallTime
        var allDay: Bool
        var text: String?
        var zone: any UTCOffsets
    }

    /// A file of a watched collection: its index, and its name's `WatchedCollection.nameKey`.
    struct FileKey: Hashable {
        var collection: Int
        var file: Int
    }

    var alarms: Alarms<Key, WallTime>?
    /// The inotify watches on the folders the patterns' wildcards start under.
    private var patternSources: [EventSource] = []
    private var reads: Alarms<Int, BootTime>?
    var planned: [RingID: Plan] = [:]
    /// What was done with alarms: rung (by ring), dismissed (by alarm, repetition -1), snoozed.
    var rang: Set<RingID> = []
    var dismissed: Set<RingID> = []
    var snoozed: [RingID: WallTime] = [:]
    /// What the popups rung lately said, for a Snooze pressed on one; forgotten a horizon after
    /// they rang, as the horizon moves.
    var rung: [RingID: Planned] = [:]
    /// Alarms are planned through this instant.
    private(set) var plannedThrough = WallTime(nanoseconds: 0)
    /// When the horizon moved on late, past its end (the machine slept, or the clock was set on):
    /// the old end. The alarms between it and now were never planned; they are planned too, and
    /// ring at once, late (back to `catchUpWindow` at most), until the horizon next moves on.
    private var missedFrom: WallTime?
    /// Files are kept whole when something of them comes by this instant: the plan, and the time
    /// until the horizon next moves on (`WatchedCollection.later`).
    var keepThrough: WallTime { plannedThrough + Nanoseconds(Self.horizon.value / 2) }
    /// The files left to plan again, and the source that plans the next slice of them.
    private var replanQueue: [FileKey] = []
    private var replanNext = 0
    private var replanSource: DeferSource?
    /// The next alarm as `calendar.next` last told it, and whether a check is asked for this turn.
    private var toldNext: DaemonStatusResult.CalendarSummary.Next?
    private var nextCheckAsked = false
    /// How long one slice of planning every file again may hold the loop.
    var replanSlice = Duration.milliseconds(5)

    /// How far ahead alarms are planned; the plan moves on when half of it has passed.
    static let horizon: Nanoseconds = 2 * 86_400 * Nanoseconds.second
    /// How long a burst of file events may last before its files are read: as long as kit's own
    /// vdirs wait (vdirsyncer's writes of one run come closer together than this).
    static let readDelay: Nanoseconds = VdirMirror.readDelay
    /// An alarm that rings this much after its instant is late (`calendar.alarm`'s `late`): the
    /// machine slept through it.
    static let lateAfter = Nanoseconds.minute

    /// How far back the alarms missed while kitd was off are caught up.
    static let catchUpWindow: Nanoseconds = 7 * 86_400 * Nanoseconds.second
    /// Records of alarms older than this are forgotten at start.
    static let memory: Nanoseconds = 60 * 86_400 * Nanoseconds.second

    init(_ runtime: FeatureRuntime) {
        self.runtime = runtime
        alarms = runtime.scheduler.alarms(Key.self, on: WallTime.self) { [unowned self] due, now in
            came(due, now: now)
        }
        reads = runtime.scheduler.alarms(Int.self, on: BootTime.self) { [unowned self] due, _ in
            for index in due where collections.indices.contains(index) { collections[index].read() }
        }
        runtime.popupActions.register(CalendarPopup.self) { [unowned self] subject, key in pressed(key, on: subject) }
    }

    func mount(on router: RequestRouter) {
        router.register(Method.calendarList, .now { [unowned self] _, _ in list() })
    }

    func load(_ reason: LoadReason) throws {
        let now = clock.now().wall
        rang = []
        dismissed = []
        snoozed = [:]
        let records = try storing { try runtime.store.watchedAlarms.records(since: WallTime(nanoseconds: 0)) }
        // Alarms long past ring no more either way: their records go, in a commit of their own.
        let forgotten = now + Nanoseconds(-Self.memory.value)
        if reason == .start, let oldest = records.first, oldest.at < forgotten {
            try storing { try runtime.store.watchedAlarms.forget(before: forgotten) }
            commits.onFlushed {}
        }
        for record in records where record.at >= forgotten {
            guard let occurrence = CivilDateTime.parseStored(record.occurrence) else { continue }
            let id = RingID(uid: record.uid, occurrence: occurrence, alarm: record.alarm, repetition: record.repetition)
            switch record.state {
            case .rang: rang.insert(id)
            case .dismissed: dismissed.insert(id)
            case .snoozed: if let until = record.until { snoozed[id] = until }
            }
        }
        guard reason == .start else {
            replanAll(now: now)
            return
        }
        plannedThrough = now + Self.horizon
        alarms?.schedule(.horizon, at: now + Nanoseconds(Self.horizon.value / 2))
        for path in Self.folders(settings[CalendarSettings.self].watch) { add(path) }
        followPatterns()
    }

    /// Starts watching the folder `path`, as the next collection.
    private func add(_ path: String) {
        let index = collections.count
        let collection = WatchedCollection(path: path, runtime: runtime)
        collection.keeping = { [unowned self] in keeping(for: index, now: clock.now().wall) }
        collection.readSoon = { [unowned self] in
            guard reads?.due(of: index) == nil else { return }
            reads?.schedule(index, at: clock.now().boot + Self.readDelay)
        }
        collection.onFirstRead = { [unowned self] in
            catchUp(index, now: clock.now())
            // Reading every file left the worker's heap with what parsing freed: given back.
            if collections.allSatisfy({ $0.hasRead || $0.retired }) {
                runtime.worker.submit("calendar.trim") { ProcessSetup.giveBackFreedMemory() }
            }
        }
        collection.onChange = { [unowned self] changes in
            let now = clock.now().wall
            for change in changes { plan(file: change.file, of: index, items: change.items, now: now) }
        }
        collections.append(collection)
        collection.start()
    }

    /// Watches the folder each pattern's wildcards start under (`~/.calendars` for
    /// `~/.calendars/*`): a calendar vdirsyncer adds there later is watched as it appears.
    private func followPatterns() {
        var parents: Set<String> = []
        for pattern in settings[CalendarSettings.self].watch {
            let parts = pattern.split(separator: "/", omittingEmptySubsequences: false)
            guard let wild = parts.firstIndex(where: { $0.contains(where: { "*?[".contains($0) }) }), wild > 0 else {
                continue
            }
            let parent = parts[..<wild].joined(separator: "/")
            guard !parent.isEmpty, parents.insert(parent).inserted else { continue }
            do {
                patternSources.append(
                    try runtime.loop.watch(directory: parent, events: [.created, .movedIn]) { [unowned self] _, _ in
                        let known = Set(collections.filter { !$0.retired }.map(\.path))
                        for path in Self.folders(settings[CalendarSettings.self].watch) where !known.contains(path) {
                            var info = stat()
                            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
                            logger.info("a new calendar folder is watched", metadata: ["calendar.path": "\(path)"])
                            add(path)
                        }
                    })
            } catch {
                logger.warning(
                    "cannot follow a watched pattern's folder; calendars added there later need a restart",
                    metadata: ["calendar.path": "\(parent)", "error": "\(error)"])
            }
        }
    }

    /// The folders `watch` names: each pattern's matches (glob(3)), in order, each once.
    static func folders(_ patterns: [String]) -> [String] {
        var found: [String] = []
        for pattern in patterns {
            var matches = glob_t()
            defer { globfree(&matches) }
            guard glob(pattern, GLOB_NOSORT | GLOB_ONLYDIR, nil, &matches) == 0 else {
                // A pattern that matches nothing is kept as it is, so that it is reported.
                if !found.contains(pattern) { found.append(pattern) }
                continue
            }
            var paths: [String] = []
            for index in 0..<Int(matches.gl_pathc) {
                if let path = matches.gl_pathv[index] { paths.append(String(cString: path)) }
            }
            for path in paths.sorted() where !found.contains(path) { found.append(path) }
        }
        return found
    }

    // MARK: Planning

    /// Plans the rings of one file's items in `(now, plannedThrough]`, replacing its old ones.
    private func plan(file: Int, of collection: Int, items: [WatchedItem], now: WallTime) {
        // Looked for among the planned (a look at 2,000 of them costs microseconds): an index by
        // file would cost more memory than they do.
        var old = planned.compactMap { $0.value.collection == collection && $0.value.file == file ? $0.key : nil }
        // A file set aside (not gone) keeps its snoozed alarms: their popups are kept (`rung`).
        if items.isEmpty, collections[collection].later[file] != nil {
            old.removeAll { id in rung[id] != nil && (snoozed[id].map { $0 > now } ?? false) }
        }
        for id in old { planned[id] = nil }
        alarms?.cancel(old.map { Key.ring($0) })
        var new: [(key: Key, due: WallTime)] = []
        for item in items {
            let task = item.task
            let zone = task.zone.flatMap { zones.zone(named: $0) } ?? zones.system
            let after = min(now, missedFrom ?? now)
            for (id, ring) in rings(of: item, collection: collection, file: file, after: after, through: plannedThrough)
            {
                planned[id] = Plan(at: ring.at, collection: collection, file: file)
                new.append((.ring(id), ring.at))
            }
            // A snoozed alarm of the item rings when its snooze ends (after a restart too).
            for (id, until) in snoozed where id.uid == task.uid && until > now && planned[id] == nil {
                guard rung[id] != nil || ring(id, of: item, collection: collection, file: file, zone: zone) != nil
                else { continue }
                planned[id] = Plan(at: until, collection: collection, file: file)
                new.append((.ring(id), until))
            }
        }
        alarms?.schedule(new)
        if !old.isEmpty || !new.isEmpty { nextMayHaveChanged() }
    }

    /// What the plan needs of the files of collection `index` (`WatchedCollection.Keeping`):
    /// their alarms from now, or from when alarms missed are caught up (the folder's first read
    /// since kitd started, a late plan), through the plan and the time until it moves on.
    func keeping(for index: Int, now: WallTime) -> WatchedCollection.Keeping {
        var from = min(now, missedFrom ?? now)
        if !collections[index].hasRead,
            let since = try? runtime.store.watchedAlarms.watchedSince(collections[index].path)
        {
            from = min(from, max(since, now + Nanoseconds(-Self.catchUpWindow.value)))
        }
        var keep = WatchedCollection.Keeping(
            from: from, now: now, through: keepThrough, fallback: settings[CalendarSettings.self].fallbackAlarm,
            snoozed: Set(snoozed.keys.map(\.uid)))
        if from < now {
            keep.rang = rang
            keep.dismissed = dismissed
        }
        return keep
    }

    /// The next planned alarm: the channel's first, unless the horizon comes before any.
    func nextRing() -> Planned? {
        if case .ring(let id)? = alarms?.next()?.key, let plan = planned[id] { return shown(id, plan) }
        return planned.min { $0.value.at < $1.value.at }.flatMap { shown($0.key, $0.value) }
    }

    /// What a planned alarm's popup says: as it said when it rang before a snooze, else from the
    /// item it is of (kept whole while an alarm of it is planned). Nil when that item is gone.
    func shown(_ id: RingID, _ plan: Plan) -> Planned? {
        if var ring = rung[id] {
            ring.at = plan.at
            return ring
        }
        guard collections.indices.contains(plan.collection),
            let item = collections[plan.collection].files[plan.file]?.items.first(where: { $0.task.uid == id.uid })
        else { return nil }
        let zone = item.task.zone.flatMap { zones.zone(named: $0) } ?? zones.system
        guard var ring = ring(id, of: item, collection: plan.collection, file: plan.file, zone: zone) else {
            return nil
        }
        ring.at = plan.at
        return ring
    }

    /// The item with `default_alarm` when it has no alarm of its own.
    func withFallback(_ item: WatchedItem) -> WatchedItem {
        guard item.alarms.isEmpty, item.changedAlarms.isEmpty,
            let fallback = settings[CalendarSettings.self].fallbackAlarm
        else { return item }
        var item = item
        item.alarms = [fallback]
        return item
    }

    func summary(_ ring: Planned) -> DaemonStatusResult.CalendarSummary.Next {
        .init(title: ring.title, at: Timestamp.rfc3339(ring.at), calendar: name(of: ring.collection))
    }

    /// At the end of the turn, `calendar.next` tells a new next alarm (a bar shows it).
    func nextMayHaveChanged() {
        guard !nextCheckAsked else { return }
        nextCheckAsked = true
        commits.onFlushed { [unowned self] in nextCheckAsked = false }
        commits.onCommitted { [unowned self] in
            let next = nextRing().map(summary)
            guard next != toldNext else { return }
            toldNext = next
            events.emit(Event.calendarNext, CalendarNextEvent(next: next))
        }
    }

    /// The rings of `item` in `(after, through]` that have not rung, been dismissed or snoozed,
    /// each with what its popup says. An item without an alarm of its own gets `default_alarm`.
    func rings(of given: WatchedItem, collection: Int, file: Int, after: WallTime, through: WallTime)
        -> [(RingID, Planned)]
    {
        let item = withFallback(given)
        let task = item.task
        let zone = task.zone.flatMap { zones.zone(named: $0) } ?? zones.system
        var found: [(RingID, Planned)] = []
        for ring in item.rings(after: after, through: through, in: zone) {
            let alarms = item.changedAlarms[ring.occurrence] ?? item.alarms
            guard alarms.indices.contains(ring.alarm) else { continue }
            let alarm = alarms[ring.alarm]
            let id = RingID(
                uid: task.uid, occurrence: ring.occurrence, alarm: alarm.key, repetition: ring.repetition)
            guard !rang.contains(id), !dismissed.contains(id.withoutRepetition), snoozed[id] == nil else { continue }
            let change = task.dates.override(comingAt: ring.occurrence)
            found.append(
                (
                    id,
                    Planned(
                        at: ring.at, collection: collection, file: file, title: change?.title ?? task.title,
                        location: task.location, note: change?.note ?? task.note, start: ring.start,
                        end: ring.end, allDay: task.allDay, text: alarm.text, zone: zone)
                ))
        }
        return found
    }

    /// What alarm `id`'s popup says, from the item it is of (its `default_alarm` too), at its
    /// occurrence's due time: nil when the item no longer has that alarm.
    func ring(
        _ id: RingID, of given: WatchedItem, collection: Int, file: Int, zone: any UTCOffsets
    ) -> Planned? {
        let item = withFallback(given)
        let alarms = item.changedAlarms[id.occurrence] ?? item.alarms
        guard let alarm = alarms.first(where: { $0.key == id.alarm }) else { return nil }
        let task = item.task
        let change = task.dates.override(comingAt: id.occurrence)
        let civil = change?.effective ?? id.occurrence
        let (start, due, end) = item.span(at: civil, of: task, in: zone)
        return Planned(
            at: due, collection: collection, file: file, title: change?.title ?? task.title,
            location: task.location, note: change?.note ?? task.note, start: start, end: end,
            allDay: task.allDay, text: alarm.text, zone: zone)
    }

    /// Plans every file again, through a horizon from `now`, a slice of the loop at a time; a
    /// second call while it runs starts it over.
    func replanAll(now: WallTime, instantsMoved: Bool = false) {
        let previous = plannedThrough
        missedFrom =
            previous > WallTime(nanoseconds: 0) && previous < now
            ? max(previous, now + Nanoseconds(-Self.catchUpWindow.value)) : nil
        plannedThrough = now + Self.horizon
        alarms?.schedule(.horizon, at: now + Nanoseconds(Self.horizon.value / 2))
        // The far one-offs the plan came near are read again (all of them when their instants moved).
        for collection in collections where !collection.retired {
            collection.promote(through: instantsMoved ? nil : keepThrough)
        }
        // A popup that rang within the last horizon may still be snoozed: a replan that is not
        // the horizon moving on (the clock was set, the zone changed, a reload) must not forget
        // it, or Snooze on it would end the alarm. Older ones go, unless snoozed.
        let forgetBefore = now + Nanoseconds(-Self.horizon.value)
        rung = rung.filter { snoozed[$0.key] != nil || $0.value.at > forgetBefore }
        replanQueue = collections.indices.flatMap { index in
            collections[index].files.keys.map { FileKey(collection: index, file: $0) }
        }
        replanNext = 0
        if replanSource == nil {
            do {
                // After everything else of a turn, the commit and replies too.
                replanSource = try runtime.loop.deferred(
                    description: "calendar-replan", priority: EventLoop.Priority.flush + 10
                ) { [unowned self] in replanStep() }
            } catch {
                logger.error("cannot plan the watched calendars' alarms again", metadata: ["error": "\(error)"])
                return
            }
        }
        replanSource?.trigger()
    }

    /// Whether planning every file again is under way.
    var replanning: Bool { replanNext < replanQueue.count }

    /// One slice of planning every file again: files until the slice is used up, then the next
    /// slice is asked for. A file that changed meanwhile was planned as it changed; planning it
    /// again gives the same.
    private func replanStep() {
        replanSource?.cancel()
        let deadline = ContinuousClock.now + replanSlice
        let now = clock.now().wall
        let zones = zones.snapshot()
        var keeps: [Int: WatchedCollection.Keeping] = [:]
        var first = true
        while replanNext < replanQueue.count, first || ContinuousClock.now < deadline {
            first = false
            let key = replanQueue[replanNext]
            replanNext += 1
            guard collections.indices.contains(key.collection), let file = collections[key.collection].files[key.file]
            else { continue }
            // What rang and comes next beyond the plan is set aside, until the plan comes near.
            let keep = keeps[key.collection] ?? keeping(for: key.collection, now: now)
            keeps[key.collection] = keep
            let items = collections[key.collection].setAside(key.file, keep: keep, zones: zones) ? [] : file.items
            plan(file: key.file, of: key.collection, items: items, now: now)
        }
        if replanning {
            replanSource?.trigger()
        } else {
            replanQueue = []
            replanNext = 0
            // What was set aside grew the tables: they are trimmed again.
            for collection in collections { collection.compact() }
        }
    }

    func wallClockChanged() { replanAll(now: clock.now().wall) }

    /// A new `[calendars]`: folders no longer watched stop ringing, new ones are read, and every
    /// alarm is planned again (`default_alarm` may have changed).
    func settingsChanged(_ tables: Set<String>) {
        guard tables.contains("calendars") else { return }
        let watch = settings[CalendarSettings.self].watch
        let wanted = Self.folders(watch)
        for collection in collections where !collection.retired && !wanted.contains(collection.path) {
            logger.info("a calendar folder is no longer watched", metadata: ["calendar.path": "\(collection.path)"])
            collection.retire()
        }
        let watched = Set(collections.filter { !$0.retired }.map(\.path))
        for path in wanted where !watched.contains(path) { add(path) }
        patternSources = []
        followPatterns()
        replanAll(now: clock.now().wall, instantsMoved: true)
    }

    /// Floating and all-day events come at their local time in the new zone.
    func zoneChanged() { replanAll(now: clock.now().wall, instantsMoved: true) }
}
