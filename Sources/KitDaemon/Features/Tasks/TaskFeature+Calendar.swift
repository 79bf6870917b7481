import Foundation
import KitCalendar
import KitCore
import KitProtocol
import KitStore

/// The agenda over a window of time, and iCalendar export.
extension TaskFeature {
    /// The most occurrences one agenda request weighs, every task together (each task's current
    /// one and the repeats it expands): whatever window a client asks for, and however many
    /// tasks are due before its end, the loop's work stays bounded: 100,000 held it about 0.1 s
    /// (measured), so 10,000 about a tenth of that (0.15 s in a debug build). A window from 1900
    /// to 2200 over one daily task reaches it (the boundary fuzz sends one).
    static let agendaOccurrenceLimit = 10_000

    /// The most occurrences of the watched calendars a month's counts weigh: they are counted
    /// on the worker, not listed (5,000 weekly series make 21,500 in a month).
    static let watchedCountLimit = 100_000

    /// The tasks' part of an agenda, worked out on the loop: their occurrences in the window (or
    /// counts per day), how many occurrences that weighed, and the window's holidays.
    struct AgendaPart: Sendable {
        var params: TaskAgendaParams
        var items: [AgendaItem] = []
        var perDay: [String: AgendaDay] = [:]
        var expanded = 0
        var holidays: [HolidayInfo]?
        var system: ZoneSnapshot
    }

    /// Occurrences of open tasks in [from, to): each task's current occurrence (overdue if past)
    /// and the repeats that follow it; then the watched calendars' events.
    func agenda(_ params: TaskAgendaParams) throws -> TaskAgendaResult {
        let part = try agendaTasks(params)
        return try Self.agendaResult(part, watched: try Self.watchedPart(calendars?.snapshot(), part))
    }

    /// The watched calendars' part of an agenda: their occurrences in the window, or for a
    /// month's view their counts per day; on any thread.
    static func watchedPart(_ snapshot: CalendarFeature.Snapshot?, _ part: AgendaPart) throws -> WatchedPart {
        guard let snapshot, !snapshot.isEmpty else { return WatchedPart() }
        let params = part.params
        if params.countsOnly ?? false {
            guard
                let days = CalendarFeature.counts(
                    snapshot, from: params.from.wall, to: params.to.wall, in: part.system.system,
                    limit: Self.watchedCountLimit)
            else { throw watchedBudgetExceeded(params, limit: Self.watchedCountLimit) }
            return WatchedPart(days: days)
        }
        let items = CalendarFeature.agenda(
            snapshot, from: params.from.wall, to: params.to.wall, limit: Self.agendaOccurrenceLimit - part.expanded + 1)
        guard part.expanded + items.count <= Self.agendaOccurrenceLimit else {
            throw watchedBudgetExceeded(params, limit: Self.agendaOccurrenceLimit - part.expanded)
        }
        return WatchedPart(items: items)
    }

    /// What `watchedPart` found: listed, or counted by day.
    struct WatchedPart: Sendable {
        var items: [AgendaItem] = []
        var days: [String: Int] = [:]
    }

    static func watchedBudgetExceeded(_ params: TaskAgendaParams, limit: Int) -> KitError {
        KitError.invalidArgument(
            "the watched calendars have more than \(limit) events from \(params.from) to \(params.to); ask for a shorter window (a day or a week), or for a month's counts"
        )
    }

    /// `task.agenda` as it is served: the tasks' part on the loop, the watched calendars' events
    /// (thousands of series, some of them) and the reply's encoding on the worker.
    func agendaOffLoop(
        _ params: TaskAgendaParams, id: RequestID, reply: @escaping (Swift.Result<[UInt8], any Error>) -> Void
    ) throws {
        let part = try agendaTasks(params)
        let snapshot = calendars?.snapshot()
        runtime.worker.submit(
            "task agenda",
            {
                Swift.Result {
                    let watched = try Self.watchedPart(snapshot, part)
                    return try WireCodec.lineBytes(
                        ResponseEnvelope(id: id, result: try Self.agendaResult(part, watched: watched)),
                        with: WireCodec.encoder())
                }
            }, then: reply)
    }

    static func budgetExceeded(_ params: TaskAgendaParams) -> KitError {
        KitError.invalidArgument(
            "the open tasks come due more than \(Self.agendaOccurrenceLimit) times up to \(params.to) (from \(params.from), counting each task's current due); ask for a shorter window (a day, a week or a month)"
        )
    }

