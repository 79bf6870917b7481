/// What a newer catalog changes: products to add and facts to correct. User settings are kept
/// elsewhere and are never part of the plan, so a merge cannot overwrite them.
public struct RamenCatalogMerge: Sendable, Equatable {
    public var added: [RamenProduct]
    public var corrected: [RamenProduct]
    /// Ids the stored catalog has and the new one lacks. They are kept: the user may cook them.
    public var dropped: [String]
    public var unchanged: Int

    /// Plans the merge of `incoming` over the catalog products stored so far.
    public static func plan(stored: [RamenProduct], incoming: RamenCatalog) -> RamenCatalogMerge {
        let known = Dictionary(stored.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var added: [RamenProduct] = []
        var corrected: [RamenProduct] = []
        var unchanged = 0
        for product in incoming.products {
            if let old = known[product.id] {
                if old.facts != product.facts { corrected.append(product) } else { unchanged += 1 }
            } else {
                added.append(product)
            }
        }
        let incomingIDs = Set(incoming.products.map(\.id))
        let dropped = stored.map(\.id).filter { !incomingIDs.contains($0) }.sorted()
        return RamenCatalogMerge(added: added, corrected: corrected, dropped: dropped, unchanged: unchanged)
    }

    /// Problems that make a catalog unusable: duplicate ids, non-positive times, implausible water.
    public static func validate(_ catalog: RamenCatalog) -> [String] {
        var problems: [String] = []
        var seen = Set<String>()
        for product in catalog.products {
            if !seen.insert(product.id).inserted { problems.append("duplicate id \(product.id)") }
            if product.id.isEmpty
                || !product.id.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" })
            {
                problems.append("\(product.id): the id must be a slug of a-z, 0-9 and -")
            }
            if product.cookTime <= 0 { problems.append("\(product.id): cook time must be positive") }
            if !(product.waterMl == 0 || (150...1000).contains(product.waterMl)) {
                problems.append("\(product.id): \(product.waterMl) ml of water is implausible (0 or 150…1000)")
            }
            if product.name.trimmingWhitespace().isEmpty { problems.append("\(product.id): the name is empty") }
        }
        return problems
    }
}
