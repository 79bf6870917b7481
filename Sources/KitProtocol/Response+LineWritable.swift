/// The reply envelope, written without `Encodable`'s containers when its result can be.
extension ResponseEnvelope: LineWritable where Result: LineWritable {
    public func write(to line: inout LineWriter) throws {
        line.openObject()
        line.member("jsonrpc")
        line.string(jsonrpc)
        line.member("id")
        id.write(to: &line)
        line.member("result")
        try result.write(to: &line)
        line.closeObject()
    }
}

extension RequestID: LineWritable {
    public func write(to line: inout LineWriter) {
        switch self {
        case .number(let number): line.integer(number)
        case .string(let string): line.string(string)
        case .null: line.null()
        }
    }
}
