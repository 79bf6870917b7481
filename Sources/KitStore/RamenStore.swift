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
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT r.id, r.origin, r.product, s.favourite_position, s.custom_seconds, s.memo, s.own_steps,
                           s.hidden, s.cook_count, s.last_cooked_at_ns
                    FROM ramen r LEFT JOIN ramen_settings s ON s.ramen_id = r.id
                    """)
            let decoder = JSONDecoder()
            return try rows.map { row in
                let productJSON: String = row["product"]
                let product = try decoder.decode(RamenProduct.self, from: Data(productJSON.utf8))
                let ownSteps: String? = row["own_steps"]
                let lastCooked: Int64? = row["last_cooked_at_ns"]
                let settings = RamenSettings(
                    favouritePosition: row["favourite_position"], customSeconds: row["custom_seconds"],
                    memo: row["memo"],
                    ownSteps: try ownSteps.map { try decoder.decode([RamenStep].self, from: Data($0.utf8)) },
                    hidden: row["hidden"] ?? false, cookCount: row["cook_count"] ?? 0,
                    lastCookedAt: lastCooked.map(WallTime.init(nanoseconds:)))
                let origin = RamenEntry.Origin(rawValue: row["origin"]) ?? .catalog
                return RamenEntry(product: product, origin: origin, settings: settings)
            }
        }
    }

    /// The catalog version last merged, or 0.
    public func ramenCatalogVersion() throws -> Int {
        try database.read { db in
            Int(try String.fetchOne(db, sql: "SELECT value FROM kit_meta WHERE key = 'ramen.catalog.version'") ?? "0")
                ?? 0
        }
    }

    /// Applies a catalog merge: adds and corrects products, never touching settings.
    public func applyRamenCatalog(_ merge: RamenCatalogMerge, version: Int) throws {
        try database.writeNow { db in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            for product in merge.added + merge.corrected {
                let json = String(decoding: try encoder.encode(product), as: UTF8.self)
                try db.execute(
                    sql: """
                        INSERT INTO ramen (id, origin, product, in_catalog) VALUES (?, 'catalog', ?, 1)
                        ON CONFLICT(id) DO UPDATE SET product = excluded.product, in_catalog = 1
                        WHERE origin = 'catalog'
                        """, arguments: [product.id, json])
            }
            for id in merge.dropped {
                try db.execute(
                    sql: "UPDATE ramen SET in_catalog = 0 WHERE id = ? AND origin = 'catalog'", arguments: [id])
            }
            try db.execute(
                sql: "INSERT INTO kit_meta (key, value) VALUES ('ramen.catalog.version', ?) "
                    + "ON CONFLICT(key) DO UPDATE SET value = excluded.value", arguments: [String(version)])
        }
    }

    /// Adds a ramen of the user's own.
    public func insertOwnRamen(_ product: RamenProduct) throws {
        try database.write { db in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try db.execute(
                sql: "INSERT INTO ramen (id, origin, product, in_catalog) VALUES (?, 'own', ?, 0)",
                arguments: [product.id, String(decoding: try encoder.encode(product), as: UTF8.self)])
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
            try Self.save(settings, id: id, in: db)
        }
    }

    /// Saves several ramens' settings at once (a favourites reorder).
    public func saveRamenSettings(_ all: [(id: String, settings: RamenSettings)]) throws {
        try database.write { db in
            for item in all { try Self.save(item.settings, id: item.id, in: db) }
        }
    }

    private static func save(_ settings: RamenSettings, id: String, in db: Database) throws {
        let encoder = JSONEncoder()
        let steps = try settings.ownSteps.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        try db.execute(
            sql: """
                INSERT INTO ramen_settings (ramen_id, favourite_position, custom_seconds, memo, own_steps, hidden,
                                            cook_count, last_cooked_at_ns)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(ramen_id) DO UPDATE SET
                    favourite_position = excluded.favourite_position, custom_seconds = excluded.custom_seconds,
                    memo = excluded.memo, own_steps = excluded.own_steps, hidden = excluded.hidden,
                    cook_count = excluded.cook_count, last_cooked_at_ns = excluded.last_cooked_at_ns
                """,
            arguments: [
                id, settings.favouritePosition, settings.customSeconds, settings.memo, steps, settings.hidden,
                settings.cookCount, settings.lastCookedAt?.nanoseconds,
            ])
    }

    /// Records a cook tied to a timer.
    public func insertRamenCook(_ cook: RamenCook) throws {
        try database.write { db in
            let steps = String(decoding: try JSONEncoder().encode(cook.steps), as: UTF8.self)
            try db.execute(
                sql: "INSERT INTO ramen_cook (timer_id, ramen_id, steps, next_step, memo) VALUES (?, ?, ?, ?, ?)",
                arguments: [cook.timerID, cook.ramenID, steps, cook.nextStep, cook.memo])
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
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT c.timer_id, c.ramen_id, c.steps, c.next_step, c.memo FROM ramen_cook c
                    JOIN timer t ON t.id = c.timer_id WHERE t.state IN ('running', 'paused')
                    """)
            let decoder = JSONDecoder()
            return try rows.map { row in
                let steps: String = row["steps"]
                return RamenCook(
                    timerID: row["timer_id"], ramenID: row["ramen_id"],
                    steps: try decoder.decode([RamenStep].self, from: Data(steps.utf8)), nextStep: row["next_step"],
                    memo: row["memo"])
            }
        }
    }
}
