/// A restaurant or any other place to go, as stored.
///
/// JSON field names are stable: `id`, `name`, `tags` (an array of `{"category", "value"}`), `url`,
/// `phone`, `address`, `note`, `weight`, `image`. Absent optional fields are left out; decoding
/// fills a missing `weight` with 1 and missing `tags` with none. Decoding does not re-check the
/// fields (the store wrote them); KitCore tolerates any values, and roulette treats a weight outside
/// `PlaceValidation.weightRange` as the nearest bound.
@dynamicMemberLookup
public struct Place: Identifiable, Hashable, Sendable, Codable {
    public var id: Int64
    /// Every field but the id; `place.name`, `place.tags` … read and write it.
    public var draft: PlaceDraft

    /// The stored form of a draft under the id the store gave it.
    public init(id: Int64, draft: PlaceDraft) {
        self.id = id
        self.draft = draft
    }

    public init(
        id: Int64, name: String, tags: TagSet = [], url: String? = nil, phone: String? = nil,
        address: String? = nil, note: String? = nil, weight: Int = 1, image: String? = nil
    ) {
        self.init(
            id: id,
            draft: PlaceDraft(
                name: name, tags: tags, url: url, phone: phone, address: address, note: note, weight: weight,
                image: image))
    }

    public subscript<Value>(dynamicMember field: WritableKeyPath<PlaceDraft, Value>) -> Value {
        get { draft[keyPath: field] }
        set { draft[keyPath: field] = newValue }
    }

    public subscript<Value>(dynamicMember field: KeyPath<PlaceDraft, Value>) -> Value { draft[keyPath: field] }

    private enum CodingKeys: String, CodingKey {
        case id
    }

    /// The id, then the draft's fields, in one object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try draft.encode(to: encoder)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(Int64.self, forKey: .id), draft: try PlaceDraft(unchecked: decoder))
    }
}
