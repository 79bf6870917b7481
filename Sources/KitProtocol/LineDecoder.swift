#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Decodes a value from a `JSONTape`, the way Foundation's `JSONDecoder` decodes it from the same
/// line, or gives up (`nil`) so that the caller asks `JSONDecoder` instead.
///
/// `JSONDecoder` builds a map of the whole line and wraps each value it reads in a new decoder;
/// for a small request that was most of kitd's work. This one reads straight from the tape. It
/// gives the same value wherever it gives one, and gives up on what it does not copy exactly:
/// any decoding error (`JSONDecoder` then makes the error, with its message and coding path), a
/// number read as an integer that has a fraction or an exponent or does not fit, a number read
/// as a `Double` with an exponent, `Float`, 128-bit integers, `Data`, `Date`, `URL` and
/// `Decimal` (which `JSONDecoder` reads its own way), `superDecoder`, and `decodeIfPresent` in an
/// array. A value that catches an error and carries on is safe: whatever it caught was either
/// the error `JSONDecoder` throws too, or it made the whole decode give up.
///
/// Coding paths are not tracked: `codingPath` is empty (errors come from `JSONDecoder`).
public enum LineDecoder {
    public static func decode<T: Decodable>(_ type: T.Type, from tape: JSONTape, at node: Int = 0) -> T? {
        let state = TapeDecoding(tape: tape)
        let value = try? state.decode(T.self, at: node)
        return state.gaveUp ? nil : value
    }

    /// The error `JSONDecoder` should have made when it fails to read `T` from this tape with an
    /// error that names no member: it reports a number it cannot read as an integer (a fraction,
    /// a negative number for an unsigned one, one too large) with an empty coding path. This reads
    /// `T` as `decode` does and, when the first number it gives up on is surely no integer of its
    /// type, names it, with its coding path from `node`. Nil when it finds none such.
    public static func wrongInteger<T: Decodable>(_ type: T.Type, in tape: JSONTape, at node: Int = 0)
        -> DecodingError?
    {
        let state = TapeDecoding(tape: tape)
        _ = try? state.decode(T.self, at: node)
        guard let wrong = state.wrongInteger, let path = tape.path(to: wrong.node, from: node) else { return nil }
        let context = DecodingError.Context(codingPath: path, debugDescription: wrong.outOfRange ?? "")
        return wrong.outOfRange == nil ? .typeMismatch(wrong.type, context) : .dataCorrupted(context)
    }
}

/// The tape and whether the decode met something it does not read as `JSONDecoder` does.
final class TapeDecoding {
    let tape: JSONTape
    var gaveUp = false
    /// The first number read as an integer of `type` that it surely is not: with a fraction, or
    /// beyond the type's range (`outOfRange` then says so). `LineDecoder.wrongInteger` names it.
    var wrongInteger: (node: Int, type: Any.Type, outOfRange: String?)?

    init(tape: JSONTape) { self.tape = tape }

    struct GiveUp: Error {}

    func giveUp() -> GiveUp {
        gaveUp = true
        return GiveUp()
    }

    func kind(_ node: Int) -> JSONTape.Kind { tape.nodes[node].kind }

    /// The error `JSONDecoder` throws for a value of the wrong kind: null, or another type.
    func mismatch(_ type: Any.Type, _ node: Int) -> DecodingError {
        let context = DecodingError.Context(codingPath: [], debugDescription: "")
        return kind(node) == .null ? .valueNotFound(type, context) : .typeMismatch(type, context)
    }

    func decode<T: Decodable>(_ type: T.Type, at node: Int) throws -> T {
        if T.self == Data.self || T.self == Date.self || T.self == URL.self || T.self == Decimal.self {
            throw giveUp()
        }
        return try T(from: TapeDecoder(state: self, node: node))
    }

    func bool(_ node: Int) throws -> Bool {
        switch kind(node) {
        case .true: return true
        case .false: return false
        default: throw mismatch(Bool.self, node)
        }
    }

    func string(_ node: Int) throws -> String {
        guard kind(node) == .string else { throw mismatch(String.self, node) }
        return tape.string(at: node)
    }

