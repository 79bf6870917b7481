/// A refusal that a person can act on. Each case maps to one protocol error code.
public enum KitError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The referenced thing does not exist. `suggestions` are close names.
    case notFound(String, suggestions: [String] = [])
    /// The thing exists but is in a state that does not allow the request.
    case invalidState(String, state: String)
    /// A value is well-typed but not acceptable (a negative duration, an empty name).
    case invalidArgument(String)
    /// A name matches more than one thing.
    case ambiguous(String, candidates: [String])

    public var message: String {
        switch self {
        case .notFound(let message, _), .invalidState(let message, _), .invalidArgument(let message),
            .ambiguous(let message, _):
            message
        }
    }

    public var description: String { message }
}
