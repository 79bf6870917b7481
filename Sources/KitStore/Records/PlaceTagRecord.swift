import GRDB
import KitCore

/// A row of the `place_tag` table: one tag of a place, at its position among the place's tags.
struct PlaceTagRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "place_tag"

    var placeId: Int64
    var position: Int
    var category: String
    var value: String
    /// The tag as tags are matched (TagKey), unique per place.
    var categoryKey: String
    var valueKey: String

    enum CodingKeys: String, CodingKey {
        case position, category, value
        case placeId = "place_id"
        case categoryKey = "category_key"
        case valueKey = "value_key"
    }

    init(_ tag: PlaceTag, placeID: Int64, position: Int) {
        placeId = placeID
        self.position = position
        category = tag.category
        value = tag.value
        categoryKey = tag.key.category
        valueKey = tag.key.value
    }

    /// The tag, checked again as when it was written.
    func tag() throws -> PlaceTag { try PlaceTag(category: category, value: value) }
}
