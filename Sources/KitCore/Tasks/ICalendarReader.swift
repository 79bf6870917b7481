/// Reads VTODO and VEVENT components from iCalendar (RFC 5545) text into `CalendarTask`s.
///
/// It takes UID, SUMMARY, DESCRIPTION, DUE (VTODO) or DTSTART, RRULE, STATUS and the TRIGGER of
/// each VALARM, with TZID parameters kept as given (VTIMEZONE definitions are skipped: the daemon
/// maps the names to real zones), `VALUE=DATE` read as all day and `…Z` as UTC. Lines are unfolded
/// and TEXT unescaped. Properties it does not use are skipped and reported with their line;
/// bookkeeping ones (DTSTAMP, CREATED, LAST-MODIFIED, SEQUENCE, VERSION, PRODID, …) silently.
///
/// All or nothing: a malformed file (unbalanced BEGIN/END, a bad date, a bad RRULE, a line without
/// a colon) is an `ICalendarError` with its line number, and nothing is returned.
public enum ICalendarReader {
    public static func read(_ text: String) throws(ICalendarError) -> CalendarImport {
        try read(Array(text.utf8))
    }

    /// Reads the bytes of a file as they are. Unfolding works on bytes, so a fold that another
    /// program put inside a UTF-8 sequence mends; bytes that are still not UTF-8 read as U+FFFD.
    public static func read(_ bytes: [UInt8]) throws(ICalendarError) -> CalendarImport {
        var reader = State()
        for (line, bytes) in ICalendarContentLine.unfold(bytes) {
            try reader.take(try ICalendarContentLine(bytes: bytes, line: line))
        }
        if let open = reader.stack.last {
            throw ICalendarError(line: open.line, message: "BEGIN:\(open.name) is never closed with END:\(open.name)")
        }
        guard reader.sawCalendar else {
            throw ICalendarError(line: 1, message: "there is no BEGIN:VCALENDAR; this is not an iCalendar file")
        }
        return CalendarImport(tasks: reader.tasks, skipped: reader.skipped)
    }

    static let silentCalendarProperties: Set = ["VERSION", "PRODID", "CALSCALE", "METHOD"]
    static let silentTaskProperties: Set = ["DTSTAMP", "CREATED", "LAST-MODIFIED", "SEQUENCE", "COMPLETED"]
    static let silentAlarmProperties: Set = ["ACTION", "DESCRIPTION", "SUMMARY"]

    private enum Kind {
        case calendar
        case task
        case alarm
        case skipped
    }

    private struct TaskDraft {
        var component: String
        var line: Int
        var uid = ""
        var title = ""
        var note: String?
        var due: (value: CalendarDue, line: Int)?
        var start: (value: CalendarDue, line: Int)?
        var rule: (value: Recurrence, line: Int)?
        var status = CalendarTask.Status.needsAction
        var completed = false
        var alerts: [(offset: Nanoseconds, line: Int)] = []
    }

    private struct State {
        var stack: [(name: String, line: Int, kind: Kind)] = []
        var tasks: [ImportedTask] = []
        var skipped: [CalendarImport.Skipped] = []
        var draft: TaskDraft?
        var alarm: (line: Int, trigger: Nanoseconds?)?
        var sawCalendar = false

        mutating func take(_ content: ICalendarContentLine) throws(ICalendarError) {
            switch content.name {
            case "BEGIN": try begin(content.value.uppercased().trimmingWhitespace(), line: content.line)
            case "END": try end(content.value.uppercased().trimmingWhitespace(), line: content.line)
            default: try property(content)
            }
        }

