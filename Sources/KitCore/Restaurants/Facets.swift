/// The tag values a person can narrow a place list by, with how many places each would give.
///
/// Multi-select semantics, as in shop search pages:
/// - For a category the filter does **not** constrain, a value's count is the number of places
///   that match the whole filter and have that value. Adding it narrows the list to that many.
/// - For a category the filter **does** constrain, a value's count is the number of places that
///   match the clauses on all the *other* categories and have that value. Values there are OR-ed,
///   so adding one widens that clause; the count is how many places the value brings (the places
///   that have it among those the other clauses allow). Values already in the filter are listed
///   too, with `isSelected` set.
/// - A value whose count would be 0 is never listed, and a category with no values is left out.
///   Therefore choosing any listed value never leads to an empty list.
///
/// Categories are sorted by match key; values by count, highest first, then by match key. Names
/// are shown in the first spelling met among `places`, in their given order.
public struct Facets: Equatable, Sendable {
    public struct Value: Equatable, Sendable {
        public let key: TagKey
        /// The value's display spelling.
        public let display: String
        public let count: Int
        /// Whether the filter already asks for this value.
        public let isSelected: Bool
    }

    public struct Category: Equatable, Sendable {
        /// The category's match key.
        public let key: String
        public let display: String
        /// Whether the filter has a clause on this category (its counts ignore that clause).
        public let isConstrained: Bool
        public let values: [Value]
    }

    /// How many places match the whole filter.
    public let matchingCount: Int
    public let categories: [Category]

    public static func compute(_ places: [Place], filter: PlaceFilter) -> Facets {
        var counts: [TagKey: Int] = [:]
        var spelling = TagVocabulary()
        var matching = 0
        for place in places {
            var failed: PlaceFilter.Clause?
            var failures = 0
            for clause in filter.clauses where !clause.matches(place.tags) {
                failures += 1
                failed = clause
                if failures > 1 { break }
            }
            for tag in place.tags {
                spelling.record(tag)
                switch failures {
                case 0: counts[tag.key, default: 0] += 1
                case 1 where tag.key.category == failed?.category: counts[tag.key, default: 0] += 1
                default: break
                }
            }
            if failures == 0 { matching += 1 }
        }
        let constrained = Dictionary(filter.clauses.map { ($0.category, $0.values) }, uniquingKeysWith: { a, _ in a })
        let byCategory = Dictionary(grouping: counts.filter { $0.value > 0 }, by: \.key.category)
        let categories = byCategory.map { category, entries in
            let selected = constrained[category]
            let values = entries.map { key, count in
                Value(
                    key: key, display: spelling.display(value: key) ?? key.value, count: count,
                    isSelected: selected?.contains(key.value) ?? false)
            }
            return Category(
                key: category, display: spelling.display(category: category) ?? category,
                isConstrained: selected != nil,
                values: values.sorted { ($1.count, $0.key.value) < ($0.count, $1.key.value) })
        }
        return Facets(matchingCount: matching, categories: categories.sorted { $0.key < $1.key })
    }
}