    /// A whole number without fraction or exponent that fits `T` (and `Int64`); anything else
    /// `JSONDecoder` may still read (`3.0`, `1e2`), so the decode gives up on it.
    func integer<T: FixedWidthInteger>(_ type: T.Type, _ node: Int) throws -> T {
        guard kind(node) == .number else { throw mismatch(T.self, node) }
        guard let whole = tape.int64(at: node), let value = T(exactly: whole) else {
            if wrongInteger == nil { noteIfWrong(T.self, node) }
            throw giveUp()
        }
        return value
    }

    /// Notes the number at `node` as `wrongInteger` when no `JSONDecoder` reads it as a `T`: a
    /// fraction with a digit other than 0 and no exponent, digits alone that `T` cannot hold, or
    /// a negative number for an unsigned `T`. Not `3.0`, `1e2` or `-0`, which it may read.
    private func noteIfWrong<T: FixedWidthInteger>(_ type: T.Type, _ node: Int) {
        let text = String(decoding: tape.bytes[Int(tape.nodes[node].start)..<Int(tape.nodes[node].end)], as: UTF8.self)
        if tape.nodes[node].isComplex {
            guard !text.contains(where: { $0 == "e" || $0 == "E" }), let point = text.firstIndex(of: "."),
                text[text.index(after: point)...].contains(where: { $0 != "0" })
            else { return }
            wrongInteger = (node, T.self, nil)
        } else if text != "-0", T(text) == nil {
            let negative = T.min == 0 && text.hasPrefix("-")
            wrongInteger = (
                node, T.self, negative ? nil : "\(text) is out of range: give an integer from \(T.min) to \(T.max)"
            )
        }
    }

    /// Read as `JSONDecoder` reads it (`JSONTape.double`), or the decode gives up.
    func double(_ node: Int) throws -> Double {
        guard kind(node) == .number else { throw mismatch(Double.self, node) }
        guard let double = tape.double(at: node) else { throw giveUp() }
        return double
    }

    /// The index of the node after `node` and all it holds.
    func after(_ node: Int) -> Int { Int(tape.nodes[node].next) }
}

struct TapeDecoder: Decoder {
    let state: TapeDecoding
    let node: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard state.kind(node) == .object else { throw state.mismatch([String: Any].self, node) }
        return KeyedDecodingContainer(TapeKeyed<Key>(state: state, node: node))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard state.kind(node) == .array else { throw state.mismatch([Any].self, node) }
        return TapeUnkeyed(state: state, node: node)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TapeSingle(state: state, node: node)
    }
}

