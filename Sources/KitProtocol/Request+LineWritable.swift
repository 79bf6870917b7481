/// A request, written without `Encodable`'s containers when its params can be: what a client
/// that asks many times (a status bar, the bench) writes.
extension RequestEnvelope: LineWritable where Params: LineWritable {
    public func write(to line: inout LineWriter) throws {
        line.openObject()
        line.member("jsonrpc")
        line.string(jsonrpc)
        if let id {
            line.member("id")
            id.write(to: &line)
        }
        line.member("method")
        line.string(method)
        line.member("params")
        try params.write(to: &line)
        line.closeObject()
    }
}

extension TimerRefParams: LineWritable {
    public func write(to line: inout LineWriter) {
        line.openObject()
        line.member("ref")
        line.string(ref.text)
        line.closeObject()
    }
}

/// `timer.start`'s params, as `encode(to:)` writes them: the length, then the name and the
/// sound when given.
extension TimerStartParams: LineWritable {
    public func write(to line: inout LineWriter) {
        line.openObject()
        line.member("durationNs")
        line.integer(durationNs.value)
        if let name {
            line.member("name")
            line.string(name)
        }
        if let sound {
            line.member("sound")
            line.string(sound)
        }
        line.closeObject()
    }
}
