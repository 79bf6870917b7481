/// A refusal that a person can act on. Each case maps to one protocol error code.
public enum KitError: MessageError, Equatable, Sendable {
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

    /// kit's English; `Localized.text(error.kitMessage)` says it in the user's language.
    public var message: String { kitMessage.english }
}
