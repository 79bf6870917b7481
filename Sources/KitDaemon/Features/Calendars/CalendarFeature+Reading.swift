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

    /// The watched items, by calendar name, as they are now: for the agenda's work off the loop
    /// (the arrays are shared, not copied).
    struct Snapshot: Sendable {
        var calendars: [(name: String, files: [[WatchedItem]])]
        var zones: ZoneSnapshot
        var isEmpty: Bool { calendars.allSatisfy(\.files.isEmpty) }
    }

    func snapshot() -> Snapshot {
        Snapshot(
            calendars: collections.filter { !$0.retired }.map { ($0.name, $0.files.values.map(\.items)) },
            zones: zones.snapshot())
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
        for (name, files) in snapshot.calendars {
            for items in files {
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
