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
            var later: [Int: WatchedCollection.Later]
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

    /// The items of the far files that come before `to` (each's first instant is at or before
    /// its start): read from the folder, on the worker. A file that cannot be read is left out.
    static func farItems(_ calendar: Snapshot.Calendar, before to: WallTime, snapshot: Snapshot) -> [[WatchedItem]] {
        let due = Set(calendar.later.filter { $0.value.at < to }.keys)
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
        for calendar in snapshot.calendars {
            let name = calendar.name
            for items in calendar.files + farItems(calendar, before: to, snapshot: snapshot) {
                for item in items {
                    let task = item.task
                    let zone = task.zone.flatMap { snapshot.zones.zone(named: $0) } ?? snapshot.zones.system
                    var starts: [CivilDateTime] = []
                    if let series = try? task.series(in: zone) {
                        starts = series.occurrences(
                            after: CivilDateTime(from, in: zone).adding(days: -1),
                            through: CivilDateTime(to, in: zone).adding(days: 1), limit: max(0, limit - found.count))
                    } else {
                        starts = [task.anchor]
                    }
                    for civil in starts {
                        let due = ZoneResolver.instant(for: civil, in: zone)
                        guard due >= from, due < to, found.count < limit else { continue }
                        if item.isTodo, task.dates.isDone(comingAt: civil) { continue }
                        found.append(
                            AgendaItem(
                                id: 0, title: task.title(at: civil), dueAt: Timestamp.rfc3339(due),
                                allDay: task.allDay, overdue: false, repeating: task.recurrence != nil,
                                endAt: task.end(of: civil).map {
                                    Timestamp.rfc3339(ZoneResolver.instant(for: $0, in: zone))
                                }, location: task.location, calendar: name))
                    }
                    if found.count >= limit { return found }
                }
            }
        }
        return found
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
