/// The first spelling seen of every category and tag, so that `Area=수원역` typed after
/// `area=수원역` is shown as `area=수원역`.
///
/// Build it from the stored places (in the order they were created) and pass new tags through
/// `spell(_:)` before storing them.
public struct TagVocabulary: Sendable, Equatable {
    private var categories: [String: String] = [:]
    private var values: [TagKey: String] = [:]

    public init() {}

    public init(places: some Sequence<Place>) {
        for place in places {
            for tag in place.tags { record(tag) }
        }
    }

    /// The tag in the first spellings known for its category and value; unknown parts are
    /// recorded as typed.
    public mutating func spell(_ tag: PlaceTag) -> PlaceTag {
        record(tag)
        return PlaceTag(unchecked: categories[tag.key.category] ?? tag.category, value: values[tag.key] ?? tag.value)
    }

    /// The first spelling of a category, given by its match key.
    public func display(category: String) -> String? { categories[category] }

    /// The first spelling of a tag's value.
    public func display(value key: TagKey) -> String? { values[key] }

    mutating func record(_ tag: PlaceTag) {
        if categories[tag.key.category] == nil { categories[tag.key.category] = tag.category }
        if values[tag.key] == nil { values[tag.key] = tag.value }
    }
}
