/// A successful reply.
// wire-codec: write
public struct ResponseEnvelope<Result: Encodable>: Encodable {
    public var jsonrpc = "2.0"
    public var id: RequestID
    public var result: Result

    public init(id: RequestID, result: Result) {
        self.id = id
        self.result = result
    }
}

/// An error reply. `id` is null when the request's id could not be read.
public struct ErrorEnvelope: Codable, Sendable {
    public var jsonrpc = "2.0"
    public var id: RequestID
    public var error: RPCError

    public init(id: RequestID, error: RPCError) {
        self.id = id
        self.error = error
    }
}

/// A server-to-client notification: an event after `events.subscribe`.
public struct EventEnvelope<Params: Encodable>: Encodable {
    public var jsonrpc = "2.0"
    public var method: String
    public var params: Params

    public init(method: String, params: Params) {
        self.method = method
        self.params = params
    }
}

/// What a client reads first from any incoming line, to tell replies from events.
public struct IncomingHeader: Decodable, Sendable {
    public var id: RequestID?
    public var method: String?
    public var error: RPCError?
}

/// Reads the result of a reply.
public struct ResultEnvelope<Result: Decodable>: Decodable {
    public var result: Result
}

/// Reads the params of an event.
public struct EventParamsEnvelope<Params: Decodable>: Decodable {
    public var method: String
    public var params: Params
}
