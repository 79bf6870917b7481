/// "Did you mean": the candidates closest to what was typed.
public enum Suggestions {
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
            let other = HangulSearch.fold(candidate)
            if HangulSearch.match(folded, inFolded: other) != .none {
                scored.append((0, candidate))
                continue
            }
            // The start of a long title counts too, cut one shorter or longer for a dropped or doubled letter.
            var distance = HangulSearch.distance(folded, other)
            for length in max(1, folded.count - 1)...(folded.count + 1) where length < other.count {
                distance = min(distance, HangulSearch.distance(folded, Array(other.prefix(length))) + 1)
            }
            if distance <= allowed { scored.append((distance, candidate)) }
        }
        return scored.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.prefix(limit).map(\.1)
    }
}