        mutating func begin(_ name: String, line: Int) throws(ICalendarError) {
            guard !name.isEmpty else { throw ICalendarError(line: line, message: "BEGIN names no component") }
            let kind: Kind
            switch (stack.last?.kind, name) {
            case (nil, "VCALENDAR"):
                kind = .calendar
                sawCalendar = true
            case (nil, _):
                throw ICalendarError(line: line, message: "expected BEGIN:VCALENDAR, found BEGIN:\(name)")
            case (.skipped, _):
                kind = .skipped
            case (.calendar, "VTODO"), (.calendar, "VEVENT"):
                kind = .task
                draft = TaskDraft(component: name, line: line)
            case (.calendar, "VTIMEZONE"):
                kind = .skipped
            case (.task, "VALARM"):
                kind = .alarm
                alarm = (line, nil)
            case (_, "VCALENDAR"), (_, "VTODO"), (_, "VEVENT"), (_, "VALARM"):
                let outer = stack.last.map { "BEGIN:\($0.name) on line \($0.line)" } ?? ""
                throw ICalendarError(line: line, message: "BEGIN:\(name) cannot stand inside \(outer)")
            default:
                kind = .skipped
                skipped.append(.init(name: name, line: line, reason: "kit imports only VTODO and VEVENT"))
            }
            stack.append((name, line, kind))
        }

        mutating func end(_ name: String, line: Int) throws(ICalendarError) {
            guard let open = stack.last else {
                throw ICalendarError(line: line, message: "END:\(name) has no matching BEGIN:\(name)")
            }
            guard open.name == name else {
                throw ICalendarError(
                    line: line, message: "END:\(name) does not match BEGIN:\(open.name) on line \(open.line)")
            }
            stack.removeLast()
            switch open.kind {
            case .task:
                if let draft { tasks.append(try finish(draft)) }
                draft = nil
            case .alarm:
                if let trigger = alarm?.trigger { draft?.alerts.append((trigger, open.line)) }
                alarm = nil
            case .calendar, .skipped:
                break
            }
        }

        mutating func property(_ content: ICalendarContentLine) throws(ICalendarError) {
            guard let kind = stack.last?.kind else {
                throw ICalendarError(line: content.line, message: "\(content.name) stands before BEGIN:VCALENDAR")
            }
            switch kind {
            case .skipped:
                return
            case .calendar:
                if !silentCalendarProperties.contains(content.name) { skip(content) }
            case .alarm:
                try alarmProperty(content)
            case .task:
                try taskProperty(content)
            }
        }

        mutating func skip(_ content: ICalendarContentLine, reason: String? = nil) {
            skipped.append(.init(name: content.name, line: content.line, reason: reason))
        }

        mutating func taskProperty(_ content: ICalendarContentLine) throws(ICalendarError) {
            guard var task = draft else { return }
            defer { draft = task }
            switch content.name {
            case "UID": task.uid = ICalendarText.unescape(content.value)
            case "SUMMARY": task.title = ICalendarText.unescape(content.value)
            case "DESCRIPTION": task.note = ICalendarText.unescape(content.value)
            case "DUE" where task.component == "VTODO": task.due = (try dateValue(content), content.line)
            case "DTSTART": task.start = (try dateValue(content), content.line)
            case "RRULE":
                guard task.rule == nil else { return skip(content, reason: "kit keeps the first RRULE only") }
                do {
                    var rule = try Recurrence.parseRRULE(content.value)
                    if content.parameters["X-KIT-SKIP"]?.uppercased() == "BACKWARD" {
                        rule = rule.movingMissingDaysToMonthEnd()
                    }
                    task.rule = (rule, content.line)
                } catch {
                    throw ICalendarError(line: content.line, message: error.message)
                }
            case "STATUS":
                switch content.value.uppercased().trimmingWhitespace() {
                case "COMPLETED": task.status = .completed
                case "CANCELLED": task.status = .cancelled
                case "NEEDS-ACTION", "IN-PROCESS", "TENTATIVE", "CONFIRMED": task.status = .needsAction
                default: skip(content, reason: "unknown status '\(content.value)'")
                }
            case "COMPLETED": task.completed = true
            default:
                if !silentTaskProperties.contains(content.name) { skip(content) }
            }
        }

