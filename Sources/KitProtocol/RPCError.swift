import KitCore

// The stored properties of the types extended here are declared in Wire/RPCError.wire.

extension RPCError {
    public var description: String { message }

    /// kitd's English with the template it was made from, when it sent one, to be said in the
    /// user's language (`Localized.text`).
    public var kitMessage: KitMessage {
        KitMessage(
            format: data?.format, arguments: data?.arguments ?? [], parts: data?.parts?.map { $0?.kitMessage } ?? [],
            english: message)
    }
}
