/// `timer.get` and the other `timer.*` replies, written member by member in the order of their
/// declaration, as their synthesized `Encodable` conformance writes them, absent optionals left out.
extension TimerInfo: LineWritable {
    public func write(to line: inout LineWriter) throws {
        line.openObject()
        line.member("id")
        line.integer(id)
        if let name {
            line.member("name")
            line.string(name)
        }
        line.member("label")
        line.string(label)
        line.member("state")
        line.string(state.rawValue)
        line.member("durationNs")
        line.integer(durationNs)
        line.member("remainingNs")
        line.integer(remainingNs)
        if let dueAt {
            line.member("dueAt")
            line.string(dueAt)
        }
        line.member("createdAt")
        line.string(createdAt)
        if let firedAt {
            line.member("firedAt")
            line.string(firedAt)
        }
        if let cancelledAt {
            line.member("cancelledAt")
            line.string(cancelledAt)
        }
        if let late {
            line.member("late")
            line.bool(late)
        }
        if let sound {
            line.member("sound")
            line.string(sound)
        }
        if let durationSeconds {
            line.member("durationSeconds")
            try durationSeconds.write(to: &line)
        }
        if let remainingSeconds {
            line.member("remainingSeconds")
            try remainingSeconds.write(to: &line)
        }
        line.closeObject()
    }
}

extension TimerListResult: LineWritable {
    public func write(to line: inout LineWriter) throws {
        line.openObject()
        line.member("timers")
        try line.array(timers)
        if let next {
            line.member("next")
            line.string(next)
        }
        line.closeObject()
    }
}

extension LegacyDuration: LineWritable {
    public func write(to line: inout LineWriter) throws {
        try line.double(Double(nanoseconds.value) / Double(Unit.nanosecondsPerUnit))
    }
}
