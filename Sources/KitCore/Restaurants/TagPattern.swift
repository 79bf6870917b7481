/// What to remove when untagging: a whole category (`area`) or one tag (`area=수원역`).
public enum TagPattern: Hashable, Sendable, CustomStringConvertible {
    /// Every value of the category; the associated value is the category's match key.
    case category(String)
    /// One tag.
    case tag(TagKey)

    /// Reads `category` or `category=value`.
    public static func parse(_ text: String) throws(KitError) -> TagPattern {
        if text.contains("=") { return .tag(try PlaceTag.parse(text).key) }
        guard !text.trimmingWhitespace().isEmpty else {
            throw .invalidArgument("nothing to untag; give a category (area) or a tag (\(PlaceTag.example))")
        }
        return .category(PlaceText.key(try PlaceTag.checked(text, part: "category", in: text)))
    }

    public func matches(_ tag: PlaceTag) -> Bool {
        switch self {
        case .category(let category): tag.key.category == category
        case .tag(let key): tag.key == key
        }
    }

    public var description: String {
        switch self {
        case .category(let category): category
        case .tag(let key): key.description
        }
    }
}
