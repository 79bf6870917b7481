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
