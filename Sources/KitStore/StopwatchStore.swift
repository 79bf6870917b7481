import GRDB
import KitCore

/// Stopwatches and their laps. Names are unique, matched as NameRules matches them.
public struct StopwatchStore {
    let database: KitDatabase
}

extension StopwatchStore {
    /// Inserts a new stopwatch built by `make` from the id the database assigns.
    public func insertStopwatch(bootID: String, _ make: (Int64) throws(KitError) -> Stopwatch) throws -> Stopwatch {
        try database.write { db in
            let stopwatch = try make(try db.nextID(in: "stopwatch"))
            try StopwatchRecord(stopwatch, bootID: bootID).insert(db)
            return stopwatch
        }
    }

    /// Whether another stopwatch already has this name.
    public func stopwatchNameTaken(_ name: String, except id: Int64? = nil) throws -> Bool {
        try database.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM stopwatch WHERE name_key = ? AND id IS NOT ?)",
                arguments: [NameRules.matchKey(name), id]) ?? false
        }
    }

    public func updateStopwatch(_ stopwatch: Stopwatch, bootID: String, durability: Durability = .full) throws {
        try database.write(durability, savepoint: false) { db in
            try StopwatchRecord(stopwatch, bootID: bootID).updateIfPresent(db)
        }
    }

    public func deleteStopwatch(id: Int64) throws {
        try database.write(savepoint: false) { db in
            try db.execute(sql: "DELETE FROM stopwatch WHERE id = ?", arguments: [id])
        }
    }

    /// Every stopwatch, restored for this boot (a running span keeps its boot-clock start on the
    /// same boot, and follows its wall-clock start after a reboot).
    public func stopwatches(now: ClockReading, bootID: String) throws -> [Stopwatch] {
        try database.read { db in
            try StopwatchRecord.WithLapCount.fetchAll(
                db,
                sql: """
                    SELECT s.*, (SELECT COUNT(*) FROM stopwatch_lap l WHERE l.stopwatch_id = s.id) AS lap_count
                    FROM stopwatch s ORDER BY s.id
                    """
            ).map { $0.stopwatch.stopwatch(lapCount: $0.lapCount, now: now, bootID: bootID) }
        }
    }

    public func insertLap(_ lap: Lap, stopwatchID: Int64) throws {
        try database.write(savepoint: false) { db in
            try StopwatchLapRecord(lap, stopwatchID: stopwatchID).insert(db)
        }
    }

    public func laps(stopwatchID: Int64) throws -> [Lap] {
        try database.read { db in
            try StopwatchLapRecord.fetchAll(
                db, sql: "SELECT * FROM stopwatch_lap WHERE stopwatch_id = ? ORDER BY number", arguments: [stopwatchID]
            ).map(\.lap)
        }
    }

    /// The last lap's total, or 0.
    public func lastLapTotal(stopwatchID: Int64) throws -> Nanoseconds {
        try database.read { db in
            try Nanoseconds.fetchOne(
                db, sql: "SELECT total_ns FROM stopwatch_lap WHERE stopwatch_id = ? ORDER BY number DESC LIMIT 1",
                arguments: [stopwatchID]) ?? 0
        }
    }

    public func deleteLaps(stopwatchID: Int64) throws {
        try database.write(savepoint: false) { db in
            try db.execute(sql: "DELETE FROM stopwatch_lap WHERE stopwatch_id = ?", arguments: [stopwatchID])
        }
    }
}
