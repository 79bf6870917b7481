import KitCore

/// Reads VTODO and VEVENT components from iCalendar (RFC 5545) text into `CalendarTask`s.
///
/// libical reads each component (`Libical.parse`); `ICalendarOutline` gives the lines. The
/// reader takes UID, SUMMARY, DESCRIPTION, DUE (VTODO) or DTSTART, RRULE, RDATE, EXDATE,
/// RECURRENCE-ID, STATUS, SEQUENCE, LAST-MODIFIED (else DTSTAMP) and the TRIGGER of each VALARM.
/// TZID parameters are kept as given, for the daemon to map to real zones; the file's VTIMEZONEs
/// are kept by TZID for names it cannot map, and a floating time takes the calendar's
/// X-WR-TIMEZONE. `VALUE=DATE` reads as all day and `…Z` as UTC. Properties it does not use are
/// skipped and reported with their line; bookkeeping ones (CREATED, VERSION, PRODID, …) silently.
///
/// Two ways to meet what it cannot use. **Leniently** (`strict: false`), a component that is
/// malformed (a misspelt `END:`, a line libical cannot read, a bad date) or that kit cannot
/// represent (a bad RRULE) is left out and reported in `rejected`, with its line, UID and reason,
/// and the rest of the file is read. **Strictly**, the first such fault refuses the whole file
/// with an `ICalendarError` naming its line. A file without `BEGIN:VCALENDAR` is refused either way.
public enum ICalendarReader {
    /// Lets go of what reading left on the calling thread (libical's ring of temporary
    /// buffers): for a thread that reads many files and then keeps what it read a long time.
    public static func releaseThreadBuffers() { Libical.freeRing() }

    public static func read(_ text: String, strict: Bool = true) throws(ICalendarError) -> CalendarImport {
        try read(Array(text.utf8), strict: strict)
    }

    /// Reads the bytes of a file as they are. libical unfolds on bytes, so a fold that another
    /// program put inside a UTF-8 sequence mends; bytes that are still not UTF-8 read as U+FFFD.
    public static func read(_ bytes: [UInt8], strict: Bool = true) throws(ICalendarError) -> CalendarImport {
        let outline = try ICalendarOutline(bytes)
        if strict, let first = outline.firstProblem { throw first }
        var reader = Reader()
        reader.strict = strict
        reader.file = bytes
        reader.rejected = outline.problems.map { .init(component: "", line: $0.line, reason: $0.message) }
        for calendar in outline.calendars {
            // Google's X-WR-TIMEZONE: the zone the calendar's floating times are in.
            reader.floatingZone = Libical.parse(calendar.flat(bytes)[...])?["X-WR-TIMEZONE"]?.value
            for property in calendar.properties where !silentCalendarProperties.contains(property.name.uppercased()) {
                reader.skipped.append(.init(name: property.name.uppercased(), line: property.line))
            }
            for component in calendar.components {
                if let problem = component.firstProblem {
                    reader.reject(component, node: Libical.parse(component.flat(bytes)[...]), problem)
                    continue
                }
                switch component.name {
                case "VTODO", "VEVENT":
                    let node = Libical.parse(bytes[component.bytes])
                    do throws(ICalendarError) {
                        guard let node, node.name == component.name else {
                            throw ICalendarError(
                                line: component.line, message: "libical cannot read this \(component.name)")
                        }
                        reader.tasks.append(try reader.task(node, outline: component))
                    } catch {
                        if strict { throw error }
                        reader.reject(component, node: node, error)
                    }
                case "VTIMEZONE":
                    let own = component.flat(bytes)
                    if let tzid = Libical.parse(own[...])?["TZID"]?.value, !tzid.isEmpty {
                        reader.timeZones[tzid] = Array(bytes[component.bytes])
                    }
                default:
                    reader.skipped.append(
                        .init(
                            name: component.name, line: component.line,
                            reason: .message("kit imports only VTODO and VEVENT"),
                            uid: Libical.parse(component.flat(bytes)[...])?["UID"]?.value))
                }
            }
        }
        reader.rejected.sort { $0.line < $1.line }
        var result = CalendarImport(tasks: reader.tasks, skipped: reader.skipped, rejected: reader.rejected)
        result.timeZones = reader.timeZones
        return result
    }

