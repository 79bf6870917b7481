#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// JSON encoding and decoding as kit puts it on the wire: one compact object per line.
public enum WireCodec {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        // Key order carries no meaning on the wire; sorting it costs every reply and event.
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }

    public static func decoder() -> JSONDecoder { JSONDecoder() }

    /// Encodes `value` and appends a newline. `LineEncoder` does the work; `encoder` only takes
    /// the rare value that needs what `LineEncoder` does not do.
    public static func line(_ value: some Encodable, with encoder: JSONEncoder, protocolOne: Bool = true) throws -> Data
    {
        Data(try lineBytes(value, with: encoder, protocolOne: protocolOne))
    }

    /// As `line`, as the bytes themselves. A request leaves out protocol 1's twins
    /// (`protocolOne: false`); every reply and event has them (`ProtocolOne`).
    public static func lineBytes(
        _ value: some Encodable, with encoder: JSONEncoder, protocolOne: Bool = true
    ) throws -> [UInt8] {
        do {
            return try LineEncoder(protocolOne: protocolOne).encode(value, newline: true)
        } catch is LineEncoderUnsupported {
            return Array(try encoder.encode(value)) + [10]
        }
    }

    /// As `lineBytes`, for a value that writes itself: a `WireValue`, or an envelope of one. A
    /// value `LineEncoder` cannot write (one that asks for a `superEncoder`) goes to `JSONEncoder`.
    public static func writtenLine(_ value: some LineWritable, protocolOne: Bool = true) throws -> [UInt8] {
        var line = LineWriter(protocolOne: protocolOne)
        do {
            try value.write(to: &line)
        } catch is LineEncoderUnsupported {
            return Array(try encoder().encode(value)) + [10]
        }
        line.append(10)
        return line.bytes
    }

    /// Decodes one line as `decoder` would: through a `JSONTape` and `LineDecoder` when they read
    /// it exactly as `decoder` does, else (and for every error) with `decoder` itself.
    public static func decode<T: Decodable>(_ type: T.Type, from line: [UInt8], with decoder: JSONDecoder) throws -> T {
        if let tape = JSONTape(line), let value = LineDecoder.decode(type, from: tape) { return value }
        return try decoder.decode(type, from: Data(line))
    }

    /// A sentence that says which parameter is wrong and how, from a decoding failure.
    public static func describe(_ error: any Error, method: String) -> (message: String, field: String?) {
        guard let decodingError = error as? DecodingError else {
            return ("invalid params for \(method): \(error)", nil)
        }
        func fieldName(_ path: [any CodingKey]) -> String? {
            var name = ""
            for key in path where key.stringValue != "params" {
                if let index = key.intValue {
                    name += "[\(index)]"
                } else {
                    name += name.isEmpty ? key.stringValue : "." + key.stringValue
                }
            }
            return name.isEmpty ? nil : name
        }
        switch decodingError {
        case .keyNotFound(let key, let context):
            let field = fieldName(context.codingPath + [key])
            return ("invalid params for \(method): '\(field ?? key.stringValue)' is required", field)
        case .typeMismatch(let type, let context):
            let field = fieldName(context.codingPath)
            return ("invalid params for \(method): '\(field ?? "params")' must be \(describe(type))", field)
        case .valueNotFound(let type, let context):
            let field = fieldName(context.codingPath)
            return ("invalid params for \(method): '\(field ?? "params")' must be \(describe(type)), not null", field)
        case .dataCorrupted(let context):
            let field = fieldName(context.codingPath)
            return (
                "invalid params for \(method): \(field.map { "'\($0)': " } ?? "")\(context.debugDescription)", field
            )
        @unknown default:
            return ("invalid params for \(method)", nil)
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type: "a number"
        case is any UnsignedInteger.Type: "an integer, 0 or more"
        case is any FixedWidthInteger.Type: "an integer"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is [String].Type: "an array of strings"
        case is RecordRef.Type: "an id (integer) or a name (string)"
        default: String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
