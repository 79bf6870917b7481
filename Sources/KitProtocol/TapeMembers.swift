/// The members of one object of a `JSONTape`, read as a synthesized `Decodable` conformance reads
/// them with `JSONDecoder`, for a `TapeReadable` type: a required member must be there and of its
/// kind; an optional one may be absent or null (nil). Anything else, and a number `JSONTape` does
/// not read exactly, is a `Mismatch`, on which the type gives up and `JSONDecoder` reads the line.
struct TapeMembers {
    struct Mismatch: Error {}

    let tape: JSONTape
    let object: Int

    /// The node of member `name`, nil when it is absent or null.
    private func node(_ name: String) -> Int? {
        guard let node = tape.member(name, of: object), tape.nodes[node].kind != .null else { return nil }
        return node
    }

    func optionalString(_ name: String) throws(Mismatch) -> String? {
        guard let node = node(name) else { return nil }
        guard tape.nodes[node].kind == .string else { throw Mismatch() }
        return tape.string(at: node)
    }

    func string(_ name: String) throws(Mismatch) -> String {
        guard let value = try optionalString(name) else { throw Mismatch() }
        return value
    }

    func integer(_ name: String) throws(Mismatch) -> Int64 {
        guard let node = node(name), let value = tape.int64(at: node) else { throw Mismatch() }
        return value
    }

    func bool(_ name: String) throws(Mismatch) -> Bool {
        guard let value = try optionalBool(name) else { throw Mismatch() }
        return value
    }

    /// An id or a name: a string as it is, or a whole number as its digits, as
    /// `RecordRef.init(from:)` reads them.
    func optionalRef(_ name: String) throws(Mismatch) -> RecordRef? {
        guard let node = node(name) else { return nil }
        switch tape.nodes[node].kind {
        case .string: return RecordRef(tape.string(at: node))
        case .number:
            guard let number = tape.int64(at: node) else { throw Mismatch() }
            return RecordRef(String(number))
        default: throw Mismatch()
        }
    }

    func ref(_ name: String) throws(Mismatch) -> RecordRef {
        guard let value = try optionalRef(name) else { throw Mismatch() }
        return value
    }

    /// One of an enum's words (`"running"`); a word it does not have is a mismatch.
    func wireEnum<Value: RawRepresentable>(_ name: String, as type: Value.Type) throws(Mismatch) -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: try string(name)) else { throw Mismatch() }
        return value
    }

    func optionalBool(_ name: String) throws(Mismatch) -> Bool? {
        guard let node = node(name) else { return nil }
        switch tape.nodes[node].kind {
        case .true: return true
        case .false: return false
        default: throw Mismatch()
        }
    }
}
