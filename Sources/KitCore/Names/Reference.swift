/// What a person typed to mean one thing: an id (`7` or `#7`) or a name.
public enum Reference: Equatable, Sendable {
    case id(Int64)
    case name(String)

    public init(_ text: String) {
        let trimmed = text.trimmingWhitespace()
        let digits = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
        if let id = Int64(digits) {
            self = .id(id)
        } else {
            self = .name(trimmed)
        }
    }
}
