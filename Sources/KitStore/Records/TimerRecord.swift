import GRDB
import KitCore

/// A row of the `timer` table. Columns that a state does not use are NULL.
struct TimerRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "timer"

    var id: Int64?
    var name: String?
    /// The name as names are matched (NameRules.matchKey), so SQL and Swift agree on case.
    var name_key: String?
    var duration_ns: Int64
    var state: String
    var created_at_ns: Int64
    var due_wall_ns: Int64?
    var due_boot_ns: Int64?
    var boot_id: String?
    var remaining_ns: Int64?
    var ended_at_ns: Int64?
    var fired_due_ns: Int64?
    var lateness_ns: Int64?
    var late: Bool

    init(_ countdown: Countdown, bootID: String) {
        id = countdown.id > 0 ? countdown.id : nil
        name = countdown.name
        name_key = countdown.name.map(NameRules.matchKey)
        duration_ns = countdown.duration
        state = countdown.state.name
        created_at_ns = countdown.createdAt.nanoseconds
        late = false
        switch countdown.state {
        case .running(let deadline):
            due_wall_ns = deadline.wall.nanoseconds
            due_boot_ns = deadline.boot.nanoseconds
            boot_id = bootID
        case .paused(let remaining):
            remaining_ns = remaining
        case .fired(let record):
            ended_at_ns = record.firedAt.nanoseconds
            fired_due_ns = record.due.nanoseconds
            lateness_ns = record.lateness
            late = record.late
        case .cancelled(let at):
            ended_at_ns = at.nanoseconds
        }
    }

    /// Rebuilds the countdown, restoring a running deadline for the current boot.
    func countdown(now: ClockReading, bootID: String) -> Countdown? {
        guard let id else { return nil }
        let state: CountdownState
        switch self.state {
        case "running":
            guard let due_wall_ns else { return nil }
            state = .running(
                Deadline.restored(
                    bootInstant: due_boot_ns.map(BootTime.init(nanoseconds:)),
                    wallInstant: WallTime(nanoseconds: due_wall_ns), sameBoot: boot_id == bootID, now: now))
        case "paused":
            state = .paused(remaining: remaining_ns ?? 0)
        case "fired":
            state = .fired(
                FireRecord(
                    due: WallTime(nanoseconds: fired_due_ns ?? ended_at_ns ?? 0),
                    firedAt: WallTime(nanoseconds: ended_at_ns ?? 0), lateness: lateness_ns ?? 0, late: late))
        case "cancelled":
            state = .cancelled(at: WallTime(nanoseconds: ended_at_ns ?? 0))
        default:
            return nil
        }
        return Countdown(
            id: id, name: name, duration: duration_ns, createdAt: WallTime(nanoseconds: created_at_ns), state: state)
    }
}
