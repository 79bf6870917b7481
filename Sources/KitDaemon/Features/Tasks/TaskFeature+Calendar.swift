import Foundation
import KitCalendar
import KitCore
import KitProtocol

/// The agenda over a window of time, and iCalendar export and import.
extension TaskFeature {
    /// Occurrences of open tasks in [from, to): each task's current occurrence (overdue if past)
    /// and the repeats that follow it.
    func agenda(_ params: TaskAgendaParams) throws -> TaskAgendaResult {
        guard let from = Timestamp.parse(params.from), let to = Timestamp.parse(params.to), from < to else {
            throw KitError.invalidArgument("'from' and 'to' must be RFC 3339 instants with from before to")
        }
        let now = clock.now().wall
        var items: [AgendaItem] = []
        var perDay: [String: (count: Int, overdue: Int)] = [:]
        let system = zones.system
        let countsOnly = params.countsOnly ?? false
        for task in tasks.values where task.isOpen {
            let zone = zone(of: task)
            var instants: [(WallTime, Bool, String)] = []
            let current = task.due(in: zone)
            if current >= from && current < to { instants.append((current, current <= now, task.occurrenceTitle)) }
            if current < to, let series = try? task.series(in: zone) {
                let end = CivilDateTime(to, in: zone).adding(days: 1)
                for civil in series.occurrences(after: task.occurrence, through: end, limit: 400) {
                    let instant = ZoneResolver.instant(for: civil, in: zone)
                    if instant >= to { break }
                    // Repeats already past while the task waits at an earlier occurrence will not
                    // come: done moves it on past now.
                    if instant >= from && instant > now { instants.append((instant, false, task.title(at: civil))) }
                }
            }
            for (instant, overdue, title) in instants {
                if countsOnly {
                    let day = CivilDateTime(instant, in: system).date.iso8601
                    let old = perDay[day] ?? (0, 0)
                    perDay[day] = (old.count + 1, old.overdue + (overdue ? 1 : 0))
                } else {
                    items.append(
                        AgendaItem(
                            id: task.id, title: title, dueAt: Timestamp.rfc3339(instant), allDay: task.allDay,
                            overdue: overdue, repeating: task.recurrence != nil))
                }
            }
        }
        if countsOnly {
            return TaskAgendaResult(
                days: perDay.keys.sorted().map {
                    AgendaDay(date: $0, count: perDay[$0]!.count, overdue: perDay[$0]!.overdue)
                })
        }
        return TaskAgendaResult(items: items.sorted { $0.dueAt != $1.dueAt ? $0.dueAt < $1.dueAt : $0.id < $1.id })
    }

