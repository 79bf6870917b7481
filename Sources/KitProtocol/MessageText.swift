import KitCore

/// A message for a person as kitd wrote it, for a client to say in the user's language: the
/// English, the template it was made from (gettext's message id in kit's catalogs), and the
/// values filled in. A value that is a message itself (a reason inside a report line) has its
/// own in `parts`, at the same place. The same template as an error's `data.format`.
// wire-codec: write
public struct MessageText: Codable, Sendable, Equatable {
    public var text: String
    /// Absent for a text with no template (a library's own words): show `text`.
    public var format: String?
    public var arguments: [String]?
    /// For each value, the message it is, or null; absent when no value is a message.
    public var parts: [MessageText?]?

    public init(text: String, format: String?, arguments: [String]?, parts: [MessageText?]? = nil) {
        self.text = text
        self.format = format
        self.arguments = arguments
        self.parts = parts
    }

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
