extension RequestID {
    /// The id at `node` of a tape, as `init(from:)` reads it with `JSONDecoder`: null, a string,
    /// or a whole number that `JSONTape.int64` reads. Nil, for `JSONDecoder` to read it or make
    /// the error, for anything else (`1.0`, `1e2`, a number beyond `Int64`, another kind).
    public init?(tape: JSONTape, at node: Int) {
        switch tape.nodes[node].kind {
        case .null: self = .null
        case .string: self = .string(tape.string(at: node))
        case .number:
            guard let number = tape.int64(at: node) else { return nil }
            self = .number(number)
        default: return nil
        }
    }
}
