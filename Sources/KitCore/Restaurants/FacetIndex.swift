/// `Facets.compute` for a set of places that is asked many times: every tag is numbered once, so
/// answering a filter compares small integers instead of Unicode strings.
///
/// Build it from the places (in the order whose first spellings should show) and keep it until
/// the places change. `facets(_:)` gives exactly what `Facets.compute(places, filter:)` gives.
public struct FacetIndex: Sendable {
    /// Tag number → key, and its category's number.
    private let keys: [TagKey]
    private let categoryOfTag: [Int32]
    /// Category number → match key.
    private let categories: [String]
    private let tagNumbers: [TagKey: Int32]
    /// Each place's tag numbers, in the places' order.
    private let placeTags: [[Int32]]
    private let spelling: TagVocabulary

    public init(_ places: [Place]) {
        var keys: [TagKey] = []
        var categoryOfTag: [Int32] = []
        var categories: [String] = []
        var tagNumbers: [TagKey: Int32] = [:]
        var categoryNumbers: [String: Int32] = [:]
        var placeTags: [[Int32]] = []
        placeTags.reserveCapacity(places.count)
        for place in places {
            var numbers: [Int32] = []
            numbers.reserveCapacity(place.tags.count)
            for tag in place.tags {
                if let number = tagNumbers[tag.key] {
                    numbers.append(number)
                    continue
                }
                let category: Int32
                if let known = categoryNumbers[tag.key.category] {
                    category = known
                } else {
                    category = Int32(categories.count)
                    categoryNumbers[tag.key.category] = category
                    categories.append(tag.key.category)
                }
                let number = Int32(keys.count)
                tagNumbers[tag.key] = number
                keys.append(tag.key)
                categoryOfTag.append(category)
                numbers.append(number)
            }
            placeTags.append(numbers)
        }
        self.keys = keys
        self.categoryOfTag = categoryOfTag
        self.categories = categories
        self.tagNumbers = tagNumbers
        self.placeTags = placeTags
        self.spelling = TagVocabulary(places: places)
    }

    public var placeCount: Int { placeTags.count }

    public func facets(_ filter: PlaceFilter) -> Facets {
        // Each clause as a membership table over tag numbers. A value no place has matches nothing.
        let clauses: [(category: String, accepts: [Bool])] = filter.clauses.map { clause in
            var accepts = [Bool](repeating: false, count: keys.count)
            for value in clause.values {
                if let number = tagNumbers[TagKey(category: clause.category, value: value)] {
                    accepts[Int(number)] = true
                }
            }
            return (clause.category, accepts)
        }
        // For each clause, the category number it constrains (-1 when no place has that category).
        let clauseCategory: [Int32] = clauses.map { clause in
            categories.firstIndex(of: clause.category).map(Int32.init) ?? -1
        }
        var counts = [Int](repeating: 0, count: keys.count)
        var matching = 0
        for tags in placeTags {
            var failures = 0
            var failedCategory: Int32 = -1
            for (index, clause) in clauses.enumerated() where !tags.contains(where: { clause.accepts[Int($0)] }) {
                failures += 1
                failedCategory = clauseCategory[index]
                if failures > 1 { break }
            }
            switch failures {
            case 0:
                matching += 1
                for tag in tags { counts[Int(tag)] += 1 }
            case 1:
                for tag in tags where categoryOfTag[Int(tag)] == failedCategory { counts[Int(tag)] += 1 }
            default:
                break
            }
        }
        let constrained = Dictionary(filter.clauses.map { ($0.category, $0.values) }, uniquingKeysWith: { a, _ in a })
        var byCategory: [Int32: [Facets.Value]] = [:]
        for (number, count) in counts.enumerated() where count > 0 {
            let key = keys[number]
            let selected = constrained[key.category]?.contains(key.value) ?? false
            byCategory[categoryOfTag[number], default: []].append(
                Facets.Value(
                    key: key, display: spelling.display(value: key) ?? key.value, count: count, isSelected: selected))
        }
        let result = byCategory.map { category, values in
            let key = categories[Int(category)]
            return Facets.Category(
                key: key, display: spelling.display(category: key) ?? key, isConstrained: constrained[key] != nil,
                values: values.sorted { ($1.count, $0.key.value) < ($0.count, $1.key.value) })
        }
        return Facets(matchingCount: matching, categories: result.sorted { $0.key < $1.key })
    }
}
