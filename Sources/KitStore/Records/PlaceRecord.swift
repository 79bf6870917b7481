import GRDB
import KitCore

/// A row of the `place` table; its tags are rows of `place_tag` (PlaceTagRecord).
struct PlaceRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "place"

    /// What an edit rewrites: every column but the id and the time the place was added.
    static let editedColumns = CodingKeys.allCases.filter { $0 != .id && $0 != .createdAtNs }.map(\.stringValue)

    var id: Int64?
    var name: String
    /// The name as names are compared (PlaceText.key).
    var nameKey: String
    var url: String?
    var phone: String?
    var address: String?
    var note: String?
    var weight: Int
    /// The content hash of the place's image.
    var image: String?
    var createdAtNs: Int64
    var updatedAtNs: Int64

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, name, url, phone, address, note, weight, image
        case nameKey = "name_key"
        case createdAtNs = "created_at_ns"
        case updatedAtNs = "updated_at_ns"
    }

    /// The row of a place written at `now`; the database gives a place with no id its id.
    init(id: Int64?, _ draft: PlaceDraft, now: WallTime) {
        self.id = id
        name = draft.name
        nameKey = PlaceText.key(draft.name)
        url = draft.url
        phone = draft.phone
        address = draft.address
        note = draft.note
        weight = draft.weight
        image = draft.image
        createdAtNs = now.nanoseconds
        updatedAtNs = now.nanoseconds
    }

    /// The place with `tags`; nil for a row that was never inserted.
    func place(tags: [PlaceTag]) -> Place? {
        id.map {
            Place(
                id: $0, name: name, tags: TagSet(tags), url: url, phone: phone, address: address, note: note,
                weight: weight, image: image)
        }
    }
}
