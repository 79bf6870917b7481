/// A place before the store gives it an id: what `place.add` and the importers produce.
///
/// The fields and their JSON names are those of `Place` without `id`. Decoding fills a missing
/// `weight` with 1 and missing `tags` with none, then checks every field (`validated()`).
public struct PlaceDraft: Hashable, Sendable, Codable {
    public var name: String
    public var tags: TagSet
    public var url: String?
    public var phone: String?
    public var address: String?
    public var note: String?
    public var weight: Int
    public var image: String?

    public init(
        name: String, tags: TagSet = [], url: String? = nil, phone: String? = nil, address: String? = nil,
        note: String? = nil, weight: Int = 1, image: String? = nil
    ) {
        self.name = name
        self.tags = tags
        self.url = url
        self.phone = phone
        self.address = address
        self.note = note
        self.weight = weight
        self.image = image
    }

    /// Every field checked and in the form to store (see `PlaceValidation`).
    public func validated() throws(KitError) -> PlaceDraft {
        PlaceDraft(
            name: try PlaceValidation.name(name), tags: tags, url: try PlaceValidation.url(url),
            phone: try PlaceValidation.phone(phone), address: try PlaceValidation.address(address),
            note: try PlaceValidation.note(note), weight: try PlaceValidation.weight(weight),
            image: try PlaceValidation.image(image))
    }

    /// The form names are compared in (`PlaceText.key`).
    public var nameKey: String { PlaceText.key(name) }

    private enum CodingKeys: String, CodingKey {
        case name, tags, url, phone, address, note, weight, image
    }

    public init(from decoder: any Decoder) throws {
        let draft = try PlaceDraft(unchecked: decoder)
        do {
            self = try draft.validated()
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath + [CodingKeys.name], debugDescription: error.description))
        }
    }

    /// The fields as written, without the checks: how a stored `Place` is read back.
    init(unchecked decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
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
