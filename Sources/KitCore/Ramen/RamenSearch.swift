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
                "'\(trimmed)' matches \(candidates.count) ramen: \(listed.joined(separator: ", "))"
                    + (candidates.count > 10 ? ", …" : "") + "; be more specific or use the id in brackets",
                candidates: listed)
        }
        let suggestions = suggest(trimmed, in: index.items.values.map(\.product))
        let hint =
            suggestions.isEmpty ? "see `kitctl ramen list`" : "did you mean \(suggestions.joined(separator: " or "))?"
        throw .notFound("no ramen called '\(trimmed)'; \(hint)", suggestions: suggestions)
    }

    /// Up to three display names closest to `text` by edit distance over every name field.
    public static func suggest(_ text: String, in products: [RamenProduct], limit: Int = 3) -> [String] {
        // Edit distance costs the text's length times each name's: a text longer than any name
        // can be has no close name, and is not compared.
        guard text.count <= NameRules.maximumLength else { return [] }
        let folded = HangulSearch.fold(text)
        let scored = products.compactMap { product -> (Int, RamenProduct)? in
            let best =
                fields(of: product).map { field -> Int in
                    let candidate = HangulSearch.fold(field)
                    // Compare against the same-length prefix too, so long names are not penalised.
                    let prefix = Array(candidate.prefix(folded.count))
                    return Swift.min(
                        HangulSearch.distance(folded, candidate), HangulSearch.distance(folded, prefix) + 1)
                }.min() ?? Int.max
            let allowed = Swift.max(2, folded.count / 2)
            return best <= allowed ? (best, product) : nil
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
