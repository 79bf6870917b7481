import KitCore

/// What the cursors of paged lists (`timer.list`, `task.list`) share: the numbers in them, read
/// back exactly as kitd writes them, and the refusal of one kitd did not write.
enum ListCursorText {
    /// A decimal integer as kitd writes one: no sign but a minus, no leading zeros.
    static func number(_ text: Substring) -> Int64? {
        guard let value = Int64(text), String(value) == text else { return nil }
        return value
    }

    /// The error for an `after` that is no cursor of `method`.
    static func foreign(_ text: String, of method: String) -> KitError {
        let shown = text.count > 24 ? "\(text.prefix(24))…" : text
        return .invalidArgument(
            "'after' (\"\(shown)\") is not a cursor from \(method); pass the 'next' of the page before as it came, or leave 'after' out for the first page"
        )
    }
}