    static let silentCalendarProperties: Set = ["VERSION", "PRODID", "CALSCALE", "METHOD", "X-WR-TIMEZONE"]
    static let silentTaskProperties: Set = ["DTSTAMP", "CREATED", "LAST-MODIFIED", "SEQUENCE", "COMPLETED"]
    static let silentAlarmProperties: Set = ["ACTION", "DESCRIPTION", "SUMMARY"]

    /// A property with the line it starts on.
    struct Located {
        var property: ICalendarProperty
        var line: Int
        /// Its content line as the file has it, unfolded, when the outline found it.
        var raw: String? = nil
        var name: String { property.name }
        var value: String { property.value }
    }

    struct Reader {
        var tasks: [ImportedTask] = []
        var skipped: [CalendarImport.Skipped] = []
        var rejected: [CalendarImport.Rejected] = []
        var timeZones: [String: [UInt8]] = [:]
        /// Whether a fault refuses the file (else it costs the least it can: an alarm, a component).
        var strict = true
        /// The file, for the text of a line libical would not keep.
        var file: [UInt8] = []
        /// The calendar's X-WR-TIMEZONE, when it has one.
        var floatingZone: String?

        /// Leaves a component out, naming it by its UID and SUMMARY when libical could read them.
        mutating func reject(_ component: ICalendarOutline.Component, node: ICalendarNode?, _ error: ICalendarError) {
            rejected.append(
                .init(
                    component: component.name, line: component.line, uid: node?["UID"]?.value,
                    title: node?["SUMMARY"]?.value, reason: error.message))
        }

        mutating func skip(_ property: Located, reason: KitMessage? = nil) {
            skipped.append(.init(name: property.name, line: property.line, reason: reason))
        }

        mutating func task(_ node: ICalendarNode, outline: ICalendarOutline.Component) throws(ICalendarError)
            -> ImportedTask
        {
            let firstSkip = skipped.count
            defer {
                // Each report from inside the component names it by its UID.
                for index in firstSkip..<skipped.count where skipped[index].uid == nil {
                    skipped[index].uid = node["UID"]?.value
                }
            }
            var draft = TaskDraft(component: node.name, line: outline.line)
            for property in try located(node, outline) { try take(property, into: &draft) }
            for (index, child) in node.components.enumerated() {
                let childOutline = index < outline.components.count ? outline.components[index] : outline
                guard child.name == "VALARM" else {
                    skipped.append(.init(name: childOutline.name, line: childOutline.line))
                    continue
                }
                if let alarm = Self.alarm(child), draft.alarms.count < CalendarTask.maximumAlarms {
                    draft.alarms.append(alarm)
                }
                var trigger: Trigger?
                do throws(ICalendarError) {
                    for property in try located(child, childOutline) { try alarmProperty(property, trigger: &trigger) }
                } catch {
                    // A bad alarm costs the task only that alarm, unless the reading is strict.
                    if strict { throw error }
                    skipped.append(
                        .init(
                            name: "VALARM", line: childOutline.line,
                            reason: .message("line \(error.line): \(error.message)")))
                    continue
                }
                switch trigger {
                case .before(let offset): draft.alerts.append((offset, childOutline.line))
                case .at(let instant): draft.fixedAlerts.append(instant)
                case nil: break
                }
            }
            return try finish(draft)
        }

