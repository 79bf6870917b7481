/// The searchable form of many products: every name field folded once (lowercased, spaces
/// removed), so a query only scans arrays. Updated product by product as ramen change.
public struct RamenSearchIndex: Sendable {
    @usableFromInline struct Item: Sendable {
        var product: RamenProduct
        var fields: [HangulSearch.Folded]
    }

    @usableFromInline var items: [String: Item] = [:]

    public init(_ products: [RamenProduct] = []) {
        items.reserveCapacity(products.count)
        for product in products { update(product) }
    }

    public var count: Int { items.count }

    public mutating func update(_ product: RamenProduct) {
        items[product.id] = Item(
            product: product, fields: RamenSearch.fields(of: product).map(HangulSearch.Folded.init))
    }

    public mutating func remove(id: String) { items.removeValue(forKey: id) }

    /// Every product the query matches, best first, then by name; `include` filters first.
    public func search(_ query: String, include: (RamenProduct) -> Bool = { _ in true }) -> [RamenSearch.Hit] {
        let prepared = HangulSearch.Query(query)
        var hits: [RamenSearch.Hit] = []
        for item in items.values where include(item.product) {
            if prepared.isEmpty {
                hits.append(RamenSearch.Hit(product: item.product, match: .contains))
                continue
            }
            var best = HangulSearch.Match.none
            for field in item.fields {
                let match = HangulSearch.match(prepared, in: field)
                if match > best { best = match }
                if best == .exact { break }
            }
            if best != .none { hits.append(RamenSearch.Hit(product: item.product, match: best)) }
        }
        return hits.sorted { lhs, rhs in
            lhs.match != rhs.match ? lhs.match > rhs.match : lhs.product.name < rhs.product.name
        }
    }
}
