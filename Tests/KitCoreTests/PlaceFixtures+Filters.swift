import KitCore

extension PlaceFixtures {
    static func filter(_ tags: String...) -> PlaceFilter { PlaceFilter(tags.map(tag)) }

    /// A filter of 1 to 3 categories with 1 or 2 values each, sometimes values no place has.
    static func randomFilter(using generator: inout SplitMix) -> PlaceFilter {
        var tags: [PlaceTag] = []
        for (categories, values) in vocabulary.shuffled(using: &generator).prefix(Int(generator.next() % 3) + 1) {
            for _ in 0...Int(generator.next() % 2) {
                let value = generator.next() % 10 == 0 ? "없는값" : values[Int(generator.next() % UInt64(values.count))]
                tags.append(try! PlaceTag(category: categories[0].uppercased(), value: value))
            }
        }
        return PlaceFilter(tags)
    }
}
