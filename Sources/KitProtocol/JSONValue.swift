#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Any JSON value: what a feature's part of `daemon.status` is on its way between the feature that
/// fills it and the client that reads it as its own type (`DaemonStatusResult.section`).
public enum JSONValue: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number without a fraction that fits in 64 bits: nanoseconds keep every digit.
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value at `node` of `tape`, as `init(from:)` reads the same JSON: a whole number that
    /// fits 64 bits is an `integer`, another a `number`. Nil where the tape does not read a number
    /// exactly (`JSONDecoder` reads the line then).
    public init?(tape: JSONTape, at node: Int) {
        let count = Int(tape.nodes[node].count)
        switch tape.nodes[node].kind {
        case .null: self = .null
        case .true: self = .bool(true)
        case .false: self = .bool(false)
        case .string: self = .string(tape.string(at: node))
        case .number:
            if let integer = tape.int64(at: node) {
                self = .integer(integer)
            } else if let number = tape.double(at: node) {
                self = .number(number)
            } else {
                return nil
            }
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(count)
            var index = node + 1
            for _ in 0..<count {
                guard let element = JSONValue(tape: tape, at: index) else { return nil }
                elements.append(element)
                index = Int(tape.nodes[index].next)
            }
            self = .array(elements)
        case .object:
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(count)
            var index = node + 1
            for _ in 0..<count {
                guard let value = JSONValue(tape: tape, at: index + 1) else { return nil }
                members[tape.string(at: index)] = value
                index = Int(tape.nodes[index + 1].next)
            }
            self = .object(members)
        }
    }

    /// `value` as JSON.
    public init(encoding value: some Encodable) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    /// This JSON read as a `T`.
    public func decode<T: Decodable>(as type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(self))
    }
}
