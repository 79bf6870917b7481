import GRDB
import KitCore

/// A row of the `timer` table. Columns that a state does not use are NULL.
struct TimerRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "timer"

    var id: Int64?
    var name: String?
    /// The name as names are matched (NameRules.matchKey), so SQL and Swift agree on case.
    var nameKey: String?
    var durationNs: Nanoseconds
    var state: String
    var createdAtNs: Int64
    var dueWallNs: Int64?
    var dueBootNs: Int64?
    var bootId: String?
    var remainingNs: Nanoseconds?
    var endedAtNs: Int64?
    var firedDueNs: Int64?
    var latenessNs: Nanoseconds?
    var late: Bool
    /// The timer's own sound, in `SoundChoice`'s text form; nil for the configured one.
    var sound: String?

    enum CodingKeys: String, CodingKey {
        case id, name, state, late, sound
        case nameKey = "name_key"
        case durationNs = "duration_ns"
        case createdAtNs = "created_at_ns"
        case dueWallNs = "due_wall_ns"
        case dueBootNs = "due_boot_ns"
        case bootId = "boot_id"
        case remainingNs = "remaining_ns"
        case endedAtNs = "ended_at_ns"
        case firedDueNs = "fired_due_ns"
        case latenessNs = "lateness_ns"
    }

    init(_ countdown: Countdown, bootID: String) {
        id = countdown.id > 0 ? countdown.id : nil
        name = countdown.name
        nameKey = countdown.name.map(NameRules.matchKey)
        durationNs = countdown.duration
        state = countdown.state.name
        createdAtNs = countdown.createdAt.nanoseconds
        late = false
        sound = countdown.sound?.text
        switch countdown.state {
        case .running(let deadline):
            dueWallNs = deadline.wall.nanoseconds
            dueBootNs = deadline.boot.nanoseconds
            bootId = bootID
        case .paused(let remaining):
            remainingNs = remaining
        case .fired(let record):
            endedAtNs = record.firedAt.nanoseconds
            firedDueNs = record.due.nanoseconds
            latenessNs = record.lateness
            late = record.late
        case .cancelled(let at):
            endedAtNs = at.nanoseconds
        }
    }

    /// The columns every write sets, in the order of `values`. Timers are written on the
    /// request path (`timer.start`, `timer.cancel`), so their writes are cached statements with
    /// the values bound by hand: GRDB's Codable persistence cost more than the SQL it ran.
    private static let writtenColumns = [
        "name", "name_key", "duration_ns", "state", "created_at_ns", "due_wall_ns", "due_boot_ns", "boot_id",
        "remaining_ns", "ended_at_ns", "fired_due_ns", "lateness_ns", "late", "sound",
    ]
    private static let insertSQL =
        "INSERT INTO timer (id, \(writtenColumns.joined(separator: ", "))) VALUES (?\(String(repeating: ", ?", count: writtenColumns.count)))"
    private static let updateSQL =
        "UPDATE timer SET \(writtenColumns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?"

    /// The written columns' values, in the order of `writtenColumns`.
    private var values: [(any DatabaseValueConvertible)?] {
        [
            name, nameKey, durationNs, state, createdAtNs, dueWallNs, dueBootNs, bootId, remainingNs, endedAtNs,
            firedDueNs, latenessNs, late, sound,
        ]
    }

    /// Inserts the row (with its id, or the next one if it has none).
    func insertRow(_ db: Database) throws {
        try db.cachedStatement(sql: Self.insertSQL).execute(arguments: StatementArguments([id] + values))
    }

    /// Rewrites the row with this id; nothing when there is none, as a plain UPDATE does.
    func updateRow(_ db: Database) throws {
        try db.cachedStatement(sql: Self.updateSQL).execute(arguments: StatementArguments(values + [id]))
    }

    /// Rebuilds the countdown, restoring a running deadline for the current boot.
    func countdown(now: ClockReading, bootID: String) -> Countdown? {
        guard let id else { return nil }
        let state: CountdownState
        switch self.state {
        case "running":
            guard let dueWallNs else { return nil }
            state = .running(
                Deadline.restored(
                    bootInstant: dueBootNs.map(BootTime.init(nanoseconds:)),
                    wallInstant: WallTime(nanoseconds: dueWallNs), sameBoot: bootId == bootID, now: now))
        case "paused":
            state = .paused(remaining: remainingNs ?? 0)
        case "fired":
            state = .fired(
                FireRecord(
                    due: WallTime(nanoseconds: firedDueNs ?? endedAtNs ?? 0),
                    firedAt: WallTime(nanoseconds: endedAtNs ?? 0), lateness: latenessNs ?? 0, late: late))
        case "cancelled":
            state = .cancelled(at: WallTime(nanoseconds: endedAtNs ?? 0))
        default:
            return nil
        }
        return Countdown(
            id: id, name: name, duration: durationNs, createdAt: WallTime(nanoseconds: createdAtNs), state: state,
            sound: sound.flatMap { try? SoundChoice.parse($0) })
    }
}
