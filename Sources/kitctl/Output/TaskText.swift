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
        return "note: the due time was read in kitd's zone (\(task.effectiveZone)), where it is \(kitdClock); "
            + "this shell's zone differs (TZ=\(getenv("TZ").map { String(cString: $0) } ?? "unset")). To use another zone, give --tz"
    }

    static func due(_ task: TaskInfo) -> String {
        guard let instant = Timestamp.parse(task.dueAt) else { return task.dueLocal }
        let now = TimerText.currentWallTime()
        var text = LocalClock.brief(instant, now: now)
        if task.allDay, let space = text.lastIndex(of: " ") {
            text = String(text[..<space]) + " (all day)"
        } else if task.allDay {
            text = "today (all day)"
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

    static func state(_ task: TaskInfo) -> String {
        if task.state == .done { return "done" }
        if task.overdue { return "OVERDUE" }
        if task.snoozedUntil != nil { return "snoozed" }
        return "open"
    }

    /// The task's rule as the user reads it: in Korean under a Korean locale (`매주 화·목`), else
    /// the friendly English kitd sends (`weekly on tue,thu`).
    static func repeatText(_ task: TaskInfo) -> String? {
        guard Localized.language == "ko", let rrule = task.repeatRule, let rule = try? Recurrence.parseRRULE(rrule),
            let anchor = CivilDateTime.parseStored(task.dueLocal)?.date, let korean = rule.koreanText(anchor: anchor)
        else { return task.repeatText }
        return korean
    }

    static func table(_ tasks: [TaskInfo], color: Bool) -> String {
        var table = Table("ID", "DUE", "STATE", "REPEAT", "TITLE")
        for task in tasks {
            table.add("\(task.id)", due(task), state(task), repeatText(task) ?? "-", task.title)
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
        var lines = [
            "task \(task.id): \(task.title)",
            "state:    \(state(task))",
            "due:      \(due(task))  (\(task.dueLocal.replacingT()) \(task.effectiveZone))",
        ]
        if let text = repeatText(task), let rule = task.repeatRule {
            lines.append("repeat:   \(text)" + (text == rule ? "" : "  (\(rule))"))
        }
        if !task.alertsNs.isEmpty {
            lines.append(
                "remind:   "
                    + task.alertsNs.map { DurationFormatter.compact($0) + " before" }.joined(
                        separator: ", "))
        }
        if let nag = task.nagNs { lines.append("nag:      every \(DurationFormatter.compact(nag))") }
        if let snoozed = task.snoozedUntil.flatMap(Timestamp.parse) {
            lines.append(
                "snoozed:  until \(LocalClock.brief(snoozed, now: TimerText.currentWallTime()))")
        }
        if let note = task.note { lines.append("note:     \(note)") }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func replacingT() -> String { String(self.map { $0 == "T" ? " " : $0 }) }
}
