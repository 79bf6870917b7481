import GRDB
import KitCore

/// A row of the `stopwatch` table. A running stopwatch has the start of its open span on both
/// clocks, and the boot that boot-clock start belongs to.
struct StopwatchRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "stopwatch"

    var id: Int64
    var name: String
    /// The name as names are matched (NameRules.matchKey).
    var nameKey: String
    var createdAtNs: Int64
    var state: String
    var accumulatedNs: Nanoseconds
    var startedWallNs: Int64?
    var startedBootNs: Int64?
    var bootId: String?
    var everStarted: Bool
    var remindAfterNs: Nanoseconds?
    var remindersSent: Int

    enum CodingKeys: String, CodingKey {
        case id, name, state
        case nameKey = "name_key"
        case createdAtNs = "created_at_ns"
        case accumulatedNs = "accumulated_ns"
        case startedWallNs = "started_wall_ns"
        case startedBootNs = "started_boot_ns"
        case bootId = "boot_id"
        case everStarted = "ever_started"
        case remindAfterNs = "remind_after_ns"
        case remindersSent = "reminders_sent"
    }

    init(_ stopwatch: Stopwatch, bootID: String) {
        id = stopwatch.id
        name = stopwatch.name
        nameKey = NameRules.matchKey(stopwatch.name)
        createdAtNs = stopwatch.createdAt.nanoseconds
        state = stopwatch.state.name
        accumulatedNs = stopwatch.accumulated
        if case .running(let since) = stopwatch.state {
            startedWallNs = since.wall.nanoseconds
            startedBootNs = since.boot.nanoseconds
            bootId = bootID
        }
        everStarted = stopwatch.everStarted
        remindAfterNs = stopwatch.remindAfter
        remindersSent = stopwatch.remindersSent
    }

    /// Rebuilds the stopwatch for this boot: a running span keeps its boot-clock start on the
    /// same boot, and follows its wall-clock start after a reboot.
    func stopwatch(lapCount: Int, now: ClockReading, bootID: String) -> Stopwatch {
        var restored = StopwatchState.stopped
        if state == "running", let startedWallNs {
            restored = .running(
                since: Deadline.restored(
                    bootInstant: startedBootNs.map(BootTime.init(nanoseconds:)),
                    wallInstant: WallTime(nanoseconds: startedWallNs), sameBoot: bootId == bootID, now: now))
        }
        return Stopwatch(
            id: id, name: name, createdAt: WallTime(nanoseconds: createdAtNs), state: restored,
            accumulated: accumulatedNs, everStarted: everStarted, remindAfter: remindAfterNs,
            remindersSent: remindersSent, lapCount: lapCount)
    }

    /// A stopwatch row with a `lap_count` column beside it, for the list.
    struct WithLapCount: FetchableRecord {
        var stopwatch: StopwatchRecord
        var lapCount: Int

        init(row: Row) throws {
            stopwatch = try StopwatchRecord(row: row)
            lapCount = row["lap_count"]
        }
    }
}
