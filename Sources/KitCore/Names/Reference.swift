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

    /// Picks the one candidate a name means, or explains why there is none.
    /// Exact matches win over case-insensitive ones.
    public static func resolve<T>(
        name: String, among candidates: [T], noun: String, name nameOf: (T) -> String?, describe: (T) -> String
    ) throws(KitError) -> T {
        let exact = candidates.filter { nameOf($0) == name }
        if exact.count == 1 { return exact[0] }
        let folded =
            exact.isEmpty ? candidates.filter { nameOf($0).map(NameRules.matchKey) == NameRules.matchKey(name) } : exact
        if folded.count == 1 { return folded[0] }
        if folded.count > 1 {
            let listed = folded.map(describe)
            throw .ambiguous(
                "'\(name)' matches \(folded.count) \(noun)s: \(listed.joined(separator: ", ")); use the id instead",
                candidates: listed)
        }
        throw .notFound("no \(noun) named '\(name)'")
    }
}
