import KitCore

// The stored properties of the types extended here are declared in Wire/MessageText.wire.

extension MessageText {
    public init(_ message: KitMessage) {
        text = message.english
        format = message.format
        arguments = message.format == nil ? nil : message.arguments
        parts = message.parts.isEmpty ? nil : message.parts.map { $0.map(MessageText.init) }
    }
}

extension MessageText {
    /// The message again, to be said in the user's language (`Localized.text`).
    public var kitMessage: KitMessage {
        KitMessage(
            format: format, arguments: arguments ?? [], parts: parts?.map { $0?.kitMessage } ?? [], english: text)
    }
}
