import KitCore

/// A JSON-RPC error object. `message` is written for a person; `data` carries details for scripts.
public struct RPCError: Error, Codable, Equatable, Sendable, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var data: RPCErrorData?

    public init(code: Int, message: String, data: RPCErrorData? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var description: String { message }

    /// kitd's English with the template it was made from, when it sent one, to be said in the
    /// user's language (`Localized.text`).
    public var kitMessage: KitMessage {
        KitMessage(
            format: data?.format, arguments: data?.arguments ?? [], parts: data?.parts?.map { $0?.kitMessage } ?? [],
            english: message)
    }
}

/// Optional details of an error. Every field is optional and stable.
public struct RPCErrorData: Codable, Equatable, Sendable {
    /// For `ambiguous`: the records a name matched, as `id (name, state)`, e.g. `1 (tea, running)`.
    public var candidates: [String]?
    /// For `invalidState`: the state the record is in.
    public var state: String?
    /// For `notFound`: names that do exist (for timers, those of up to 8 active timers).
    public var suggestions: [String]?
    /// For `requestTooLarge`: the limit in bytes.
    public var limit: Int?
    /// For `invalidParams`: the parameter at fault.
    public var field: String?
    /// The message's template, for a client to translate (gettext's message id in kit's catalogs,
    /// `no timer '%s'`), and the values its `%s` (`%1$s`, `%2$s` …) stand for, in order.
    public var format: String?
    public var arguments: [String]?
    /// For each value that is a message itself, that message with its own template, at its place
    /// (null for the others); absent when no value is one. See `MessageText`.
    public var parts: [MessageText?]?

    public init(
        candidates: [String]? = nil, state: String? = nil, suggestions: [String]? = nil, limit: Int? = nil,
        field: String? = nil, format: String? = nil, arguments: [String]? = nil, parts: [MessageText?]? = nil
    ) {
        self.candidates = candidates
        self.state = state
        self.suggestions = suggestions
        self.limit = limit
        self.field = field
        self.format = format
        self.arguments = arguments
        self.parts = parts
    }
}
