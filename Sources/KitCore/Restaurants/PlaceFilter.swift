/// Which places to consider, given as `category=value` tags.
///
/// Semantics: values of one category are OR-ed, categories are AND-ed. `area=수원역 kind=한식
/// kind=중식` matches a place tagged `area=수원역` that also has `kind=한식` or `kind=중식` (or
/// both). Tags are matched by `TagKey`, so spelling, case and Unicode normalisation do not matter.
/// The empty filter matches every place.
///
/// Clauses keep the order in which the person first named each category; that order is what
/// `EmptyResultExplanation` walks. Equality and `canonicalText` ignore the order.
public struct PlaceFilter: Hashable, Sendable, CustomStringConvertible {
    /// The constraint on one category: the place must have at least one of `tags`.
    public struct Clause: Hashable, Sendable, CustomStringConvertible {
        /// The category's match key.
        public let category: String
        /// The values asked for, as typed (first spelling kept), in the order given.
        public private(set) var tags: [PlaceTag]
        /// The values' match keys.
        public private(set) var values: Set<String>

        init(_ tag: PlaceTag) {
            category = tag.key.category
            tags = [tag]
            values = [tag.key.value]
        }

        mutating func add(_ tag: PlaceTag) {
            guard values.insert(tag.key.value).inserted else { return }
            tags.append(tag)
        }

        public func matches(_ tags: TagSet) -> Bool {
            // A clause has few values: comparing keys beats hashing them (hashing non-ASCII text
            // normalises it again).
            tags.contains { $0.key.category == category && values.contains($0.key.value) }
        }

        /// `kind=일식` or `kind=일식 or kind=중식`, as typed.
        public var description: String { tags.map(\.description).joined(separator: " or ") }
    }

    public private(set) var clauses: [Clause] = []

    public init(_ tags: some Sequence<PlaceTag>) {
        for tag in tags { add(tag) }
    }

    public init() {}

    /// Reads each `category=value`; refuses the first one that is not a tag.
    public init(parsing texts: [String]) throws(KitError) {
        for text in texts { add(try PlaceTag.parse(text)) }
    }

    public var isEmpty: Bool { clauses.isEmpty }

    /// This filter with one more value (OR-ed into its category's clause, or a new clause last).
    public func adding(_ tag: PlaceTag) -> PlaceFilter {
        var copy = self
        copy.add(tag)
        return copy
    }

    /// This filter without the clause on one category (given by its match key).
    public func removing(category: String) -> PlaceFilter {
        var copy = self
        copy.clauses.removeAll { $0.category == category }
        return copy
    }

    public func matches(_ place: Place) -> Bool { matches(place.tags) }

    public func matches(_ tags: TagSet) -> Bool { clauses.allSatisfy { $0.matches(tags) } }

    /// The places that match, in their given order.
    public func apply(to places: [Place]) -> [Place] { places.filter(matches) }

    /// A text that names the filter up to order and spelling: its tag keys, sorted, joined by `;`
    /// (`area=수원역;kind=중식;kind=한식`). Empty for the empty filter. Tags cannot contain `;` and
    /// categories cannot contain `=`, so different filters never share a text. Use it as the key of
    /// per-filter state such as a `RotationState`.
    public var canonicalText: String {
        clauses.flatMap { clause in clause.values.map { TagKey(category: clause.category, value: $0) } }
            .sorted().map(\.description).joined(separator: ";")
    }

    /// `area=수원역 kind=한식 kind=중식`, as typed; `(all places)` when empty.
    public var description: String {
        isEmpty ? "(all places)" : clauses.flatMap(\.tags).map(\.description).joined(separator: " ")
    }

    public static func == (lhs: PlaceFilter, rhs: PlaceFilter) -> Bool { lhs.canonicalText == rhs.canonicalText }
    public func hash(into hasher: inout Hasher) { hasher.combine(canonicalText) }

    private mutating func add(_ tag: PlaceTag) {
        if let index = clauses.firstIndex(where: { $0.category == tag.key.category }) {
            clauses[index].add(tag)
        } else {
            clauses.append(Clause(tag))
        }
    }
}