        mutating func alarmProperty(_ content: ICalendarContentLine) throws(ICalendarError) {
            guard content.name == "TRIGGER" else {
                if !silentAlarmProperties.contains(content.name) { skip(content) }
                return
            }
            if content.parameters["VALUE"]?.uppercased() == "DATE-TIME" {
                return skip(content, reason: "kit imports alarms set before the due time, not at a fixed time")
            }
            if content.parameters["RELATED"]?.uppercased() == "END" {
                return skip(content, reason: "kit imports alarms relative to the start or due time")
            }
            guard let seconds = ICalendarText.parseDuration(content.value.trimmingWhitespace()) else {
                throw ICalendarError(
                    line: content.line, message: "TRIGGER '\(content.value)' is not a duration such as -PT10M or -P1D")
            }
            if seconds > 0 {
                return skip(content, reason: "kit alerts only before the due time")
            }
            if seconds < 0 && -seconds <= DurationParser.maximum / 1_000_000_000 {
                alarm?.trigger = -seconds * 1_000_000_000
            } else if seconds < 0 {
                skip(content, reason: "more than 366 days before the due time")
            }
        }

        func dateValue(_ content: ICalendarContentLine) throws(ICalendarError) -> CalendarDue {
            let value = content.value.trimmingWhitespace()
            let type = content.parameters["VALUE"]?.uppercased()
            if type == "DATE" || (type == nil && value.utf8.count == 8) {
                guard let date = ICalendarText.date(value) else {
                    throw ICalendarError(
                        line: content.line,
                        message: "\(content.name) '\(value)' is not a date in 1900…2200 such as 20261125")
                }
                return .date(date)
            }
            let isUTC = value.hasSuffix("Z") || value.hasSuffix("z")
            guard type == nil || type == "DATE-TIME",
                let civil = ICalendarText.dateTime(isUTC ? String(value.dropLast()) : value)
            else {
                throw ICalendarError(
                    line: content.line,
                    message: "\(content.name) '\(value)' is not a date-time in 1900…2200 such as 20261125T180000, "
                        + "20261125T090000Z or (all day) 20261125")
            }
            if isUTC { return .utc(civil.utcInstant) }
            return .local(civil, tzid: content.parameters["TZID"])
        }

        mutating func finish(_ draft: TaskDraft) throws(ICalendarError) -> ImportedTask {
            let due = draft.due ?? draft.start
            var task = CalendarTask(
                uid: draft.uid, title: draft.title, note: draft.note, due: due?.value,
                status: draft.completed && draft.status == .needsAction ? .completed : draft.status)
            if let rule = draft.rule {
                if let due {
                    let anchor: CivilDateTime
                    switch due.value {
                    case .date(let date): anchor = CivilDateTime(date: date)
                    case .local(let civil, _): anchor = civil
                    case .utc(let instant): anchor = CivilDateTime(instant, in: FixedOffset.utc)
                    }
                    do {
                        _ = try RecurrenceSeries(rule: rule.value, anchor: anchor)
                    } catch {
                        throw ICalendarError(line: rule.line, message: error.message)
                    }
                    task.recurrence = rule.value.takingDayFromAnchor(anchor.date)
                } else {
                    skipped.append(.init(name: "RRULE", line: rule.line, reason: "no DUE or DTSTART to repeat from"))
                }
            }
            var alerts: [Nanoseconds] = []
            for alert in draft.alerts.sorted(by: { $0.offset > $1.offset }) where !alerts.contains(alert.offset) {
                guard alerts.count < PreAlerts.maximumCount else {
                    skipped.append(
                        .init(name: "VALARM", line: alert.line, reason: "kit keeps at most 10 alerts a task"))
                    continue
                }
                alerts.append(alert.offset)
            }
            task.alerts = alerts
            return ImportedTask(task: task, component: draft.component, line: draft.line)
        }
    }
}
