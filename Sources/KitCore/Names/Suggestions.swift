/// "Did you mean": the candidates closest to what was typed.
public enum Suggestions {
    /// How much of each candidate is compared with the text, in characters.
    public static let comparedLength = 2 * NameRules.maximumLength

    /// Up to `limit` candidates: those containing `text` first, then those within a small edit
    /// distance of it (or of their own start), closest first. Case and spaces are ignored.
    public static func closest(to text: String, among candidates: [String], limit: Int = 8) -> [String] {
        // Edit distance costs the text's length times each name's: a text longer than any name
        // can be has no close name, and is not compared.
        guard text.count <= NameRules.maximumLength else { return [] }
        let folded = HangulSearch.fold(text)
        guard !folded.isEmpty else { return [] }
        let allowed = max(2, folded.count / 3)
        var scored: [(Int, String)] = []
        var seen = Set<String>()
        for candidate in candidates where seen.insert(candidate).inserted {
            // Only the start of a candidate is compared: a memo's title is its whole first line,
            // and comparing every character of long ones held the loop for a second.
            let other = HangulSearch.fold(String(candidate.prefix(comparedLength)))
            if HangulSearch.match(folded, inFolded: other) != .none {
                scored.append((0, candidate))
                continue
            }
            // The start of a long title counts too, cut one shorter or longer for a dropped or doubled letter.
            // The whole of it is close only when the lengths are.
            var distance = HangulSearch.distance(folded, other, atMost: allowed)
            for length in max(1, folded.count - 1)...(folded.count + 1) where length < other.count {
                distance = min(
                    distance, HangulSearch.distance(folded, Array(other.prefix(length)), atMost: allowed) + 1)
            }
            if distance <= allowed { scored.append((distance, candidate)) }
        }
        return scored.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.prefix(limit).map(\.1)
    }

    /// `'a' or 'b' or 'c'`: the first three of `names`, for a "did you mean".
    public static func quotedChoices(_ names: [String]) -> String {
        names.prefix(3).map { "'\($0)'" }.joined(separator: " or ")
    }
}
