import GRDB
import KitCore

/// A row of the `place_history` table: a roulette pick or a visit. (Not PlaceHistoryRecord:
/// that is the public form of the same row, which KitStore's callers see.)
struct PlaceHistoryEntryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "place_history"

    var id: Int64?
    /// Nil once the place has been removed.
    var placeId: Int64?
    /// The place's name at the time.
    var placeName: String
    /// `picked` or `visited` (PlaceHistoryEntry.Kind).
    var kind: String
    var atNs: Int64
    /// For picks, the filter's `canonicalText` (empty for every place).
    var filter: String

    enum CodingKeys: String, CodingKey {
        case id, kind, filter
        case placeId = "place_id"
        case placeName = "place_name"
        case atNs = "at_ns"
    }

    /// A new row; the database gives it its id.
    init(placeID: Int64, placeName: String, kind: PlaceHistoryEntry.Kind, at: WallTime, filter: String) {
        placeId = placeID
        self.placeName = placeName
        self.kind = kind.rawValue
        atNs = at.nanoseconds
        self.filter = filter
    }

    private var entryKind: PlaceHistoryEntry.Kind { PlaceHistoryEntry.Kind(rawValue: kind) ?? .picked }

    /// The event as roulette's avoid-recent sees it; nil once the place is gone.
    var entry: PlaceHistoryEntry? {
        placeId.map { PlaceHistoryEntry(placeID: $0, at: WallTime(nanoseconds: atNs), kind: entryKind) }
    }

    /// The row as KitStore's callers see it; nil for a row that was never inserted.
    var record: PlaceHistoryRecord? {
        id.map {
            PlaceHistoryRecord(
                id: $0, placeID: placeId, placeName: placeName, kind: entryKind, at: WallTime(nanoseconds: atNs),
                filter: filter)
        }
    }
}
