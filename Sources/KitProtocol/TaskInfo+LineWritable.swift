/// `task.*` replies, written member by member in the order of their declaration, as their
/// synthesized `Encodable` conformance writes them through `LineEncoder`, absent optionals left out,
/// protocol 1's twin beside each duration: a `task.import`
/// of 5,000 tasks spent 21 ms of kitd's loop encoding its reply through containers.
extension TaskInfo: LineWritable {
    public func write(to line: inout LineWriter) throws {
        line.openObject()
        line.member("id")
        line.integer(id)
        line.member("uid")
        line.string(uid)
        line.member("title")
        line.string(title)
        if let note {
            line.member("note")
            line.string(note)
        }
        line.member("state")
        line.string(state.rawValue)
        line.member("dueAt")
        line.string(dueAt)
        line.member("dueLocal")
        line.string(dueLocal)
        if let zone {
            line.member("zone")
            line.string(zone)
        }
        line.member("effectiveZone")
        line.string(effectiveZone)
        line.member("allDay")
        line.bool(allDay)
        if let repeatRule {
            line.member("repeatRule")
            line.string(repeatRule)
        }
        if let repeatText {
            line.member("repeatText")
            line.string(repeatText)
        }
        try line.durations(ProtocolOne.alerts, alertsNs)
        if let nagNs { try line.duration(ProtocolOne.nag, nagNs) }
        if let snoozedUntil {
            line.member("snoozedUntil")
            line.string(snoozedUntil)
        }
        line.member("overdue")
        line.bool(overdue)
        line.member("createdAt")
        line.string(createdAt)
        if let doneAt {
            line.member("doneAt")
            line.string(doneAt)
        }
        if let endAt {
            line.member("endAt")
            line.string(endAt)
        }
        if let location {
            line.member("location")
            line.string(location)
        }
        if let dueMovedFrom {
            line.member("dueMovedFrom")
            line.string(dueMovedFrom)
        }
        line.closeObject()
    }
}

extension TaskImportRejection: LineWritable {
    public func write(to line: inout LineWriter) throws {
        line.openObject()
        line.member("line")
        line.integer(self.line)
        if let component {
            line.member("component")
            line.string(component)
        }
        if let uid {
            line.member("uid")
            line.string(uid)
        }
        if let title {
            line.member("title")
            line.string(title)
        }
        line.member("reason")
        line.string(reason)
        line.closeObject()
    }
}

extension TaskImportResult: LineWritable {
    public func write(to line: inout LineWriter) throws {
        line.openObject()
        line.member("imported")
        try line.array(imported)
        line.member("skipped")
        line.array(skipped) { line, notice in line.string(notice) }
        if let notices {
            line.member("notices")
            try line.array(notices)
        }
        line.member("rejected")
        try line.array(rejected)
        line.member("updated")
        try line.array(updated)
        if let dryRun {
            line.member("dryRun")
            line.bool(dryRun)
        }
        line.closeObject()
    }
}

extension MessageText: LineWritable {
    public func write(to line: inout LineWriter) throws {
        line.openObject()
        line.member("text")
        line.string(text)
        if let format {
            line.member("format")
            line.string(format)
        }
        if let arguments {
            line.member("arguments")
            line.array(arguments) { line, argument in line.string(argument) }
        }
        if let parts {
            line.member("parts")
            try line.array(parts) { line, part in
                if let part { try part.write(to: &line) } else { line.null() }
            }
        }
        line.closeObject()
    }
}
