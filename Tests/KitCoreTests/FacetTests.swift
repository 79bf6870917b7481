import KitCore
import Testing

@Suite("Facets: the values to narrow by, with counts")
struct FacetTests {
    typealias F = PlaceFixtures

    /// The definition, computed the slow way: for a constrained category count over the places
    /// that match every other clause; for any other category, over the places that match all.
    static func bruteForce(_ places: [Place], _ filter: PlaceFilter) -> [TagKey: Int] {
        let keys = Set(places.flatMap { $0.tags.map(\.key) })
        var counts: [TagKey: Int] = [:]
        for key in keys {
            let constrained = filter.clauses.contains { $0.category == key.category }
            let scope = constrained ? filter.removing(category: key.category) : filter
            let count = places.filter { scope.matches($0) && $0.tags.contains(key) }.count
            if count > 0 { counts[key] = count }
        }
        return counts
    }

    static func counts(_ facets: Facets) -> [TagKey: Int] {
        var counts: [TagKey: Int] = [:]
        for category in facets.categories {
            for value in category.values { counts[value.key] = value.count }
        }
        return counts
    }

    @Test("counts equal a brute-force computation over 500 places and 200 random filters")
    func matchesBruteForce() {
        var generator = SplitMix(seed: 7)
        let places = F.generated(500, using: &generator)
        for _ in 0..<200 {
            let filter = F.randomFilter(using: &generator)
            let facets = Facets.compute(places, filter: filter)
            #expect(Self.counts(facets) == Self.bruteForce(places, filter), "\(filter)")
            #expect(facets.matchingCount == filter.apply(to: places).count)
            for category in facets.categories {
                #expect(category.values.allSatisfy { $0.count > 0 })
                #expect(category.isConstrained == filter.clauses.contains { $0.category == category.key })
            }
        }
    }

    @Test("categories are sorted by name and values by count, highest first, then name")
    func ordering() {
        var generator = SplitMix(seed: 11)
        let places = F.generated(500, using: &generator)
        let facets = Facets.compute(places, filter: F.filter("kind=한식"))
        let categories = facets.categories.map(\.key)
        #expect(categories == categories.sorted() && categories.count == 4)
        for category in facets.categories {
            let order = category.values.map { (-$0.count, $0.key.value) }
            #expect(zip(order, order.dropFirst()).allSatisfy { $0 < $1 })
        }
    }

    @Test("narrowing step by step, always choosing an offered value, never reaches zero places")
    func narrowingNeverEmpties() {
        var generator = SplitMix(seed: 3)
        let places = F.generated(500, using: &generator)
        for _ in 0..<50 {
            var filter = PlaceFilter()
            for _ in 0..<8 {
                let facets = Facets.compute(places, filter: filter)
                let offered = facets.categories.flatMap { $0.values.filter { !$0.isSelected } }
                guard !offered.isEmpty else { break }
                let choice = offered[Int(generator.next() % UInt64(offered.count))]
                filter = filter.adding(try! PlaceTag(category: choice.key.category, value: choice.display))
                let matching = filter.apply(to: places).count
                #expect(matching > 0, "\(filter)")
                #expect(Facets.compute(places, filter: filter).matchingCount == matching)
            }
        }
    }

    @Test("selected values stay listed, and display keeps the first spelling met")
    func selectedAndSpelling() {
        let places = [
            F.place(1, "a", ["Area=수원역", "kind=한식"]), F.place(2, "b", ["area=수원역", "kind=중식"]),
            F.place(3, "c", ["area=광교", "kind=한식"]),
        ]
        let facets = Facets.compute(places, filter: F.filter("kind=한식"))
        #expect(facets.matchingCount == 2)
        let area = facets.categories.first { $0.key == "area" }
        #expect(area?.display == "Area")
        #expect(area?.values.map(\.display) == ["광교", "수원역"])
        #expect(area?.values.map(\.count) == [1, 1])
        let kind = facets.categories.first { $0.key == "kind" }
        #expect(kind?.values.map(\.display) == ["한식", "중식"])
        #expect(kind?.values.map(\.count) == [2, 1])
        #expect(kind?.values.map(\.isSelected) == [true, false])
    }
}

@Suite("Facet index: the same facets from numbered tags")
struct FacetIndexTests {
    @Test("the index gives exactly what Facets.compute gives, over 500 places and 300 random filters")
    func sameAsCompute() {
        var generator = SplitMix(seed: 11)
        let places = PlaceFixtures.generated(500, using: &generator)
        let index = FacetIndex(places)
        for _ in 0..<300 {
            let filter = PlaceFixtures.randomFilter(using: &generator)
            #expect(index.facets(filter) == Facets.compute(places, filter: filter), "\(filter)")
        }
        let unknown = PlaceFixtures.filter("nosuch=thing", "area=수원역")
        #expect(index.facets(unknown) == Facets.compute(places, filter: unknown))
        #expect(FacetIndex([]).facets(unknown) == Facets.compute([], filter: unknown))
    }
}
