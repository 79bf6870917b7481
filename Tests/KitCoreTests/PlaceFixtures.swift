import KitCore

/// Places for tests: hand-written ones and a seeded generator of many.
enum PlaceFixtures {
    static func tag(_ text: String) -> PlaceTag { try! PlaceTag.parse(text) }

    static func place(_ id: Int64, _ name: String, _ tags: [String] = [], weight: Int = 1) -> Place {
        Place(id: id, name: name, tags: TagSet(tags.map(tag)), weight: weight)
    }

    /// The values each generated category draws from; spellings vary in case to exercise matching.
    static let vocabulary: [(category: [String], values: [String])] = [
        (["area", "Area", "AREA"], ["수원역", "광교", "영통", "인계동", "Seoul"]),
        (["kind", "Kind"], ["한식", "중식", "일식", "양식", "분식", "Café"]),
        (["price"], ["cheap", "Cheap", "mid", "high"]),
        (["mood", "MOOD"], ["quiet", "loud", "date", "solo"]),
    ]

    /// `count` places with 0 to 2 values in each category, drawn from `generator`.
    static func generated(_ count: Int, using generator: inout SplitMix) -> [Place] {
        (0..<count).map { index in
            var tags = TagSet()
            for (categories, values) in vocabulary {
                for _ in 0..<Int(generator.next() % 3) {
                    let category = categories[Int(generator.next() % UInt64(categories.count))]
                    let value = values[Int(generator.next() % UInt64(values.count))]
                    tags.insert(try! PlaceTag(category: category, value: value))
                }
            }
            return Place(id: Int64(index + 1), name: "place \(index + 1)", tags: tags)
        }
    }
}
