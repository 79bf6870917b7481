/// A restaurant or any other place to go, as stored.
///
/// JSON field names are stable: `id`, `name`, `tags` (an array of `{"category", "value"}`), `url`,
/// `phone`, `address`, `note`, `weight`, `image`. Absent optional fields are left out; decoding
/// fills a missing `weight` with 1 and missing `tags` with none. Decoding does not re-check the
/// fields (the store wrote them); KitCore tolerates any values, and roulette treats a weight outside
/// `PlaceValidation.weightRange` as the nearest bound.
public struct Place: Identifiable, Hashable, Sendable, Codable {
    public var id: Int64
    public var name: String
    /// `category=value` labels; several values per category are allowed.
    public var tags: TagSet
    /// A URL with a scheme (`https://…`, `geo:…`).
    public var url: String?
    public var phone: String?
    public var address: String?
    public var note: String?
    /// How likely a weighted roulette picks this place, relative to the others; 1 by default.
    public var weight: Int
    /// The content hash of the place's image, opaque to KitCore.
    public var image: String?

    public init(
        id: Int64, name: String, tags: TagSet = [], url: String? = nil, phone: String? = nil,
        address: String? = nil, note: String? = nil, weight: Int = 1, image: String? = nil
    ) {
        self.id = id
        self.name = name
        self.tags = tags
        self.url = url
        self.phone = phone
        self.address = address
        self.note = note
        self.weight = weight
        self.image = image
    }

    /// The stored form of a draft under the id the store gave it.
    public init(id: Int64, draft: PlaceDraft) {
        self.init(
            id: id, name: draft.name, tags: draft.tags, url: draft.url, phone: draft.phone, address: draft.address,
            note: draft.note, weight: draft.weight, image: draft.image)
    }

    /// Every field but the id.
    public var draft: PlaceDraft {
        PlaceDraft(
            name: name, tags: tags, url: url, phone: phone, address: address, note: note, weight: weight, image: image)
    }

    /// The form names are compared in (`PlaceText.key`).
    public var nameKey: String { PlaceText.key(name) }

    private enum CodingKeys: String, CodingKey {
        case id, name, tags, url, phone, address, note, weight, image
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int64.self, forKey: .id),
            name: try container.decode(String.self, forKey: .name),
            tags: try container.decodeIfPresent(TagSet.self, forKey: .tags) ?? [],
            url: try container.decodeIfPresent(String.self, forKey: .url),
            phone: try container.decodeIfPresent(String.self, forKey: .phone),
            address: try container.decodeIfPresent(String.self, forKey: .address),
            note: try container.decodeIfPresent(String.self, forKey: .note),
            weight: try container.decodeIfPresent(Int.self, forKey: .weight) ?? 1,
            image: try container.decodeIfPresent(String.self, forKey: .image))
    }
}