        mutating func take(_ property: Located, into task: inout TaskDraft) throws(ICalendarError) {
            switch property.name {
            case "UID": task.uid = property.value
            case "SUMMARY": task.title = property.value
            case "DESCRIPTION": task.note = property.value.isEmpty ? nil : property.value
            case "DUE" where task.component == "VTODO": task.due = (try dateValue(property), property.line)
            case "DTSTART": task.start = (try dateValue(property), property.line)
            case "DTEND" where task.component == "VEVENT": task.end = (try dateValue(property), property.line)
            case "DURATION" where task.component == "VEVENT":
                guard let seconds = Libical.durationSeconds(property.value.trimmingWhitespace()), seconds >= 0 else {
                    return skip(property, reason: .message("'\(property.value)' is not a length such as PT1H or P1D"))
                }
                task.duration = seconds
            case "LOCATION":
                let place = property.value.trimmingWhitespace()
                guard place.count <= CalendarTask.locationLimit else {
                    return skip(property, reason: .message("longer than \(CalendarTask.locationLimit) characters"))
                }
                task.location = place.isEmpty ? nil : place
            case "RDATE": task.added += try dateList(property)
            case "RECURRENCE-ID":
                task.recurrenceID = try dateValue(property)
                task.thisAndFuture = property.property.parameters["RANGE"]?.uppercased() == "THISANDFUTURE"
            case "EXDATE": task.removed += try dateList(property)
            case "RRULE":
                if !strict && property.value.trimmingWhitespace().isEmpty {
                    return skip(property, reason: .message("it is empty; the task does not repeat"))
                }
                if task.rule != nil {
                    // A second rule adds its occurrences (RFC 5545 3.8.5.3).
                    do {
                        task.moreRules.append((try ICalendarReader.rule(of: property.property), property.line))
                    } catch {
                        if strict { throw ICalendarError(line: property.line, message: error.kitMessage) }
                        return skip(property, reason: .message("\(error.kitMessage); the other rules are kept"))
                    }
                    return
                }
                do {
                    task.rule = (try ICalendarReader.rule(of: property.property), property.line)
                } catch {
                    // COUNT with UNTIL (RFC 5545 forbids it, some writers do it): leniently, both
                    // limits apply, so the one that ends first is kept (`finish` knows the anchor).
                    switch strict ? nil : ICalendarReader.bothEnds(property.value) {
                    case .untilOnly(let byUntil, let count)?:
                        task.rule = (byUntil, property.line)
                        return skip(
                            property, reason: .message("COUNT=\(count) counts nothing; the rule ends at its UNTIL"))
                    case .both(let byUntil, let byCount)?:
                        task.rule = (byUntil, property.line)
                        task.otherEnd = byCount
                    case nil:
                        let refused = ICalendarError(line: property.line, message: error.kitMessage)
                        // Leniently, a later rule may still make the series (`finish` decides).
                        if strict || task.refusedRule != nil { throw refused }
                        task.refusedRule = refused
                    }
                }
            case "STATUS":
                switch property.value.uppercased().trimmingWhitespace() {
                case "COMPLETED": task.status = .completed
                case "CANCELLED": task.status = .cancelled
                case "NEEDS-ACTION", "IN-PROCESS", "TENTATIVE", "CONFIRMED": task.status = .needsAction
                default: skip(property, reason: .message("unknown status '\(property.value)'"))
                }
            case "COMPLETED": task.completed = true
            case "SEQUENCE": task.sequence = Int(property.value.trimmingWhitespace()) ?? 0
            case "LAST-MODIFIED", "DTSTAMP":
                if case .utc(let instant)? = try? dateValue(property),
                    property.name == "LAST-MODIFIED" || task.modified == nil
                {
                    task.modified = instant
                }
            default:
                guard !silentTaskProperties.contains(property.name) else { return }
                // Kept as it is, for an export to write back (PRIORITY, CATEGORIES, X-…).
                if let raw = property.raw, task.extra.count < CalendarTask.extraLimit.lines,
                    task.extra.reduce(raw.utf8.count, { $0 + $1.utf8.count }) <= CalendarTask.extraLimit.bytes
                {
                    task.extra.append(raw)
                } else {
                    skip(property)
                }
            }
        }

        /// The dates of an RDATE or EXDATE: a list separated by commas, each read as DTSTART is; an
        /// RDATE period (`start/end`, `start/duration`) gives its start.
        func dateList(_ property: Located) throws(ICalendarError) -> [CalendarDue] {
            var result: [CalendarDue] = []
            let isPeriod = property.property.parameters["VALUE"]?.uppercased() == "PERIOD"
            for item in property.value.split(separator: ",") {
                let value = isPeriod ? String(item.prefix { $0 != "/" }) : String(item)
                var single = property
                single.property.value = value
                if isPeriod { single.property.parameters["VALUE"] = "DATE-TIME" }
                result.append(try dateValue(single))
            }
            return result
        }

        func dateValue(_ property: Located) throws(ICalendarError) -> CalendarDue {
            let value = property.value.trimmingWhitespace()
            let type = property.property.parameters["VALUE"]?.uppercased()
            if type == "DATE" || (type == nil && value.utf8.count == 8) {
                guard let date = ICalendarText.date(value) else {
                    throw ICalendarError(
                        line: property.line,
                        message: "\(property.name) '\(value)' is not a date in 1900…2200 such as 20261125")
                }
                return .date(date)
            }
            let isUTC = value.hasSuffix("Z") || value.hasSuffix("z")
            guard type == nil || type == "DATE-TIME",
                let civil = ICalendarText.dateTime(isUTC ? String(value.dropLast()) : value)
            else {
                throw ICalendarError(
                    line: property.line,
                    message:
                        "\(property.name) '\(value)' is not a date-time in 1900…2200 such as 20261125T180000, 20261125T090000Z or (all day) 20261125"
                )
            }
            if isUTC { return .utc(civil.utcInstant) }
            return .local(civil, tzid: property.property.parameters["TZID"] ?? floatingZone)
        }