struct TapeKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let state: TapeDecoding
    let node: Int
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        let tape = state.tape
        var keys: [Key] = []
        var index = node + 1
        for _ in 0..<tape.nodes[node].count {
            if let key = Key(stringValue: tape.string(at: index)) { keys.append(key) }
            index = state.after(index + 1)
        }
        return keys
    }

    private func value(_ key: Key) -> Int? { state.tape.member(key.stringValue, of: node) }

    private func require(_ key: Key) throws -> Int {
        guard let value = value(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: ""))
        }
        return value
    }

    /// The value of `key` read by `read`; nil when `key` is absent or null.
    private func present<T>(_ key: Key, _ read: (Int) throws -> T) throws -> T? {
        guard let value = value(key), state.kind(value) != .null else { return nil }
        return try read(value)
    }

    func contains(_ key: Key) -> Bool { value(key) != nil }
    func decodeNil(forKey key: Key) throws -> Bool { state.kind(try require(key)) == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try state.bool(try require(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try state.string(try require(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try state.double(try require(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw state.giveUp() }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try state.integer(type, try require(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try state.integer(type, try require(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try state.integer(type, try require(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try state.integer(type, try require(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try state.integer(type, try require(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try state.integer(type, try require(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try state.integer(type, try require(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try state.integer(type, try require(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try state.integer(type, try require(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try state.integer(type, try require(key)) }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { throw state.giveUp() }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { throw state.giveUp() }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try state.decode(type, at: try require(key))
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key, state.bool) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key, state.string) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(key, state.double) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { throw state.giveUp() }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integer(key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integer(key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integer(key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integer(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integer(key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integer(key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integer(key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integer(key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integer(key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integer(key) }
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { throw state.giveUp() }
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { throw state.giveUp() }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try present(key) { try state.decode(type, at: $0) }
    }

    private func integer<T: FixedWidthInteger>(_ key: Key) throws -> T? {
        try present(key) { try state.integer(T.self, $0) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try TapeDecoder(state: state, node: try require(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TapeDecoder(state: state, node: try require(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { throw state.giveUp() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw state.giveUp() }
}

struct TapeUnkeyed: UnkeyedDecodingContainer {
    let state: TapeDecoding
    let count: Int?
    private(set) var currentIndex = 0
    /// The node of the element at `currentIndex`.
    private var cursor: Int
    var codingPath: [any CodingKey] { [] }

    init(state: TapeDecoding, node: Int) {
        self.state = state
        self.count = Int(state.tape.nodes[node].count)
        self.cursor = node + 1
    }

    var isAtEnd: Bool { currentIndex >= count! }

    /// Reads the current element with `read` and moves past it; at the end, throws as
    /// `JSONDecoder` does. On an error the element stays current.
    private mutating func next<T>(_ type: T.Type, _ read: (Int) throws -> T) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: [], debugDescription: "at end"))
        }
        let value = try read(cursor)
        cursor = state.after(cursor)
        currentIndex += 1
        return value
    }

    /// True, and moves past it, when the current element is null.
    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any?.self, .init(codingPath: [], debugDescription: "at end"))
        }
        guard state.kind(cursor) == .null else { return false }
        cursor = state.after(cursor)
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type, state.bool) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type, state.string) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type, state.double) }
    mutating func decode(_ type: Float.Type) throws -> Float { throw state.giveUp() }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { throw state.giveUp() }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { throw state.giveUp() }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next(type) { [state] in try state.decode(type, at: $0) }
    }

    private mutating func integer<T: FixedWidthInteger>() throws -> T {
        try next(T.self) { [state] in try state.integer(T.self, $0) }
    }

    // `JSONDecoder` has its own reading of these in an array; they are rare enough to leave to it.
    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { throw state.giveUp() }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { throw state.giveUp() }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { throw state.giveUp() }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { throw state.giveUp() }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { throw state.giveUp() }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { throw state.giveUp() }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { throw state.giveUp() }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { throw state.giveUp() }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { throw state.giveUp() }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { throw state.giveUp() }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { throw state.giveUp() }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { throw state.giveUp() }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { throw state.giveUp() }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { throw state.giveUp() }
    mutating func decodeIfPresent(_ type: Int128.Type) throws -> Int128? { throw state.giveUp() }
    mutating func decodeIfPresent(_ type: UInt128.Type) throws -> UInt128? { throw state.giveUp() }
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? { throw state.giveUp() }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try next(KeyedDecodingContainer<NestedKey>.self) { [state] in
            try TapeDecoder(state: state, node: $0).container(keyedBy: type)
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { [state] in
            try TapeDecoder(state: state, node: $0).unkeyedContainer()
        }
    }

    mutating func superDecoder() throws -> any Decoder { throw state.giveUp() }
}

struct TapeSingle: SingleValueDecodingContainer {
    let state: TapeDecoding
    let node: Int
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { state.kind(node) == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try state.bool(node) }
    func decode(_ type: String.Type) throws -> String { try state.string(node) }
    func decode(_ type: Double.Type) throws -> Double { try state.double(node) }
    func decode(_ type: Float.Type) throws -> Float { throw state.giveUp() }
    func decode(_ type: Int.Type) throws -> Int { try state.integer(type, node) }
    func decode(_ type: Int8.Type) throws -> Int8 { try state.integer(type, node) }
    func decode(_ type: Int16.Type) throws -> Int16 { try state.integer(type, node) }
    func decode(_ type: Int32.Type) throws -> Int32 { try state.integer(type, node) }
    func decode(_ type: Int64.Type) throws -> Int64 { try state.integer(type, node) }
    func decode(_ type: UInt.Type) throws -> UInt { try state.integer(type, node) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try state.integer(type, node) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try state.integer(type, node) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try state.integer(type, node) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try state.integer(type, node) }
    func decode(_ type: Int128.Type) throws -> Int128 { throw state.giveUp() }
    func decode(_ type: UInt128.Type) throws -> UInt128 { throw state.giveUp() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try state.decode(type, at: node) }
}
