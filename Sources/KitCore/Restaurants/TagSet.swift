/// The tags of one place: several values per category are allowed, and each tag appears once.
///
/// Tags are kept in the order they were added; adding a tag that is already there (by key) keeps
/// the first spelling. Two sets are equal when they hold the same keys, in any order. It encodes as
/// a JSON array of `{"category", "value"}` objects.
public struct TagSet: Hashable, Sendable, Codable, RandomAccessCollection, ExpressibleByArrayLiteral {
    public private(set) var tags: [PlaceTag] = []

    public init() {}

    public init(_ tags: some Sequence<PlaceTag>) {
        for tag in tags { insert(tag) }
    }

    public init(arrayLiteral elements: PlaceTag...) { self.init(elements) }

    public var startIndex: Int { tags.startIndex }
    public var endIndex: Int { tags.endIndex }
    public subscript(position: Int) -> PlaceTag { tags[position] }

    /// Adds the tag unless an equal one is there; returns whether it was added.
    @discardableResult
    public mutating func insert(_ tag: PlaceTag) -> Bool {
        guard !contains(tag.key) else { return false }
        tags.append(tag)
        return true
    }

    /// Removes the tags the pattern matches and returns them.
    @discardableResult
    public mutating func remove(_ pattern: TagPattern) -> [PlaceTag] {
        let removed = tags.filter(pattern.matches)
        tags.removeAll(where: pattern.matches)
        return removed
    }

    public func contains(_ key: TagKey) -> Bool { tags.contains { $0.key == key } }

    /// The tags of one category, given by its match key.
    public func values(inCategory category: String) -> [PlaceTag] { tags.filter { $0.key.category == category } }

    /// `k=v;k=v` in the display spelling, the form of the CSV `tags` column.
    public var listText: String { tags.map(\.description).joined(separator: ";") }

    /// Reads `k=v;k=v`; empty items (as in a trailing `;`) are skipped.
    public static func parseList(_ text: String) throws(KitError) -> TagSet {
        var set = TagSet()
        for item in text.split(separator: ";", omittingEmptySubsequences: false) {
            if String(item).trimmingWhitespace().isEmpty { continue }
            set.insert(try PlaceTag.parse(String(item)))
        }
        return set
    }

    public static func == (lhs: TagSet, rhs: TagSet) -> Bool {
        lhs.count == rhs.count && lhs.tags.allSatisfy { rhs.contains($0.key) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tags.map(\.key).sorted())
    }

    public init(from decoder: any Decoder) throws {
        self.init(try [PlaceTag](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try tags.encode(to: encoder)
    }
}