        /// A VTODO's series runs from DTSTART, and each occurrence is due `shift` seconds after
        /// its start (RFC 5545); kit repeats a task from its due. When the rule read from the due
        /// gives every start's due (a weekly rule due the same day, a monthly one due two days
        /// on), the series is kept with its RDATEs, EXDATEs and UNTIL moved to due times, and
        /// `dueAfterStart` set for the RECURRENCE-IDs; otherwise (due on another weekday than a
        /// BYDAY names) the rule is read from the due, and the report says so.
        mutating func moveFromStartToDue(
            _ rule: Recurrence, start: CivilDateTime, line: Int, by shift: Int64, in task: inout CalendarTask
        ) -> Recurrence {
            guard let moved = ICalendarReader.fromDue(rule, start: start, by: shift) else {
                skipped.append(
                    .init(
                        name: "DTSTART", line: line,
                        reason: .message(
                            "the rule repeats from DTSTART, and its DUE comes on other days; kit repeats the task from DUE"
                        ),
                        uid: task.uid))
                return rule
            }
            task.addedDates = task.addedDates.compactMap { $0.shifted(bySeconds: shift) }
            task.removedDates = task.removedDates.compactMap { $0.shifted(bySeconds: shift) }
            task.dueAfterStart = shift
            return moved
        }

        /// The rules after the first that repeat from `anchor` (each moved to due times with the
        /// first); one that cannot is left out and said, or refuses the file when strict.
        mutating func keptMoreRules(_ draft: TaskDraft, anchor: CivilDateTime, dueAfterStart shift: Int64)
            throws(ICalendarError) -> [Recurrence]
        {
            var kept: [Recurrence] = []
            for (rule, line) in draft.moreRules {
                var moved = ICalendarReader.movingUntil(rule, by: shift)
                if shift != 0 {
                    // Read from the due as the first rule is; one that cannot be is kept from the due as written.
                    if let fromDue = ICalendarReader.fromDue(rule, start: anchor.adding(seconds: -shift), by: shift) {
                        moved = fromDue
                    } else {
                        skipped.append(
                            .init(
                                name: "RRULE", line: line,
                                reason: .message(
                                    "the rule repeats from DTSTART, and its DUE comes on other days; kit repeats the task from DUE"
                                )))
                    }
                }
                do {
                    _ = try RecurrenceSeries(rule: moved, anchor: anchor)
                    kept.append(moved.takingDayFromAnchor(anchor.date))
                } catch {
                    if strict { throw ICalendarError(line: line, message: error.kitMessage) }
                    skipped.append(
                        .init(
                            name: "RRULE", line: line, reason: .message("\(error.kitMessage); the other rules are kept")
                        ))
                }
            }
            return kept
        }