    /// The tasks' part of `task.agenda`.
    func agendaTasks(_ params: TaskAgendaParams) throws -> AgendaPart {
        let from = params.from.wall
        let to = params.to.wall
        guard from < to else {
            throw KitError.invalidArgument("'from' must come before 'to'; got \(params.from) and \(params.to)")
        }

        let now = clock.now().wall
        var part = AgendaPart(params: params, system: zones.snapshot())
        let system = zones.system
        let countsOnly = params.countsOnly ?? false
        func checkBudget() throws {
            guard part.expanded > Self.agendaOccurrenceLimit else { return }
            throw Self.budgetExceeded(params)
        }
        // The open tasks due before the window's end: a later one has nothing in it.
        try store.each(.open(dueThrough: .through(to.nanoseconds - 1))) { task in
            part.expanded += 1
            try checkBudget()
            let zone = zone(of: task)
            var instants: [(WallTime, OccurrenceState, String, CivilDateTime)] = []
            let current = task.due(in: zone)
            if current >= from && current < to {
                instants.append(
                    (current, task.occurrenceState(now: now, in: zone), task.occurrenceTitle, task.occurrence))
            }
            if current < to, let series = try? task.series(in: zone) {
                // Expanded from the window's start, not from the task's current occurrence, so a
                // month years away lists every occurrence: the cost follows the window, not its
                // distance (the engine jumps to the period that holds a point).
                let start = max(task.occurrence, CivilDateTime(from, in: zone).adding(days: -1))
                let end = CivilDateTime(to, in: zone).adding(days: 1)
                let repeats = series.occurrences(
                    after: start, through: end,
                    // One past what the budget has left: a task with more is refused with the
                    // rest (`checkBudget`), never listed short.
                    limit: Self.agendaOccurrenceLimit - part.expanded + 1)
                part.expanded += repeats.count
                try checkBudget()
                for civil in repeats {
                    let instant = ZoneResolver.instant(for: civil, in: zone)
                    if instant >= to { break }
                    // Repeats already past while the task waits at an earlier occurrence will not
                    // come: done moves it on past now.
                    if instant >= from && instant > now {
                        instants.append((instant, .upcoming, task.title(at: civil), civil))
                    }
                }
            }
            for (instant, state, title, civil) in instants {
                let overdue = state == .overdue
                if countsOnly {
                    let day = CivilDateTime(instant, in: system).date.iso8601
                    let old = part.perDay[day] ?? AgendaDay(date: day, count: 0, overdue: 0)
                    part.perDay[day] = AgendaDay(
                        date: day, count: old.count + 1, overdue: old.overdue + (overdue ? 1 : 0))
                } else {
                    part.items.append(
                        AgendaItem(
                            id: task.id, title: title, dueAt: Timestamp.rfc3339(instant), allDay: task.allDay,
                            overdue: overdue, snoozedUntil: state.snoozedUntil.map { Timestamp.rfc3339($0) },
                            repeating: task.recurrence != nil,
                            endAt: task.end(of: civil).map {
                                Timestamp.rfc3339(ZoneResolver.instant(for: $0, in: zone))
                            },
                            location: task.location))
                }
            }
        }
        part.holidays = try holidays(from: from, to: to, asked: params.holidays)
        return part
    }

    /// The agenda from the tasks' part and the watched calendars' events, each marked with its
    /// calendar's name: on any thread.
    static func agendaResult(_ given: AgendaPart, watched: WatchedPart) throws -> TaskAgendaResult {
        var part = given
        if part.params.countsOnly ?? false {
            for (day, count) in watched.days {
                let old = part.perDay[day] ?? AgendaDay(date: day, count: 0, overdue: 0)
                part.perDay[day] = AgendaDay(date: day, count: old.count + count, overdue: old.overdue)
            }
            return TaskAgendaResult(
                days: part.perDay.keys.sorted().map { part.perDay[$0]! }, holidays: part.holidays)
        }
        return TaskAgendaResult(
            items: (part.items + watched.items).sorted { $0.dueAt != $1.dueAt ? $0.dueAt < $1.dueAt : $0.id < $1.id },
            holidays: part.holidays)
    }

