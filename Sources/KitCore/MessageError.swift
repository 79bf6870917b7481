/// An error that says why as a message: its English (`description`, for logs and the protocol)
/// and its template, which `Localized.text(error.kitMessage)` says in the user's language.
public protocol MessageError: Error, CustomStringConvertible {
    var kitMessage: KitMessage { get }
}

extension MessageError {
    public var description: String { kitMessage.english }
}
