/// A JSON-RPC request id: a number, a string, or an explicit null.
public enum RequestID: Codable, Hashable, Sendable, CustomStringConvertible {
    case number(Int64)
    case string(String)
    case null

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let number = try? container.decode(Int64.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else {
            throw DecodingError.typeMismatch(
                RequestID.self,
                .init(codingPath: decoder.codingPath, debugDescription: "an id must be an integer or a string"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .null: try container.encodeNil()
        }
    }

    public var description: String {
        switch self {
        case .number(let number): String(number)
        case .string(let string): "\"\(string)\""
        case .null: "null"
        }
    }
}

/// The envelope of a request, read before its params so that errors can name the method.
public struct RequestHeader: Decodable, Sendable {
    public var jsonrpc: String?
    /// nil when the member is absent: the request is a notification and gets no reply.
    public var id: RequestID?
    public var method: String?
    public var paramsKind: ParamsKind

    public enum ParamsKind: Sendable { case absent, object, other }

    private enum CodingKeys: String, CodingKey { case jsonrpc, id, method, params }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        jsonrpc = try? container.decodeIfPresent(String.self, forKey: .jsonrpc)
        id = container.contains(.id) ? try container.decode(RequestID.self, forKey: .id) : nil
        method = try? container.decodeIfPresent(String.self, forKey: .method)
        if !container.contains(.params) || (try? container.decodeNil(forKey: .params)) == true {
            paramsKind = .absent
        } else if (try? container.nestedContainer(keyedBy: AnyKey.self, forKey: .params)) != nil {
            paramsKind = .object
        } else {
            paramsKind = .other
        }
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