    /// Every task as a VTODO: DUE at the current occurrence (the repeat rule counted from there),
    /// RRULE, the RDATEs and EXDATEs still to come, VALARMs for the pre-alerts, STATUS.
    ///
    /// The file's series starts where the task is, as VTODO clients move DTSTART on when one is
    /// done. DTSTART must be one of the rule's occurrences, since the rule takes its weekday and
    /// time from it: when the task is at an extra date (an RDATE), DTSTART is the rule's next
    /// occurrence after it, and the extra date stays an RDATE, before DTSTART.
    func export() throws -> TaskExportResult {
        try Self.export(store, zones: zones.snapshot(), now: clock.now().wall)
    }

    /// `task.export` as it is served: every task is read, written out and encoded on the worker,
    /// through a connection of its own, once the turn's changes are committed (so the export
    /// has what the client changed before it). With 100,000 tasks that held the loop 3.7 s
    /// (`kit-bench scale-export`). The client's later requests wait for the reply, as for any
    /// request that runs off the loop.
    func exportOffLoop(id: RequestID, reply: @escaping (Swift.Result<[UInt8], any Error>) -> Void) {
        let path = runtime.store.path
        let snapshot = zones.snapshot()
        let now = clock.now().wall
        let worker = runtime.worker
        let logger = logger
        commits.onFlushed {
            worker.submit(
                "task export",
                {
                    Swift.Result {
                        let reader = try KitDatabase.openReader(path: path, logger: logger)
                        let result = try Self.export(reader.tasks, zones: snapshot, now: now)
                        return try WireCodec.lineBytes(
                            ResponseEnvelope(id: id, result: result), with: WireCodec.encoder())
                    }
                }, then: reply)
        }
    }

    /// Every task of `store` as one iCalendar document, with the VTIMEZONEs its tasks use.
    static func export(_ store: TaskStore, zones: ZoneSnapshot, now: WallTime) throws -> TaskExportResult {
        var calendarTasks: [CalendarTask] = []
        try store.each(.all) { task in
            let zone = task.zone.flatMap(zones.zone(named:)) ?? zones.system
            // What kit keeps without reading goes back out with it.
            var written = calendarTask(task, zone: zone, systemName: zones.systemName)
            written.extra = task.extra
            calendarTasks.append(written)
        }
        return TaskExportResult(
            ics: ICalendarWriter.write(
                calendarTasks, stamp: now, timeZones: timeZones(for: calendarTasks, now: now, named: zones.zone(named:))
            ),
            count: calendarTasks.count)
    }

    /// One task as its file in a vdir: a VCALENDAR with its VTODO (and changed occurrences) and
    /// the VTIMEZONEs they use. Without the properties kit keeps unread (`TaskItem.extra`): the
    /// file keeps its own, and the merge (`ItemMerge`) changes only what kit's rendering changed. Its DTSTAMP is when the task last changed (or was made), so the
    /// text changes only when the task does (and the years its zones cover, once a year).
    static func vdirText(
        _ task: TaskItem, zone: any UTCOffsets, systemName: String, now: WallTime,
        named: (String) -> (any UTCOffsets)?
    ) -> String {
        let calendarTask = calendarTask(task, zone: zone, systemName: systemName)
        return ICalendarWriter.write(
            [calendarTask], stamp: task.modifiedAt ?? task.createdAt,
            timeZones: timeZones(for: [calendarTask], now: now, named: named))
    }