    /// Every task as a VTODO: DUE at the current occurrence (the repeat rule counted from there),
    /// RRULE, the RDATEs and EXDATEs still to come, VALARMs for the pre-alerts, STATUS.
    ///
    /// The file's series starts where the task is, as VTODO clients move DTSTART on when one is
    /// done. DTSTART must be one of the rule's occurrences, since the rule takes its weekday and
    /// time from it: when the task is at an extra date (an RDATE), DTSTART is the rule's next
    /// occurrence after it, and the extra date stays an RDATE, before DTSTART.
    func export() -> TaskExportResult {
        let calendarTasks = tasks.values.sorted { $0.id < $1.id }.map { task -> CalendarTask in
            var recurrence = task.recurrence
            var start = task.occurrence
            if var rule = recurrence,
                let ruleSeries = try? RecurrenceSeries(rule: rule, anchor: task.anchor, zone: zone(of: task))
            {
                if ruleSeries.next(after: task.occurrence.adding(seconds: -1)) != task.occurrence {
                    if let next = ruleSeries.next(after: task.occurrence) {
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
            let form = { (civil: CivilDateTime) -> CalendarDue in
                task.allDay ? .date(civil.date) : .local(civil, tzid: task.zone ?? self.zones.systemName)
            }
            var calendarTask = CalendarTask(
                uid: task.uid, title: task.title, note: task.note, due: form(start), recurrence: recurrence,
                alerts: task.alerts,
                status: task.isOpen ? .needsAction : .completed)
            // Dates before the current occurrence are history.
            if recurrence != nil {
                calendarTask.addedDates = task.dates.added.filter { $0 >= task.occurrence && $0 != start }.map(form)
                calendarTask.removedDates = task.dates.removed.filter { $0 >= start }.map(form)
                calendarTask.overrides = task.dates.overrides.filter { $0.effective >= task.occurrence }.map {
                    var change = CalendarTask(
                        uid: task.uid, title: $0.title ?? task.title, note: $0.note ?? task.note,
                        due: form($0.effective))
                    change.recurrenceID = form($0.original)
                    return change
                }
            }
            return calendarTask
        }
        let now = clock.now().wall
        return TaskExportResult(
            ics: ICalendarWriter.write(calendarTasks, stamp: now, timeZones: timeZones(for: calendarTasks, now: now)),
            count: calendarTasks.count)
    }

    /// A VTIMEZONE for every TZID the tasks use, covering the year before the earliest due
    /// through ten years after the latest (or after now), so repeats stay covered.
    private func timeZones(for tasks: [CalendarTask], now: WallTime) -> [ICalendarTimeZone] {
        var years: [String: ClosedRange<Int>] = [:]
        for task in tasks {
            guard case .local(let civil, let tzid?) = task.due else { continue }
            let year = civil.date.year
            years[tzid] = years[tzid].map { min($0.lowerBound, year)...max($0.upperBound, year) } ?? year...year
        }
        let thisYear = CivilDateTime(now, in: FixedOffset.utc).date.year
        return years.keys.sorted().compactMap { tzid in
            guard let range = years[tzid], let zone = zones.zone(named: tzid) else { return nil }
            return ICalendarTimeZone(
                tzid: tzid, zone: zone, firstYear: range.lowerBound - 1, lastYear: max(range.upperBound, thisYear) + 10)
        }
    }

    /// Imports VTODOs and VEVENTs. Leniently (the default), a component kit cannot read or
    /// represent is left out and reported in `rejected`, and the rest is imported; with `strict`,
    /// the first such fault refuses the whole file. Unknown properties are reported in `skipped`;
    /// tasks whose UID is already here are skipped as duplicates. With `dryRun`, nothing is
    /// stored: the result lists what would be imported, each with id 0.
    func importCalendar(_ params: TaskImportParams) throws -> TaskImportResult {
        let strict = params.strict ?? false
        let parsed: CalendarImport
        do {
            parsed = try ICalendarReader.read(Array(params.ics.utf8), strict: strict)
        } catch {
            throw error.kitError
        }
        let now = clock.now().wall
        var skipped = parsed.skipped.map(\.description)
        var rejected = parsed.rejected
        var makers: [(Int64) -> TaskItem] = []
        var seen = Set(tasks.values.map(\.uid))
        var zoneNames: [String: String?] = [:]
        // A component with a RECURRENCE-ID changes one occurrence of the series with its UID, which
        // may come later in the file (Google writes the changes first). One whose series the file
        // does not have comes in as a task of its own.
        let seriesUIDs = Set(parsed.tasks.filter { $0.task.recurrenceID == nil }.map(\.task.uid))
        var changes: [String: [ImportedTask]] = [:]
        for imported in parsed.tasks where imported.task.recurrenceID != nil && seriesUIDs.contains(imported.task.uid) {
            changes[imported.task.uid, default: []].append(imported)
        }
        for imported in parsed.tasks where imported.task.recurrenceID == nil || !seriesUIDs.contains(imported.task.uid)
        {
            let item = imported.task
            let line = imported.line
            /// A fault in this component: the whole file strictly, else just this one.
            func refuse(_ reason: String) throws {
                if strict {
                    throw KitError.invalidArgument("the calendar file was not imported: line \(line): \(reason)")
                }
                rejected.append(
                    .init(component: imported.component, line: line, uid: item.uid, title: item.title, reason: reason))
            }
            let uid = item.uid.isEmpty ? UUID().uuidString.lowercased() + "@kit" : item.uid
            guard !seen.contains(uid) else {
                skipped.append(
                    "line \(line): \(imported.component) '\(item.title)' skipped (already imported, UID \(uid))")
                continue
            }
            seen.insert(uid)
            guard item.status != .cancelled else {
                skipped.append("line \(line): \(imported.component) '\(item.title)' skipped (it was cancelled)")
                continue
            }
            guard let due = item.due else {
                skipped.append("line \(line): \(imported.component) '\(item.title)' skipped (it has no DUE or DTSTART)")
                continue
            }
            let title: String
            do {
                title = try Self.validTitle(item.title.isEmpty ? "untitled" : item.title)
            } catch {
                try refuse("\(error)")
                continue
            }
            var zoneName: String?
            var civil: CivilDateTime
            var allDay = false
            switch due {
            case .date(let date):
                civil = CivilDateTime(date: date, time: settings.taskAllDayTime)
                allDay = true
            case .local(let local, let tzid):
                civil = local
                if let tzid {
                    if zoneNames[tzid] == nil {
                        zoneNames[tzid] = ianaZoneName(
                            for: tzid, definition: parsed.timeZones[tzid], year: local.date.year)
                    }
                    guard let name = zoneNames[tzid] ?? nil else {
                        let defined = parsed.timeZones[tzid] != nil
                        try refuse(
                            "unknown time zone '\(tzid)'"
                                + (defined ? "; the file's VTIMEZONE for it matches no zone kit knows" : ""))
                        continue
                    }
                    zoneName = name == zones.systemName ? nil : name
                }
            case .utc(let instant):
                zoneName = "UTC"
                civil = CivilDateTime(instant, in: FixedOffset.utc)
            }
            let zone = zoneName.flatMap(zones.zone(named:)) ?? zones.system
            if let recurrence = item.recurrence {
                do {
                    _ = try RecurrenceSeries(rule: recurrence, anchor: civil, zone: zone)
                } catch {
                    try refuse("\(error)")
                    continue
                }
            }
            // RDATEs and EXDATEs, read as local times of the task's zone.
            var dueTZID: String?
            if case .local(_, let tzid) = due { dueTZID = tzid }
            var dates = SeriesDates()
            if item.recurrence != nil {
                let read = { (date: CalendarDue) -> CivilDateTime? in
                    switch date {
                    case .date(let day):
                        return CivilDateTime(date: day, time: allDay ? self.settings.taskAllDayTime : civil.time)
                    case .local(let local, let tzid):
                        guard let tzid, tzid != dueTZID else { return local }
                        let name = self.ianaZoneName(
                            for: tzid, definition: parsed.timeZones[tzid], year: local.date.year)
                        guard let other = name.flatMap(self.zones.zone(named:)) else { return nil }
                        return CivilDateTime(ZoneResolver.instant(for: local, in: other), in: zone)
                    case .utc(let instant):
                        return CivilDateTime(instant, in: zone)
                    }
                }
                let added = item.addedDates.compactMap(read)
                var removed = item.removedDates.compactMap(read)
                let unread = item.addedDates.count + item.removedDates.count - added.count - removed.count
                var overrides: [SeriesDates.Override] = []
                for change in changes[item.uid] ?? [] {
                    guard let id = change.task.recurrenceID, let original = read(id) else {
                        skipped.append(
                            "line \(change.line): \(change.component) with a RECURRENCE-ID kit cannot place skipped")
                        continue
                    }
                    if change.task.status == .cancelled {
                        removed.append(original)
                        continue
                    }
                    if change.task.thisAndFuture {
                        skipped.append(
                            "line \(change.line): RANGE=THISANDFUTURE applied to the occurrence at \(original.iso8601) only"
                        )
                    }
                    overrides.append(
                        SeriesDates.Override(
                            original: original, start: change.task.due.flatMap(read),
                            title: change.task.title == item.title || change.task.title.isEmpty
                                ? nil : change.task.title,
                            note: change.task.note == item.note ? nil : change.task.note))
                }
                if unread > 0 {
                    skipped.append(
                        "line \(line): \(imported.component) '\(item.title)': RDATE or EXDATE in an unknown zone skipped"
                    )
                }
                do {
                    dates = try SeriesDates(added: added, removed: removed, overrides: overrides).validated()
                } catch {
                    try refuse("\(error)")
                    continue
                }
            } else if let ignored = changes[item.uid]?.first {
                skipped.append(
                    "line \(ignored.line): \(ignored.component) changes an occurrence of '\(item.title)', which does not repeat; skipped"
                )
            }
            var template = TaskItem(
                id: 0, uid: uid, title: title, note: item.note, zone: zoneName, allDay: allDay, anchor: civil,
                recurrence: item.recurrence, dates: dates, alerts: item.alerts.sorted(by: >),
                status: item.status == .completed ? .done(at: now) : .open, createdAt: now)
            // The first occurrence of the set: an EXDATE may take out DTSTART, an RDATE come before it.
            if let series = try? template.series(in: zone),
                let first = series.next(after: min(civil, dates.earliestAdded ?? civil).adding(seconds: -1))
            {
                template.occurrence = first
            }
            template.alerts = Self.alerts(
                template.alerts, fixed: item.fixedAlerts, due: template.due(in: zone), repeats: item.recurrence != nil
            ) { reason in
                skipped.append("line \(line): \(imported.component) '\(item.title)': VALARM skipped (\(reason))")
            }
            let task = Self.caughtUp(template, now: now, zone: zone)
            makers.append { id in task.withID(id) }
        }
        rejected.sort { $0.line < $1.line }
        skipped += rejected.map(\.description)
        let rejections = rejected.map {
            TaskImportRejection(
                line: $0.line, component: $0.component.isEmpty ? nil : $0.component, uid: $0.uid, title: $0.title,
                reason: $0.reason)
        }
        if params.dryRun == true {
            return TaskImportResult(
                imported: makers.map { info($0(0), now: now) }, skipped: skipped, rejected: rejections, dryRun: true)
        }
        let created: [TaskItem] = try storing { try store.insertTasks(makers) }
        for task in created { apply(task, event: Event.taskAdded) }
        return TaskImportResult(
            imported: created.map { info($0, now: now) }, skipped: skipped, rejected: rejections)
    }

    /// The IANA zone a file's TZID means: the name itself when kit knows it; the zone CLDR maps
    /// a Windows name to (Outlook, Exchange); or, for any other name, the zone that agrees with
    /// the file's VTIMEZONE for it from `year` through ten years on: the system zone, the zones
    /// most people live in (so US Eastern rules read as New York, not Indianapolis), the main
    /// zones of the Windows table, then every zone. Nil when none does.
    func ianaZoneName(for tzid: String, definition: [UInt8]?, year: Int) -> String? {
        if zones.zone(named: tzid) != nil { return tzid }
        if let windows = WindowsZones.ianaName(for: tzid), zones.zone(named: windows) != nil { return windows }
        guard let definition, let embedded = EmbeddedTimeZone(tzid: tzid, vtimezone: definition) else { return nil }
        return embedded.ianaName(
            among: [zones.systemName] + Self.commonZones + WindowsZones.ianaNames + zones.knownNames,
            years: year...(year + 10),
            zone: zones.zone(named:))
    }

    /// Zones tried first for a VTIMEZONE that names none: where most calendars are written.
    static let commonZones = [
        "America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles",
        "America/Anchorage", "Pacific/Honolulu", "America/Toronto", "America/Vancouver", "America/Mexico_City",
        "America/Sao_Paulo", "Europe/London", "Europe/Dublin", "Europe/Lisbon", "Europe/Berlin", "Europe/Paris",
        "Europe/Madrid", "Europe/Rome", "Europe/Amsterdam", "Europe/Athens", "Europe/Helsinki", "Europe/Moscow",
        "Europe/Istanbul", "Asia/Dubai", "Asia/Kolkata", "Asia/Singapore", "Asia/Shanghai", "Asia/Hong_Kong",
        "Asia/Taipei", "Asia/Seoul", "Asia/Tokyo", "Australia/Perth", "Australia/Adelaide", "Australia/Brisbane",
        "Australia/Sydney", "Pacific/Auckland", "Africa/Johannesburg", "Africa/Lagos", "Africa/Cairo",
    ]

    /// The pre-alerts of an imported task, with its alarms at a fixed instant turned into
    /// offsets before `due`. A repeating task keeps none of those: RFC 5545 fires an absolute
    /// alarm once, for one occurrence, where a pre-alert comes before every one.
    static func alerts(
        _ alerts: [Nanoseconds], fixed: [WallTime], due: WallTime, repeats: Bool, skip: (String) -> Void
    ) -> [Nanoseconds] {
        var result = alerts
        for instant in fixed {
            let before = due - instant
            let at = Timestamp.rfc3339(instant)
            if repeats {
                skip("the alarm at \(at) is for one occurrence, and this task repeats")
            } else if before <= 0 {
                skip("the alarm at \(at) is not before the due time")
            } else if before > DurationParser.maximum {
                skip("the alarm at \(at) is more than 366 days before the due time")
            } else if !result.contains(before) {
                guard result.count < PreAlerts.maximumCount else {
                    skip("kit keeps at most \(PreAlerts.maximumCount) alerts a task")
                    continue
                }
                result.append(before)
            }
        }
        return result.sorted(by: >)
    }

    /// An imported task as of now: a repeating one moves on to its first occurrence from now
    /// (or, when its series has ended, is done); a one-off already past due counts as fired, so
    /// that importing an old calendar lists what is overdue without a popup for each.
    static func caughtUp(_ task: TaskItem, now: WallTime, zone: some UTCOffsets) -> TaskItem {
        guard task.isOpen, task.due(in: zone) < now else { return task }
        var copy = task
        if let series = try? task.series(in: zone) {
            if let next = series.nextOccurrence(after: now, in: zone) {
                copy.occurrence = next.civil
                return copy
            }
            copy.status = .done(at: now)
            return copy
        }
        return copy.firing(.due, at: now)
    }
}
