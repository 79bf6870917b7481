/// The longest text a field takes, checked where a request comes in, before any work is done on
/// the text: no request costs more than its longest sensible text. docs/protocol.md lists each
/// field's limit.
public enum TextLimit {
    /// Refuses `text` when it has more than `limit` characters, naming the field by `noun`.
    public static func check(_ text: String, _ noun: String, limit: Int) throws(KitError) {
        let count = text.count
        guard count <= limit else {
            throw .invalidArgument("the \(noun) has \(count) characters; the limit is \(limit)")
        }
    }

    /// As `check`, for an optional field.
    public static func check(_ text: String?, _ noun: String, limit: Int) throws(KitError) {
        if let text { try check(text, noun, limit: limit) }
    }

    /// Refuses a list of more than `limit` items, naming them by `noun` (plural).
    public static func check(count: Int, _ noun: String, limit: Int) throws(KitError) {
        guard count <= limit else { throw .invalidArgument("\(count) \(noun) given; the limit is \(limit)") }
    }
}