    /// A task as `export` writes it; `zone` is its zone, `systemName` the system zone's name.
    static func calendarTask(_ task: TaskItem, zone: any UTCOffsets, systemName: String) -> CalendarTask {
        var recurrence = task.recurrence
        // An occurrence moved by a change to it and all later ones is, by the rule, at its original.
        let placed = task.dates.override(comingAt: task.occurrence)
        let current = placed?.thisAndFuture == true ? placed?.original ?? task.occurrence : task.occurrence
        var start = current
        var moreRules = task.dates.moreRules
        if var rule = recurrence,
            let ruleSeries = try? RecurrenceSeries(rule: rule, anchor: task.anchor, zone: zone),
            let rulesSeries = try? RecurrenceSeries(
                rule: rule, anchor: task.anchor, zone: zone, dates: SeriesDates(moreRules: moreRules))
        {
            if rulesSeries.next(after: current.adding(seconds: -1)) != current {
                if let next = rulesSeries.next(after: current) {
                    start = next
                } else {
                    // The rule is over; only extra dates are left: DTSTART is the first of them.
                    rule.end = .count(1)
                }
            }
            if case .count(let total) = rule.end, total > 1 {
                let done = ruleSeries.prefix(total).prefix { $0 < start }.count
                rule.end = .count(max(1, total - done))
            }
            recurrence = rule
            moreRules = moreRules.map { other in
                guard case .count(let total) = other.end, total > 1,
                    let series = try? RecurrenceSeries(rule: other, anchor: task.anchor, zone: zone)
                else { return other }
                var counted = other
                counted.end = .count(max(1, total - series.prefix(total).prefix { $0 < start }.count))
                return counted
            }
        }
        // The file's rule starts at the current occurrence, which a month end may have moved
        // (from the 31st to Feb 28): name the day the rule takes from the first due.
        if var rule = recurrence, rule.monthEnd == .clamp, rule.byDay.isEmpty, rule.byMonthDay.isEmpty,
            task.anchor.date.day > 28
        {
            rule.byMonthDay = [task.anchor.date.day]
            if rule.frequency == .yearly && rule.byMonth.isEmpty { rule.byMonth = [task.anchor.date.month] }
            recurrence = rule
        }
        // A task pinned to UTC is written in UTC (`…Z`), as other programs write it, without a VTIMEZONE.
        let utc = task.zone == "UTC" || task.zone == "Etc/UTC"
        let form = { (civil: CivilDateTime) -> CalendarDue in
            if task.allDay { return .date(civil.date) }
            return utc
                ? .utc(ZoneResolver.instant(for: civil, in: FixedOffset.utc))
                : .local(civil, tzid: task.zone ?? systemName)
        }
        var calendarTask = CalendarTask(
            uid: task.uid, title: task.title, note: task.note, due: form(start), recurrence: recurrence,
            alerts: task.alerts,
            status: task.isOpen ? .needsAction : .completed)
        calendarTask.sequence = task.sequence
        calendarTask.modified = task.modifiedAt
        calendarTask.location = task.location
        calendarTask.end = task.end(of: start).map(form)
        // Dates before the current occurrence are history.
        calendarTask.moreRules = recurrence == nil ? [] : moreRules
        if recurrence != nil {
            calendarTask.addedDates = task.dates.added.filter { $0 >= task.occurrence && $0 != start }.map(form)
            calendarTask.removedDates = task.dates.removed.filter { $0 >= start }.map(form)
            var kept = task.dates.overrides.filter {
                $0.thisAndFuture ? $0.original >= start : $0.effective >= task.occurrence
            }
            // The change that governs the file's first occurrence is written from there.
            if var governing = task.dates.ranges.last(where: { $0.original < start }) {
                let shift = governing.shift
                governing.original = start
                governing.start = start.adding(seconds: shift)
                kept.insert(governing, at: 0)
            }
            calendarTask.overrides = kept.map {
                var change = CalendarTask(
                    uid: task.uid, title: $0.title ?? task.title, note: $0.note ?? task.note,
                    due: form($0.effective))
                change.recurrenceID = form($0.original)
                change.thisAndFuture = $0.thisAndFuture
                change.location = task.location
                change.end = task.end(of: $0.effective).map(form)
                if $0.done { change.status = .completed }
                return change
            }
        }
        return calendarTask
    }

    /// A VTIMEZONE for every TZID the tasks use, covering the year before the earliest due
    /// through ten years after the latest (or after now), so repeats stay covered.
    static func timeZones(
        for tasks: [CalendarTask], now: WallTime, named: (String) -> (any UTCOffsets)?
    ) -> [ICalendarTimeZone] {
        var years: [String: ClosedRange<Int>] = [:]
        for task in tasks {
            guard case .local(let civil, let tzid?) = task.due else { continue }
            let year = civil.date.year
            years[tzid] = years[tzid].map { min($0.lowerBound, year)...max($0.upperBound, year) } ?? year...year
        }
        let thisYear = CivilDateTime(now, in: FixedOffset.utc).date.year
        return years.keys.sorted().compactMap { tzid in
            guard let range = years[tzid], let zone = named(tzid) else { return nil }
            return ICalendarTimeZone(
                tzid: tzid, zone: zone, firstYear: range.lowerBound - 1, lastYear: max(range.upperBound, thisYear) + 10)
        }
    }
}
