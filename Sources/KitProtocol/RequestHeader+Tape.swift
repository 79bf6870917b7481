extension RequestHeader {
    /// The envelope read straight from a tape: what `init(from:)` reads from the same line with
    /// `JSONDecoder`, member by member. Nil, for `JSONDecoder` to read it, when the line is not an
    /// object, or its id is neither null, a string nor a whole number that `JSONTape.int64` reads.
    public init?(tape: JSONTape) {
        guard tape.nodes[0].kind == .object else { return nil }
        func text(_ name: String) -> String? {
            guard let node = tape.member(name, of: 0), tape.nodes[node].kind == .string else { return nil }
            return tape.string(at: node)
        }
        if let node = tape.member("id", of: 0) {
            guard let read = RequestID(tape: tape, at: node) else { return nil }
            id = read
        } else {
            id = nil
        }
        jsonrpc = text("jsonrpc")
        method = text("method")
        switch tape.member("params", of: 0).map({ tape.nodes[$0].kind }) {
        case nil, .null?: paramsKind = .absent
        case .object?: paramsKind = .object
        default: paramsKind = .other
        }
    }
}
