/// `timer.get` and the other `timer.*` replies, written member by member in the order of their
/// declaration, as their synthesized `Encodable` conformance writes them through `LineEncoder`,
/// absent optionals left out, protocol 1's twin beside each duration.
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
        try line.duration(ProtocolOne.duration, durationNs)
        try line.duration(ProtocolOne.remaining, remainingNs)
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
