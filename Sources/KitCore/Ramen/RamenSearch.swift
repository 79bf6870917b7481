/// Finds ramen by what people type: Korean name (prefix, 초성), English name, romanization or
/// brand, ignoring case and spaces. Results are best match first, then by name.
public enum RamenSearch {
    public struct Hit: Sendable {
        public var product: RamenProduct
        public var match: HangulSearch.Match
    }

    /// Every product the query matches, best first.
    public static func search(_ query: String, in products: [RamenProduct]) -> [Hit] {
        RamenSearchIndex(products).search(query)
    }

    /// The products a name means: an exact match on id or any name wins; otherwise every search hit.
    public static func resolve(_ name: String, in products: [RamenProduct]) throws(KitError) -> RamenProduct {
        try resolve(name, in: RamenSearchIndex(products))
    }

    /// `resolve(_:in:)` over an index kept up to date by the caller.
    public static func resolve(_ name: String, in index: RamenSearchIndex) throws(KitError) -> RamenProduct {
        let trimmed = name.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .invalidArgument("the ramen name is empty; try `kitctl ramen list`") }
        // A name is at most this long, so a longer text matches none; refusing it first also
        // bounds the cost of the search and of "did you mean" below.
        guard trimmed.count <= NameRules.maximumLength else {
            throw .invalidArgument(
                "the ramen name has \(trimmed.count) characters; the limit is \(NameRules.maximumLength)")
        }
        if let byID = index.items[trimmed]?.product { return byID }
        let hits = index.search(trimmed)
        // The best kind of match decides: one whole-name match, or one name that starts with the
        // text while others merely contain it, is what the person meant.
        let best = hits.first?.match ?? .none
        let candidates = hits.filter { $0.match == best }
        if candidates.count == 1 { return candidates[0].product }
        if candidates.count > 1 {
            let listed = candidates.prefix(10).map { "\($0.product.displayName) [\($0.product.id)]" }
            throw .ambiguous(
                "'\(trimmed)' matches \(candidates.count) ramen: \(listed.joined(separator: ", "))\((candidates.count > 10 ? ", …" : "")); be more specific or use the id in brackets",
                candidates: listed)
        }
        let suggestions = suggest(trimmed, in: index)
        guard !suggestions.isEmpty else {
            throw .notFound("no ramen called '\(trimmed)'; see `kitctl ramen list`", suggestions: suggestions)
        }
        throw .notFound(
            "no ramen called '\(trimmed)'; did you mean \(suggestions.joined(separator: ", "))?",
            suggestions: suggestions)
    }

    /// Up to three display names closest to `text` by edit distance over every name field.
    public static func suggest(_ text: String, in products: [RamenProduct], limit: Int = 3) -> [String] {
        suggest(text, in: RamenSearchIndex(products), limit: limit)
    }

    /// As above, over the names `index` folded once, not on every miss.
    public static func suggest(_ text: String, in index: RamenSearchIndex, limit: Int = 3) -> [String] {
        // Edit distance costs the text's length times the distance allowed: a text longer than
        // any name can be has no close name, and is not compared.
        guard text.count <= NameRules.maximumLength else { return [] }
        let folded = HangulSearch.fold(text)
        let allowed = Swift.max(2, folded.count / 2)
        let scored = index.items.values.compactMap { item -> (Int, RamenProduct)? in
            var best = allowed + 1
            for field in item.fields {
                let candidate = field.folded
                // Compare against the same-length prefix too, so long names are not penalised.
                best = Swift.min(
                    best, HangulSearch.distance(folded, candidate, atMost: best - 1),
                    HangulSearch.distance(folded, Array(candidate.prefix(folded.count)), atMost: best - 2) + 1)
            }
            return best <= allowed ? (best, item.product) : nil
        }
        return scored.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1.name < $1.1.name }.prefix(limit).map {
            $0.1.displayName
        }
    }

    static func fields(of product: RamenProduct) -> [String] {
        [product.name, product.englishName, product.romanization, product.brand, product.brandLocal]
            .compactMap { $0 }
            + [(product.brand.map { $0 + " " } ?? "") + (product.englishName ?? product.name)]
            + [(product.brandLocal.map { $0 + " " } ?? "") + product.name]
    }
}
