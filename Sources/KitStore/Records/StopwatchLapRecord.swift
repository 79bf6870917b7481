import GRDB
import KitCore

/// A row of the `stopwatch_lap` table.
struct StopwatchLapRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "stopwatch_lap"

    var stopwatchId: Int64
    var number: Int
    var totalNs: Nanoseconds
    var splitNs: Nanoseconds
    var atNs: Int64
    var note: String?

    enum CodingKeys: String, CodingKey {
        case number, note
        case stopwatchId = "stopwatch_id"
        case totalNs = "total_ns"
        case splitNs = "split_ns"
        case atNs = "at_ns"
    }

    init(_ lap: Lap, stopwatchID: Int64) {
        stopwatchId = stopwatchID
        number = lap.number
        totalNs = lap.total
        splitNs = lap.split
        atNs = lap.at.nanoseconds
        note = lap.note
    }

    var lap: Lap { Lap(number: number, total: totalNs, split: splitNs, at: WallTime(nanoseconds: atNs), note: note) }
}
