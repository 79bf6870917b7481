/// The members a method's params take, read from the params type's own decoding: `of(_:)` runs
/// its `init(from:)` against a decoder that records each member it asks for, what kind of value
/// it reads there, and whether it is required (`decode`) or optional (`decodeIfPresent`). So the
/// list cannot drift from what kitd reads: the docs test holds docs/protocol.md to it, and the
/// fuzz suite sends each member the boundary values of its kind.
///
/// A required member gets a placeholder value, an optional one is absent. A type whose
/// `init(from:)` throws on that (a rule between members) is recorded up to the throw, and the
/// throw is kept in `failure`; decode the members before checking such a rule.
public struct ParamsSchema: Sendable, Equatable, CustomStringConvertible {
    public indirect enum Kind: Sendable, Equatable, CustomStringConvertible {
        case text, integer, number, boolean
        /// An id or a name: an integer or a string (`RecordRef`).
        case ref
        /// An RFC 3339 string in the years kit handles (`WireInstant`).
        case instant
        case array(Kind)
        case object
        /// Asked whether it is there, and not read.
        case unknown

        public var description: String {
            switch self {
            case .text: "string"
            case .integer: "integer"
            case .number: "number"
            case .boolean: "boolean"
            case .ref: "integer or string"
            case .array(let element): "array of \(element)"
            case .object: "object"
            case .instant: "timestamp"
            case .unknown: "unknown"
            }
        }
    }

    public struct Member: Sendable, Equatable, CustomStringConvertible {
        public var name: String
        public var kind: Kind
        public var required: Bool

        public init(name: String, kind: Kind, required: Bool) {
            self.name = name
            self.kind = kind
            self.required = required
        }

        public var description: String { "\(name) (\(kind)\(required ? ", required" : ""))" }
    }

    public private(set) var members: [Member] = []
    /// What the params' `init(from:)` threw while it was read, if it did.
    public private(set) var failure: String?

    public var description: String { members.map(\.description).joined(separator: ", ") }

    public func member(_ name: String) -> Member? { members.first { $0.name == name } }

    /// The schema of `type`.
    public static func of(_ type: any Decodable.Type) -> ParamsSchema {
        let recorder = SchemaRecorder()
        var schema = ParamsSchema()
        do {
            _ = try type.init(from: SchemaProbe(recorder: recorder, depth: 0))
        } catch {
            schema.failure = "\(error)"
        }
        schema.members = recorder.members
        return schema
    }
}

/// Where a probe writes what it was asked for; only the top level's members are kept.
private final class SchemaRecorder {
    var members: [ParamsSchema.Member] = []
    /// The kind of container the value being probed asked for.
    var valueKind: ParamsSchema.Kind = .unknown

    func note(_ name: String, _ kind: ParamsSchema.Kind, required: Bool) {
        if let index = members.firstIndex(where: { $0.name == name }) {
            if kind != .unknown { members[index].kind = kind }
            members[index].required = members[index].required || required
        } else {
            members.append(ParamsSchema.Member(name: name, kind: kind, required: required))
        }
    }
}

private struct SchemaProbe: Decoder {
    let recorder: SchemaRecorder
    let depth: Int
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        recorder.valueKind = .object
        return KeyedDecodingContainer(ProbeKeyed<Key>(probe: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        recorder.valueKind = .array(.unknown)
        return ProbeUnkeyed(probe: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { ProbeSingle(probe: self) }

    /// A placeholder `T`, and the kind of value it is read from.
    func value<T: Decodable>(_ type: T.Type) throws -> (T, ParamsSchema.Kind) {
        switch type {
        case is String.Type: return ("probe" as! T, .text)
        case is Bool.Type: return (false as! T, .boolean)
        case is Double.Type: return (1.0 as! T, .number)
        case is Float.Type: return (Float(1) as! T, .number)
        case is Int.Type: return (1 as! T, .integer)
        case is Int64.Type: return (Int64(1) as! T, .integer)
        case is Int32.Type: return (Int32(1) as! T, .integer)
        case is UInt32.Type: return (UInt32(1) as! T, .integer)
        case is UInt64.Type: return (UInt64(1) as! T, .integer)
        case is RecordRef.Type: return (RecordRef("1") as! T, .ref)
        case is WireInstant.Type: return (try WireInstant("2000-01-01T00:00:00Z", field: "probe") as! T, .instant)
        default: break
        }
        if let cases = type as? any CaseIterable.Type, let first = Self.firstCase(cases) as? T {
            let (_, kind) = try value(String.self)
            return (first, kind)
        }
        guard depth < 8 else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "too deep"))
        }
        // A nested value is read by its own decoding, into a recorder of its own: its kind is
        // the container it asks for, and its members are not the params' members.
        let nested = SchemaRecorder()
        let decoded = try T(from: SchemaProbe(recorder: nested, depth: depth + 1, codingPath: codingPath))
        return (decoded, nested.valueKind)
    }

    private static func firstCase<C: CaseIterable>(_ type: C.Type) -> Any? { C.allCases.first }
}

private struct ProbeKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let probe: SchemaProbe
    var codingPath: [any CodingKey] { probe.codingPath }
    var allKeys: [Key] { [] }

    /// Only the params' own members are recorded, not those of a value inside them.
    private func note(_ key: Key, _ kind: ParamsSchema.Kind, required: Bool) {
        probe.recorder.note(key.stringValue, kind, required: required)
    }

    func contains(_ key: Key) -> Bool {
        note(key, .unknown, required: false)
        return false
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        note(key, .unknown, required: false)
        return true
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let (value, kind) = try probe.value(type)
        note(key, kind, required: true)
        return value
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let kind = (try? probe.value(type))?.1 ?? .unknown
        note(key, kind, required: false)
        return nil
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        note(key, .object, required: true)
        return KeyedDecodingContainer(ProbeKeyed<NestedKey>(probe: SchemaProbe(recorder: SchemaRecorder(), depth: 9)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        note(key, .array(.unknown), required: true)
        return ProbeUnkeyed(probe: SchemaProbe(recorder: SchemaRecorder(), depth: 9))
    }

    func superDecoder() throws -> any Decoder { probe }
    func superDecoder(forKey key: Key) throws -> any Decoder { probe }
}

private struct ProbeUnkeyed: UnkeyedDecodingContainer {
    let probe: SchemaProbe
    var codingPath: [any CodingKey] { probe.codingPath }
    var count: Int? { 1 }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex >= 1 }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        currentIndex += 1
        let (value, kind) = try probe.value(type)
        probe.recorder.valueKind = .array(kind)
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        currentIndex += 1
        probe.recorder.valueKind = .array(.object)
        return KeyedDecodingContainer(ProbeKeyed<NestedKey>(probe: SchemaProbe(recorder: SchemaRecorder(), depth: 9)))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        currentIndex += 1
        return ProbeUnkeyed(probe: SchemaProbe(recorder: SchemaRecorder(), depth: 9))
    }

    mutating func superDecoder() throws -> any Decoder { probe }
}

private struct ProbeSingle: SingleValueDecodingContainer {
    let probe: SchemaProbe
    var codingPath: [any CodingKey] { probe.codingPath }

    func decodeNil() -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, kind) = try probe.value(type)
        // A value read as a string or a number (an id or a name) is the first kind it tried.
        if probe.recorder.valueKind == .unknown { probe.recorder.valueKind = kind }
        return value
    }
}
