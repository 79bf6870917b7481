import KitCore
import KitProtocol

/// What the watched calendars hold, read: the agenda's events (also from a snapshot, on the
/// worker), `calendar.list` and the status's part.
extension CalendarFeature {
    func describe(into status: inout DaemonStatusResult, now: ClockReading) {
        guard !collections.isEmpty else { return }
        status.calendars = DaemonStatusResult.CalendarSummary(
            calendars: collections.filter { !$0.retired }.count, next: nextRing().map(summary))
    }

    /// The watched items, by calendar, as they are now: for the agenda's work off the loop (the
    /// arrays are shared, not copied). The far one-offs kitd keeps only as their first instant
    /// (`WatchedCollection.later`) are read from their files when the agenda reaches them.
    struct Snapshot: Sendable {
        struct Calendar: Sendable {
            var name: String
            var path: String
            var files: [[WatchedItem]]
            var later: SortedTable<WatchedCollection.Later>
        }
        var calendars: [Calendar]
        var zones: ZoneSnapshot
        var now: WallTime
        var isEmpty: Bool { calendars.allSatisfy { $0.files.isEmpty && $0.later.isEmpty } }
    }

    func snapshot() -> Snapshot {
        Snapshot(
            calendars: collections.filter { !$0.retired }.map {
                Snapshot.Calendar(name: $0.name, path: $0.path, files: $0.files.values.map(\.items), later: $0.later)
            }, zones: zones.snapshot(), now: clock.now().wall)
    }

    /// The items of the files set aside (`WatchedCollection.later`) that may come in `[from, to)`:
    /// read from the folder, on the worker. A file that cannot be read is left out.
    static func farItems(_ calendar: Snapshot.Calendar, from: WallTime, to: WallTime, snapshot: Snapshot)
        -> [[WatchedItem]]
    {
        let due = Set(calendar.later.keys { $0.at < to || $0.since >= from })
        guard !due.isEmpty, let names = try? VdirCollection(reading: calendar.path).names() else { return [] }
        let collection = VdirCollection(reading: calendar.path)
        var found: [[WatchedItem]] = []
        for name in names where due.contains(WatchedCollection.nameKey(name)) {
            guard let bytes = try? collection.read(name: name), bytes.count <= WatchedCollection.maximumFileBytes,
                case .success(let items) = WatchedCalendarReader.items(
                    String(decoding: bytes, as: UTF8.self), zones: snapshot.zones, now: snapshot.now)
            else { continue }
            found.append(items)
        }
        return found
    }

    /// The occurrences of the watched items that start in `[from, to)`, at most `limit`, each
    /// with its calendar's name (id 0). The history kitd does not keep (items that can no longer
    /// ring) is not listed.
    func agenda(from: WallTime, to: WallTime, limit: Int) -> [AgendaItem] {
        Self.agenda(snapshot(), from: from, to: to, limit: limit)
    }

    /// The same, from a snapshot: on any thread.
    static func agenda(_ snapshot: Snapshot, from: WallTime, to: WallTime, limit: Int) -> [AgendaItem] {
        var found: [AgendaItem] = []
        each(snapshot, from: from, to: to, limit: limit) { calendar, item, task, civil, due, zone in
            found.append(
                AgendaItem(
                    id: 0, title: task.title(at: civil), dueAt: Timestamp.rfc3339(due), allDay: task.allDay,
                    overdue: false, repeating: task.recurrence != nil,
                    endAt: task.end(of: civil).map { Timestamp.rfc3339(ZoneResolver.instant(for: $0, in: zone)) },
                    location: task.location, calendar: calendar))
        }
        return found
    }

    /// How many occurrences of the watched items start on each day of `[from, to)` (by its
    /// date in `system`), for a month's view: counted, not listed, so a budget of `limit`
    /// (more than a list's) costs no more than counting. Nil past `limit`.
    static func counts(
        _ snapshot: Snapshot, from: WallTime, to: WallTime, in system: some UTCOffsets, limit: Int
    ) -> [String: Int]? {
        var days: [String: Int] = [:]
        let total = each(snapshot, from: from, to: to, limit: limit + 1) { _, _, _, _, due, _ in
            days[CivilDateTime(due, in: system).date.iso8601, default: 0] += 1
        }
        return total > limit ? nil : days
    }

    /// Calls `found` with each occurrence of the watched items that starts in `[from, to)` (its
    /// calendar's name, the item, its series, the occurrence, its instant and zone), at most
    /// `limit`; how many it found.
    @discardableResult
    static func each(
        _ snapshot: Snapshot, from: WallTime, to: WallTime, limit: Int,
        _ found: (String, WatchedItem, TaskItem, CivilDateTime, WallTime, any UTCOffsets) -> Void
    ) -> Int {
        var count = 0
        for calendar in snapshot.calendars {
            for items in calendar.files + farItems(calendar, from: from, to: to, snapshot: snapshot) {
                for item in items {
                    let task = item.task
                    let zone = task.zone.flatMap { snapshot.zones.zone(named: $0) } ?? snapshot.zones.system
                    let series = try? task.series(in: zone)
                    // A day wider than the window (a zone's offset), a page of occurrences at a
                    // time: those outside the window are not counted against `limit`.
                    var after = CivilDateTime(from, in: zone).adding(days: -1)
                    let through = CivilDateTime(to, in: zone).adding(days: 1)
                    while count < limit {
                        let starts =
                            series.map { $0.occurrences(after: after, through: through, limit: 1024) }
                            ?? [task.anchor]
                        for civil in starts {
                            let due = ZoneResolver.instant(for: civil, in: zone)
                            guard due >= from, due < to, count < limit else { continue }
                            if item.isTodo, task.dates.isDone(comingAt: civil) { continue }
                            count += 1
                            found(calendar.name, item, task, civil, due, zone)
                        }
                        guard series != nil, starts.count == 1024, let last = starts.last else { break }
                        after = last
                    }
                    if count >= limit { return count }
                }
            }
        }
        return count
    }

    func list() -> CalendarListResult {
        let next = nextRing()?.at
        return CalendarListResult(
            calendars: collections.filter { !$0.retired }.map { collection in
                WatchedCalendarInfo(
                    name: collection.name, path: collection.path, items: collection.itemCount,
                    loaded: collection.hasRead, problem: collection.problem,
                    unreadable: collection.unreadable.keys.sorted().prefix(SyncFeature.listed).map {
                        WatchedCalendarInfo.Unreadable(file: $0, reason: collection.unreadable[$0] ?? "")
                    }, unreadableCount: collection.unreadable.count)
            }, plannedAlarms: planned.count, nextAlarmAt: next.map { Timestamp.rfc3339($0) })
    }
}
