/// A refusal that a person can act on. Each case maps to one protocol error code.
public enum KitError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The referenced thing does not exist. `suggestions` are close names.
    case notFound(KitMessage, suggestions: [String] = [])
    /// The thing exists but is in a state that does not allow the request.
    case invalidState(KitMessage, state: String)
    /// A value is well-typed but not acceptable (a negative duration, an empty name).
    case invalidArgument(KitMessage)
    /// A name matches more than one thing.
    case ambiguous(KitMessage, candidates: [String])

    /// The message, with its template for a translation.
    public var kitMessage: KitMessage {
        switch self {
        case .notFound(let message, _), .invalidState(let message, _), .invalidArgument(let message),
            .ambiguous(let message, _):
            message
        }
    }

    /// In the user's language where a translator is installed (kitctl), else English.
    public var message: String { kitMessage.text }

    public var description: String { message }
}
