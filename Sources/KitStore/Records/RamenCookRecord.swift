import Foundation
import GRDB
import KitCore

/// A row of the `ramen_cook` table: a cook tied to its timer, with the steps it announces.
struct RamenCookRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "ramen_cook"

    var timerId: Int64
    var ramenId: String
    /// The steps as JSON.
    var steps: String
    var nextStep: Int
    var memo: String?

    enum CodingKeys: String, CodingKey {
        case steps, memo
        case timerId = "timer_id"
        case ramenId = "ramen_id"
        case nextStep = "next_step"
    }

    init(_ cook: RamenCook) throws {
        timerId = cook.timerID
        ramenId = cook.ramenID
        steps = String(decoding: try JSONEncoder().encode(cook.steps), as: UTF8.self)
        nextStep = cook.nextStep
        memo = cook.memo
    }

    func cook(decoder: JSONDecoder) throws -> RamenCook {
        RamenCook(
            timerID: timerId, ramenID: ramenId, steps: try decoder.decode([RamenStep].self, from: Data(steps.utf8)),
            nextStep: nextStep, memo: memo)
    }
}
