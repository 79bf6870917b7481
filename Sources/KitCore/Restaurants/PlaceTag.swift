/// One `category=value` label on a place, such as `area=수원역` or `kind=양식`.
///
/// A tag keeps the spelling it was given (trimmed, NFC) for display, and compares, hashes and
/// matches by its `key`: `Area=수원역 ` and `area=수원역` are equal tags.
///
/// Rules for each part: after trimming it is not empty, has at most `maximumLength` characters and
/// no control characters, and contains no `;` (the separator of tag lists, as in the CSV `tags`
/// column). The category cannot contain `=`; the value may (`PlaceTag.parse` splits at the first `=`).
public struct PlaceTag: Hashable, Sendable, Codable, CustomStringConvertible {
    public static let maximumLength = 100
    static let example = "area=수원역"

    /// The category as first spelled, e.g. `Area`.
    public let category: String
    /// The value as first spelled, e.g. `수원역`.
    public let value: String
    /// The form the tag is matched in.
    public let key: TagKey

    /// Checks and normalises both parts.
    public init(category: String, value: String) throws(KitError) {
        let category = try Self.checked(category, part: "category", in: "\(category)=\(value)")
        let value = try Self.checked(value, part: "value", in: "\(category)=\(value)")
        guard !category.contains("=") else {
            throw .invalidArgument(
                "the tag category \(PlaceText.quoted(category)) contains '='; a category cannot contain '='")
        }
        self.init(unchecked: category, value: value)
    }

    /// Both parts already checked and in display form.
    init(unchecked category: String, value: String) {
        self.category = category
        self.value = value
        self.key = TagKey(category: category, value: value)
    }

    /// Reads `category=value`, splitting at the first `=`; spaces around either part are dropped.
    public static func parse(_ text: String) throws(KitError) -> PlaceTag {
        guard let equals = text.firstIndex(of: "=") else {
            throw .invalidArgument(
                "the tag \(PlaceText.quoted(text)) has no '='; write it as category=value, e.g. \(example)")
        }
        let category = String(text[..<equals])
        let value = String(text[text.index(after: equals)...])
        if category.trimmingWhitespace().isEmpty {
            throw .invalidArgument(
                "the tag \(PlaceText.quoted(text)) has no category before '='; write it as category=value, e.g. \(example)"
            )
        }
        if value.trimmingWhitespace().isEmpty {
            throw .invalidArgument(
                "the tag \(PlaceText.quoted(text)) has no value after '='; write it as category=value, e.g. \(example)")
        }
        return try PlaceTag(category: category, value: value)
    }

    /// One part checked and in display form; `whole` is what the person typed, for the message.
    static func checked(_ raw: String, part: String, in whole: String) throws(KitError) -> String {
        let text = PlaceText.display(raw)
        let quotedWhole = PlaceText.quoted(whole)
        guard !text.isEmpty else {
            throw .invalidArgument(
                "the tag \(quotedWhole) has an empty \(part); give it at least one visible character")
        }
        guard text.count <= maximumLength else {
            throw .invalidArgument(
                "the tag \(part) in \(quotedWhole) has \(text.count) characters; the limit is \(maximumLength)")
        }
        guard !PlaceText.hasControlCharacter(text) else {
            throw .invalidArgument("the tag \(quotedWhole) contains control characters; use printable text")
        }
        guard !text.contains(";") else {
            throw .invalidArgument(
                "the tag \(quotedWhole) contains ';', which separates tags in a list; leave it out of the \(part)")
        }
        return text
    }

    public static func == (lhs: PlaceTag, rhs: PlaceTag) -> Bool { lhs.key == rhs.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    private enum CodingKeys: String, CodingKey {
        case category, value
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let category = try container.decode(String.self, forKey: .category)
        let value = try container.decode(String.self, forKey: .value)
        do {
            try self.init(category: category, value: value)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .value, in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(category, forKey: .category)
        try container.encode(value, forKey: .value)
    }

    /// `category=value` in the display spelling.
    public var description: String { "\(category)=\(value)" }
}