        mutating func finish(_ given: TaskDraft) throws(ICalendarError) -> ImportedTask {
            var draft = given
            if let refused = draft.refusedRule {
                guard draft.rule != nil else { throw refused }
                skipped.append(
                    .init(
                        name: "RRULE", line: refused.line,
                        reason: .message("\(refused.message); the other rules are kept")))
            }
            let due = draft.due ?? draft.start
            var task = CalendarTask(
                uid: draft.uid, title: draft.title, note: draft.note, due: due?.value,
                status: draft.completed && draft.status == .needsAction ? .completed : draft.status)
            task.location = draft.location
            task.extra = draft.extra
            task.alarms = draft.alarms
            if draft.component == "VTODO", let start = draft.start?.value, let due = draft.due?.value,
                let shift = start.civilSeconds(to: due), shift > 0
            {
                task.startBeforeDue = shift
            }
            if draft.component == "VEVENT", let start = draft.start?.value {
                task.end = ICalendarReader.eventEnd(start: start, draft: draft, skipped: &skipped)
            }
            // Each rule in turn until one repeats: leniently, a first rule kit cannot follow leaves
            // the task to the others (RFC 5545's set is the union of every rule's occurrences).
            while let rule = draft.rule {
                draft.rule = nil
                if let due {
                    let anchor: CivilDateTime
                    switch due.value {
                    case .date(let date): anchor = CivilDateTime(date: date)
                    case .local(let civil, _): anchor = civil
                    case .utc(let instant): anchor = CivilDateTime(instant, in: FixedOffset.utc)
                    }
                    var chosen = rule.value
                    if case .date = due.value {
                        chosen = ICalendarReader.untilAsDate(chosen)
                        draft.otherEnd = draft.otherEnd.map(ICalendarReader.untilAsDate)
                        draft.moreRules = draft.moreRules.map { (ICalendarReader.untilAsDate($0.value), $0.line) }
                    }
                    if let other = draft.otherEnd {
                        // Both limits apply: keep the end that comes first.
                        let bounds = [rule.value, other].map { try? RecurrenceSeries(rule: $0, anchor: anchor).bound }
                        if let first = bounds[0] ?? nil, let second = bounds[1] ?? nil, second < first {
                            chosen = other
                        }
                        skipped.append(
                            .init(
                                name: "RRULE", line: rule.line,
                                reason: .message("it has both COUNT and UNTIL; the earlier end is kept")))
                    }
                    do {
                        _ = try RecurrenceSeries(rule: chosen, anchor: anchor)
                        task.addedDates = draft.added
                        task.removedDates = draft.removed
                        if let start = draft.start, draft.due != nil,
                            let shift = start.value.civilSeconds(to: due.value), shift != 0
                        {
                            chosen = moveFromStartToDue(
                                chosen, start: anchor.adding(seconds: -shift), line: start.line, by: shift, in: &task)
                        }
                        task.recurrence = chosen.takingDayFromAnchor(anchor.date)
                    } catch {
                        // A rule that ends before its first due, or never comes again after it:
                        // leniently, the task is the first due alone, or repeats by its other rules.
                        if strict { throw ICalendarError(line: rule.line, message: error.kitMessage) }
                        guard draft.moreRules.isEmpty else {
                            skipped.append(
                                .init(
                                    name: "RRULE", line: rule.line,
                                    reason: .message("\(error.kitMessage); the other rules are kept")))
                            draft.rule = draft.moreRules.removeFirst()
                            draft.otherEnd = nil
                            continue
                        }
                        skipped.append(
                            .init(
                                name: "RRULE", line: rule.line,
                                reason: .message("\(error.kitMessage); the task does not repeat")))
                    }
                    if task.recurrence != nil {
                        task.moreRules = try keptMoreRules(draft, anchor: anchor, dueAfterStart: task.dueAfterStart)
                    }
                } else {
                    skipped.append(
                        .init(name: "RRULE", line: rule.line, reason: .message("no DUE or DTSTART to repeat from")))
                }
            }
            if task.recurrence == nil, given.rule == nil, !draft.added.isEmpty, let due {
                // RFC 5545's recurrence set without a rule: the first due and the listed dates.
                task.recurrence = .firstDueOnly
                task.addedDates = draft.added
                task.removedDates = draft.removed
                if let start = draft.start, draft.due != nil,
                    let shift = start.value.civilSeconds(to: due.value),
                    shift != 0
                {
                    task.addedDates = task.addedDates.compactMap { $0.shifted(bySeconds: shift) }
                    task.removedDates = task.removedDates.compactMap { $0.shifted(bySeconds: shift) }
                    task.dueAfterStart = shift
                }
            }
            var alerts: [Nanoseconds] = []
            for alert in draft.alerts.sorted(by: { $0.offset > $1.offset }) where !alerts.contains(alert.offset) {
                guard alerts.count < PreAlerts.maximumCount else {
                    skipped.append(
                        .init(name: "VALARM", line: alert.line, reason: .message("kit keeps at most 10 alerts a task")))
                    continue
                }
                alerts.append(alert.offset)
            }
            task.alerts = alerts
            task.fixedAlerts = draft.fixedAlerts
            task.recurrenceID = draft.recurrenceID
            task.thisAndFuture = draft.thisAndFuture
            var imported = ImportedTask(task: task, component: draft.component, line: draft.line)
            imported.sequence = draft.sequence
            imported.modified = draft.modified
            return imported
        }
    }
}
