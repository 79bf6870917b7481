import GRDB
import KitCore

/// Places, their tags, the pick-and-visit history and the roulette's rotation per filter.
/// Names are unique after `PlaceText.key`; tags are unique per place after `TagKey`.
public struct PlaceStore {
    let database: KitDatabase
}

extension PlaceStore {
    /// Every place, tags in the order they were added, by ascending id.
    public func places() throws -> [Place] {
        try database.read { db in
            var tags: [Int64: [PlaceTag]] = [:]
            let tagRows = try Row.fetchCursor(
                db, sql: "SELECT place_id, category, value FROM place_tag ORDER BY place_id, position")
            while let row = try tagRows.next() {
                // Stored tags were checked when written; a row that no longer passes is skipped
                // rather than losing the whole list.
                if let tag = try? PlaceTag(category: row[1], value: row[2]) { tags[row[0], default: []].append(tag) }
            }
            let rows = try Row.fetchCursor(
                db, sql: "SELECT id, name, url, phone, address, note, weight, image FROM place ORDER BY id")
            var result: [Place] = []
            while let row = try rows.next() {
                let id: Int64 = row[0]
                result.append(
                    Place(
                        id: id, name: row[1], tags: TagSet(tags[id] ?? []), url: row[2], phone: row[3], address: row[4],
                        note: row[5], weight: row[6], image: row[7]))
            }
            return result
        }
    }

    /// Stores new places in one savepoint, in order, and returns them with their ids.
    public func insertPlaces(_ drafts: [PlaceDraft], now: WallTime) throws -> [Place] {
        try database.write { db in
            var result: [Place] = []
            for draft in drafts {
                try db.execute(
                    sql: """
                        INSERT INTO place (name, name_key, url, phone, address, note, weight, image, created_at_ns,
                            updated_at_ns)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        draft.name, draft.nameKey, draft.url, draft.phone, draft.address, draft.note, draft.weight,
                        draft.image, now.nanoseconds, now.nanoseconds,
                    ])
                let place = Place(id: db.lastInsertedRowID, draft: draft)
                try Self.writeTags(of: place, in: db)
                result.append(place)
            }
            return result
        }
    }

    /// Rewrites every field and the tags of a stored place.
    public func updatePlace(_ place: Place, now: WallTime) throws {
        try database.write { db in
            try db.execute(
                sql: """
                    UPDATE place SET name = ?, name_key = ?, url = ?, phone = ?, address = ?, note = ?, weight = ?,
                        image = ?, updated_at_ns = ?
                    WHERE id = ?
                    """,
                arguments: [
                    place.name, place.nameKey, place.url, place.phone, place.address, place.note, place.weight,
                    place.image, now.nanoseconds, place.id,
                ])
            try db.execute(sql: "DELETE FROM place_tag WHERE place_id = ?", arguments: [place.id])
            try Self.writeTags(of: place, in: db)
        }
    }

    /// Removes a place and its tags; its history rows stay, without the link.
    public func deletePlace(id: Int64) throws {
        try database.write(savepoint: false) { db in
            try db.execute(sql: "DELETE FROM place WHERE id = ?", arguments: [id])
        }
    }

    /// Every image reference still used by a place.
    public func placeImagesInUse() throws -> Set<String> {
        try database.read { db in
            Set(try String.fetchAll(db, sql: "SELECT DISTINCT image FROM place WHERE image IS NOT NULL"))
        }
    }

    // MARK: History

    /// Adds one history row and returns its id.
    @discardableResult
    public func recordPlaceHistory(
        placeID: Int64, placeName: String, kind: PlaceHistoryEntry.Kind, at: WallTime, filter: String = ""
    ) throws -> Int64 {
        try database.write(savepoint: false) { db in
            try db.execute(
                sql: "INSERT INTO place_history (place_id, place_name, kind, at_ns, filter) VALUES (?, ?, ?, ?, ?)",
                arguments: [placeID, placeName, kind.rawValue, at.nanoseconds, filter])
            return db.lastInsertedRowID
        }
    }

    /// Picks and visits of places that still exist, at or after `since`.
    public func placeHistoryEntries(since: WallTime) throws -> [PlaceHistoryEntry] {
        try database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT place_id, at_ns, kind FROM place_history WHERE place_id IS NOT NULL AND at_ns >= ?",
                arguments: [since.nanoseconds]
            ).map { row in
                PlaceHistoryEntry(
                    placeID: row[0], at: WallTime(nanoseconds: row[1]),
                    kind: PlaceHistoryEntry.Kind(rawValue: row[2]) ?? .picked)
            }
        }
    }

    /// The latest history rows, newest first; `placeID` narrows to one place.
    public func placeHistory(limit: Int, placeID: Int64? = nil) throws -> [PlaceHistoryRecord] {
        try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, place_id, place_name, kind, at_ns, filter FROM place_history
                    WHERE ?1 IS NULL OR place_id = ?1
                    ORDER BY at_ns DESC, id DESC LIMIT ?2
                    """,
                arguments: [placeID, limit]
            ).map { row in
                PlaceHistoryRecord(
                    id: row[0], placeID: row[1], placeName: row[2],
                    kind: PlaceHistoryEntry.Kind(rawValue: row[3]) ?? .picked, at: WallTime(nanoseconds: row[4]),
                    filter: row[5])
            }
        }
    }

    /// Records a spin in one savepoint: a history row per pick and, with rotation, the new state.
    public func recordPick(
        _ picks: [(id: Int64, name: String)], filter: String, at: WallTime, rotation: RotationState?
    ) throws {
        try database.write { db in
            for pick in picks {
                try db.execute(
                    sql: """
                        INSERT INTO place_history (place_id, place_name, kind, at_ns, filter)
                        VALUES (?, ?, 'picked', ?, ?)
                        """,
                    arguments: [pick.id, pick.name, at.nanoseconds, filter])
            }
            if let rotation {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO place_rotation (filter_key, round, picked_ids) VALUES (?, ?, ?)",
                    arguments: [
                        rotation.filterKey, rotation.round,
                        rotation.pickedIDs.map(String.init).joined(separator: ","),
                    ])
            }
        }
    }

    /// The latest pick and visit of every place that has any.
    public func placeLastSeen() throws -> [Int64: (picked: WallTime?, visited: WallTime?)] {
        try database.read { db in
            var result: [Int64: (picked: WallTime?, visited: WallTime?)] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT place_id, kind, MAX(at_ns) FROM place_history WHERE place_id IS NOT NULL
                    GROUP BY place_id, kind
                    """)
            while let row = try rows.next() {
                let id: Int64 = row[0]
                let at = WallTime(nanoseconds: row[2])
                if (row[1] as String) == "visited" {
                    result[id, default: (nil, nil)].visited = at
                } else {
                    result[id, default: (nil, nil)].picked = at
                }
            }
            return result
        }
    }

    // MARK: Rotation

    public func rotation(filterKey: String) throws -> RotationState? {
        try database.read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT round, picked_ids FROM place_rotation WHERE filter_key = ?",
                    arguments: [filterKey])
            else { return nil }
            let ids = (row[1] as String).split(separator: ",").compactMap { Int64($0) }
            return RotationState(filterKey: filterKey, round: row[0], pickedIDs: ids)
        }
    }

    private static func writeTags(of place: Place, in db: Database) throws {
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO place_tag (place_id, position, category, value, category_key, value_key)
                VALUES (?, ?, ?, ?, ?, ?)
                """)
        for (position, tag) in place.tags.enumerated() {
            try statement.execute(arguments: [
                place.id, position, tag.category, tag.value, tag.key.category, tag.key.value,
            ])
        }
    }
}
