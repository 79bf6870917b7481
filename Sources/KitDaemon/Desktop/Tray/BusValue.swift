/// A D-Bus value as kitd writes and reads one (`SessionBus`): a basic value, or a container of
/// them. Its signature is worked out from it; an empty array carries its element's.
enum BusValue: Equatable, Sendable {
    case byte(UInt8)
    case bool(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// `ay`, kept as bytes (an icon's pixels).
    case bytes([UInt8])
    /// An array of values of signature `element`.
    case array(element: String, [BusValue])
    case structure([BusValue])
    /// A member of a dictionary (`a{sv}`): a basic key and its value.
    indirect case entry(BusValue, BusValue)
    indirect case variant(BusValue)

    var signature: String {
        switch self {
        case .byte: "y"
        case .bool: "b"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .bytes: "ay"
        case .array(let element, _): "a" + element
        case .structure(let members): "(" + members.map(\.signature).joined() + ")"
        case .entry(let key, let value): "{" + key.signature + value.signature + "}"
        case .variant: "v"
        }
    }

    /// `a{sv}`: a dictionary of named variants, as properties and menu items are given.
    static func properties(_ pairs: [(String, BusValue)]) -> BusValue {
        .array(element: "{sv}", pairs.map { .entry(.string($0.0), .variant($0.1)) })
    }

    // MARK: Reading

    var string: String? {
        switch self {
        case .string(let text), .objectPath(let text), .signature(let text): text
        case .variant(let inner): inner.string
        default: nil
        }
    }

    var int: Int? {
        switch self {
        case .int32(let value): Int(value)
        case .uint32(let value): Int(value)
        case .int64(let value): Int(value)
        case .byte(let value): Int(value)
        case .variant(let inner): inner.int
        default: nil
        }
    }

    var elements: [BusValue] {
        switch self {
        case .array(_, let values), .structure(let values): values
        case .variant(let inner): inner.elements
        default: []
        }
    }
}
