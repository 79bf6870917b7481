import Glibc
import KitCore
import KitLocalization
import KitProtocol

/// How kitctl writes tasks for people, in local time.
enum TaskText {
    /// When the due time was read in kitd's zone and this shell's zone (`TZ`) puts that instant
    /// at another clock reading: one line that says so, since `내일 오전 9시` would otherwise
    /// quietly show as 18:00 here. Nil when the zones agree, or the task has a zone of its own.
    static func zoneNote(_ task: TaskInfo, shell: some UTCOffsets = LocalZone()) -> String? {
        guard task.zone == nil, !task.allDay, let instant = Timestamp.parse(task.dueAt),
            let local = CivilDateTime.parseStored(task.dueLocal)
        else { return nil }
        let kitdOffset = local.localSeconds - instant.nanoseconds / Nanoseconds.nanosecondsPerSecond
        guard kitdOffset != Int64(shell.offset(at: instant)) else { return nil }
        let kitdClock = String(task.dueLocal.split(separator: "T").last?.prefix(5) ?? "")
        return Localized.text(
            "note: the due time was read in kitd's zone (%1$s), where it is %2$s; this shell's zone differs (TZ=%3$s). To use another zone, give --tz",
            task.effectiveZone, kitdClock, getenv("TZ").map { String(cString: $0) } ?? "unset")
    }

    /// `note: 2026-12-10 09:00 is not a day of 'weekly on tue'; the first due is Dec 15 09:00`,
    /// when kitd moved the first due onto the repeat rule; nil when it did not.
    static func movedNote(_ task: TaskInfo) -> String? {
        guard let moved = task.dueMovedFrom.flatMap(CivilDateTime.parseStored) else { return nil }
        return Localized.text(
            "note: %1$s is not a day of '%2$s'; the first due is %3$s",
            moved.date.iso8601 + (task.allDay ? "" : " " + String(moved.time.description.prefix(5))),
            task.repeatText ?? task.repeatRule ?? "", due(task))
    }

    /// An event's span, `14:00–15:00`, from its due (its start) to its end; nil for a to-do.
    static func span(_ dueAt: String, _ endAt: String?, allDay: Bool) -> String? {
        guard let start = Timestamp.parse(dueAt), let end = endAt.flatMap(Timestamp.parse) else { return nil }
        return ClockText.span(
            start, end, allDay: allDay, now: TimerText.currentWallTime(), in: LocalZone(), style: LocalClock.style)
    }

    static func due(_ task: TaskInfo) -> String {
        guard let instant = Timestamp.parse(task.dueAt) else { return task.dueLocal }
        let now = TimerText.currentWallTime()
        var text = LocalClock.brief(instant, now: now)
        if task.allDay, let space = text.lastIndex(of: " ") {
            text = Localized.text("%s (all day)", String(text[..<space]))
        } else if task.allDay {
            text = Localized.text("today (all day)")
        }
        if let zone = task.zone, !task.allDay {
            // The local clock reading first, then what the pinned zone's clocks say.
            let pinned = task.dueLocal.split(separator: "T").last.map { String($0.prefix(5)) } ?? ""
            text += " (\(pinned) \(zone))"
        } else if let zone = task.zone {
            text += " (\(zone))"
        }
        return text
    }

    /// The task's rule as the user writes it (`Localized.writing`): in Korean (`매주 화·목`), else
    /// the friendly English kitd sends (`weekly on tue,thu`).
    static func repeatText(_ task: TaskInfo) -> String? {
        guard Localized.writing == .korean, let rrule = task.repeatRule, let rule = try? Recurrence.parseRRULE(rrule),
            let anchor = CivilDateTime.parseStored(task.dueLocal)?.date, let korean = rule.koreanText(anchor: anchor)
        else { return task.repeatText }
        return korean
    }

    static func table(_ tasks: [TaskInfo], color: Bool) -> String {
        var table = Table(
            Localized.text("ID"), Localized.text("DUE"), Localized.text("STATE"), Localized.text("REPEAT"),
            Localized.text("TITLE"))
        for task in tasks {
            table.add("\(task.id)", due(task), StateWords.task(task), repeatText(task) ?? "-", task.title)
        }
        let rendered = table.render()
        guard color else { return rendered }
        let overdueIDs = Set(tasks.filter(\.overdue).map { "\($0.id)" })
        return rendered.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let id = line.split(separator: " ").first.map(String.init) ?? ""
            return overdueIDs.contains(id) ? Colors.red(String(line)) : String(line)
        }.joined(separator: "\n")
    }

    static func details(_ task: TaskInfo) -> String {
        var details = Details(Localized.text("task %1$s: %2$s", String(task.id), task.title))
        details.add(Localized.text("state:"), StateWords.task(task))
        details.add(Localized.text("due:"), "\(due(task))  (\(task.dueLocal.replacingT()) \(task.effectiveZone))")
        if let span = span(task.dueAt, task.endAt, allDay: task.allDay) { details.add(Localized.text("when:"), span) }
        if let location = task.location { details.add(Localized.text("where:"), location) }
        if let text = repeatText(task), let rule = task.repeatRule {
            details.add(Localized.text("repeat:"), text + (text == rule ? "" : "  (\(rule))"))
        }
        if !task.alertsNs.isEmpty {
            details.add(
                Localized.text("remind:"),
                task.alertsNs.map { Localized.text("%s before", LocaleDuration.text($0)) }.joined(separator: ", "))
        }
        if let nag = task.nagNs {
            details.add(Localized.text("nag:"), Localized.text("every %s", LocaleDuration.text(nag)))
        }
        if let snoozed = task.snoozedUntil.flatMap(Timestamp.parse) {
            let until = LocalClock.brief(snoozed, now: TimerText.currentWallTime())
            details.add(Localized.text("snoozed:"), Localized.text("until %s", until))
        }
        if let note = task.note { details.add(Localized.text("note:"), note) }
        return details.render()
    }
}

extension String {
    fileprivate func replacingT() -> String { String(self.map { $0 == "T" ? " " : $0 }) }
}
