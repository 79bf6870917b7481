/// The text of a memo or a diary entry. Its first line is the title and the rest is the body;
/// blank lines before the title and between the title and the body are skipped.
public struct EntryText: Sendable, Equatable {
    /// The most text one memo or entry may hold, in UTF-8 bytes: what fits, escaped as JSON, in
    /// one request line of the protocol's 1 MiB.
    public static let maximumBytes = 1_000_000
    /// The longest title a reference (`memo.get`, `diary.get`, …) may give, in characters. A
    /// title is a whole first line, so it has no limit of its own: a longer one is found by id.
    public static let maximumReferenceLength = 1_000

    public var title: String
    public var body: String

    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }

    /// Splits `text` into its title and body.
    public init(_ text: String) {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        var index = 0
        while index < lines.count && String(lines[index]).trimmingWhitespace().isEmpty { index += 1 }
        guard index < lines.count else {
            self.init(title: "", body: "")
            return
        }
        let title = String(lines[index]).trimmingWhitespace()
        index += 1
        while index < lines.count && String(lines[index]).trimmingWhitespace().isEmpty { index += 1 }
        let body = lines[index...].joined(separator: "\n")
        self.init(title: title, body: String(body).trimmingTrailingWhitespace())
    }

    /// The form to store: blank lines before the first line and white space at the end removed.
    /// Refuses a text that is empty, holds NUL characters or is over `maximumBytes`.
    public static func normalized(_ raw: String, noun: String = "text") throws(KitError) -> String {
        var lines = raw.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)[...]
        while let first = lines.first, String(first).trimmingWhitespace().isEmpty { lines.removeFirst() }
        let text = lines.joined(separator: "\n").trimmingTrailingWhitespace()
        guard !text.isEmpty else { throw .invalidArgument("the \(noun) is empty; write at least one line") }
        guard !text.unicodeScalars.contains("\0") else {
            throw .invalidArgument("the \(noun) contains NUL characters; give plain text")
        }
        let bytes = text.utf8.count
        guard bytes <= maximumBytes else {
            throw .invalidArgument(
                "the \(noun) is \(bytes) bytes; kit keeps at most \(maximumBytes) bytes (about 1 MB) in one")
        }
        return text
    }
}

extension String {
    /// The text without white space (spaces, tabs, newlines) at its end.
    func trimmingTrailingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[...end])
    }
}
