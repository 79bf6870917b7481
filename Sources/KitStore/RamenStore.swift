import Foundation
import GRDB
import KitCore

/// Ramen: products (catalog or own), the user's settings per ramen, and cooks tied to timers.
/// A catalog merge writes only `ramen`; the user's choices live in `ramen_settings`.
public struct RamenStore {
    let database: KitDatabase
}

extension RamenStore {
    /// Every ramen with its settings.
    public func ramenEntries() throws -> [RamenEntry] {
        try database.read { db in
            let decoder = JSONDecoder()
            var settings: [String: RamenSettings] = [:]
            for record in try RamenSettingsRecord.fetchAll(db) {
                settings[record.ramenId] = try record.settings(decoder: decoder)
            }
            return try RamenRecord.fetchAll(db).map {
                try $0.entry(settings: settings[$0.id] ?? RamenSettings(), decoder: decoder)
            }
        }
    }

    /// The catalog version last merged, or 0.
    public func ramenCatalogVersion() throws -> Int {
        try database.read { db in
            Int(try KitMetaRecord.fetchOne(db, key: KitMetaRecord.ramenCatalogVersion)?.value ?? "0") ?? 0
        }
    }

    /// Applies a catalog merge: adds and corrects products, never touching settings. The writes
    /// to `ramen` stay SQL: each touches a row only if it is a catalog ramen, never one of the
    /// user's own with the same id, which the record's `upsert` cannot say.
    public func applyRamenCatalog(_ merge: RamenCatalogMerge, version: Int) throws {
        try database.writeNow { db in
            for product in merge.added + merge.corrected {
                let record = try RamenRecord(product, origin: .catalog)
                try db.execute(
                    sql: """
                        INSERT INTO ramen (id, origin, product, in_catalog) VALUES (?, 'catalog', ?, 1)
                        ON CONFLICT(id) DO UPDATE SET product = excluded.product, in_catalog = 1
                        WHERE origin = 'catalog'
                        """, arguments: [record.id, record.product])
            }
            for id in merge.dropped {
                try db.execute(
                    sql: "UPDATE ramen SET in_catalog = 0 WHERE id = ? AND origin = 'catalog'", arguments: [id])
            }
            try KitMetaRecord(key: KitMetaRecord.ramenCatalogVersion, value: String(version)).upsert(db)
        }
    }

    /// Adds a ramen of the user's own.
    public func insertOwnRamen(_ product: RamenProduct) throws {
        try database.write { db in
            try RamenRecord(product, origin: .own).insert(db)
        }
    }

    /// Removes a ramen of the user's own and its settings (cooks keep their timers).
    public func deleteOwnRamen(id: String) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM ramen WHERE id = ? AND origin = 'own'", arguments: [id])
        }
    }

    /// The next free number for an own ramen's id (`own-N`).
    public func nextOwnRamenNumber() throws -> Int {
        try database.read { db in
            let ids = try String.fetchAll(db, sql: "SELECT id FROM ramen WHERE origin = 'own'")
            return (ids.compactMap { Int($0.dropFirst(4)) }.max() ?? 0) + 1
        }
    }

    /// Saves one ramen's settings.
    public func saveRamenSettings(id: String, _ settings: RamenSettings) throws {
        try database.write { db in
            try RamenSettingsRecord(settings, ramenID: id).upsert(db)
        }
    }

    /// Saves several ramens' settings at once (a favourites reorder).
    public func saveRamenSettings(_ all: [(id: String, settings: RamenSettings)]) throws {
        try database.write { db in
            for item in all { try RamenSettingsRecord(item.settings, ramenID: item.id).upsert(db) }
        }
    }

    /// Records a cook tied to a timer.
    public func insertRamenCook(_ cook: RamenCook) throws {
        try database.write { db in
            try RamenCookRecord(cook).insert(db)
        }
    }

    /// Records that a cook's step alerts have gone up to `nextStep` (kitd-initiated, like firing).
    public func updateRamenCookProgress(timerID: Int64, nextStep: Int) throws {
        try database.write(.normal, savepoint: false) { db in
            try db.execute(
                sql: "UPDATE ramen_cook SET next_step = ? WHERE timer_id = ?", arguments: [nextStep, timerID])
        }
    }

    /// The cooks whose timers are still running or paused.
    public func activeRamenCooks() throws -> [RamenCook] {
        try database.read { db in
            let decoder = JSONDecoder()
            return try RamenCookRecord.fetchAll(
                db,
                sql: """
                    SELECT c.* FROM ramen_cook c
                    JOIN timer t ON t.id = c.timer_id WHERE t.state IN ('running', 'paused')
                    """
            ).map { try $0.cook(decoder: decoder) }
        }
    }
}
