import GRDB
import KitCore

/// A row of the `place_rotation` table: where the roulette's rotation stands for one filter.
struct PlaceRotationRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "place_rotation"

    var filterKey: String
    var round: Int
    /// The ids picked so far in this round, separated by commas.
    var pickedIds: String

    enum CodingKeys: String, CodingKey {
        case round
        case filterKey = "filter_key"
        case pickedIds = "picked_ids"
    }

    init(_ rotation: RotationState) {
        filterKey = rotation.filterKey
        round = rotation.round
        pickedIds = rotation.pickedIDs.map(String.init).joined(separator: ",")
    }

    var rotation: RotationState {
        RotationState(
            filterKey: filterKey, round: round, pickedIDs: pickedIds.split(separator: ",").compactMap { Int64($0) })
    }
}
