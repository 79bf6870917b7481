/// A tag in its match form: category and value as `PlaceText.key` makes them. Two tags are the
/// same tag exactly when their keys are equal (`Area=수원역 ` and `area=수원역`).
public struct TagKey: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let category: String
    public let value: String

    /// Normalises both parts; normalising twice changes nothing.
    public init(category: String, value: String) {
        self.category = PlaceText.key(category)
        self.value = PlaceText.key(value)
    }

    private enum CodingKeys: String, CodingKey {
        case category, value
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            category: try container.decode(String.self, forKey: .category),
            value: try container.decode(String.self, forKey: .value))
    }

    public static func < (lhs: TagKey, rhs: TagKey) -> Bool {
        (lhs.category, lhs.value) < (rhs.category, rhs.value)
    }

    /// `category=value`.
    public var description: String { "\(category)=\(value)" }
}
