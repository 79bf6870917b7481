/// A value that reads itself from a `JSONTape` member by member, without `Decodable`'s
/// containers: for the params kitd reads most. It gives the value `LineDecoder` (and so
/// `JSONDecoder`) gives for the same JSON, or nil, and then they read it, and make the error.
public protocol TapeReadable: Decodable {
    init?(tape: JSONTape, at node: Int)
}

extension EmptyParams: TapeReadable {
    /// Any object, whatever its members: what the synthesized conformance of a type without
    /// members accepts.
    public init?(tape: JSONTape, at node: Int) {
        guard tape.nodes[node].kind == .object else { return nil }
        self.init()
    }
}

extension TimerRefParams: TapeReadable {
    public init?(tape: JSONTape, at node: Int) {
        guard tape.nodes[node].kind == .object, let value = tape.member("ref", of: node),
            let ref = RecordRef(tape: tape, at: value)
        else { return nil }
        self.ref = ref
    }
}

extension RecordRef: TapeReadable {
    /// A string as it is, or a whole number as its digits, as `init(from:)` reads them.
    public init?(tape: JSONTape, at node: Int) {
        switch tape.nodes[node].kind {
        case .string: self.init(tape.string(at: node))
        case .number:
            guard let number = tape.int64(at: node) else { return nil }
            self.init(String(number))
        default: return nil
        }
    }
}
