import Foundation
import GRDB
import KitCore

/// A row of the `ramen_settings` table: what the user set for one ramen.
struct RamenSettingsRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "ramen_settings"

    var ramenId: String
    var favouritePosition: Int?
    var customNs: Nanoseconds?
    var memo: String?
    /// The user's own steps as JSON; nil for the maker's.
    var ownSteps: String?
    var hidden: Bool
    var cookCount: Int
    var lastCookedAtNs: Int64?

    enum CodingKeys: String, CodingKey {
        case memo, hidden
        case ramenId = "ramen_id"
        case favouritePosition = "favourite_position"
        case customNs = "custom_ns"
        case ownSteps = "own_steps"
        case cookCount = "cook_count"
        case lastCookedAtNs = "last_cooked_at_ns"
    }

    init(_ settings: RamenSettings, ramenID: String) throws {
        let encoder = JSONEncoder()
        ramenId = ramenID
        favouritePosition = settings.favouritePosition
        customNs = settings.customTime
        memo = settings.memo
        ownSteps = try settings.ownSteps.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        hidden = settings.hidden
        cookCount = settings.cookCount
        lastCookedAtNs = settings.lastCookedAt?.nanoseconds
    }

    func settings(decoder: JSONDecoder) throws -> RamenSettings {
        RamenSettings(
            favouritePosition: favouritePosition, customTime: customNs, memo: memo,
            ownSteps: try ownSteps.map { try decoder.decode([RamenStep].self, from: Data($0.utf8)) }, hidden: hidden,
            cookCount: cookCount, lastCookedAt: lastCookedAtNs.map(WallTime.init(nanoseconds:)))
    }
}
