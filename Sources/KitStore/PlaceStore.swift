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
            let tagRecords = try PlaceTagRecord.fetchCursor(
                db, sql: "SELECT * FROM place_tag ORDER BY place_id, position")
            while let record = try tagRecords.next() {
                // Stored tags were checked when written; a row that no longer passes is skipped
                // rather than losing the whole list.
                if let tag = try? record.tag() { tags[record.placeId, default: []].append(tag) }
            }
            var result: [Place] = []
            let records = try PlaceRecord.fetchCursor(db, sql: "SELECT * FROM place ORDER BY id")
            while let record = try records.next() {
                if let place = record.place(tags: record.id.flatMap { tags[$0] } ?? []) { result.append(place) }
            }
            return result
        }
    }

    /// Stores new places in one savepoint, in order, and returns them with their ids.
    public func insertPlaces(_ drafts: [PlaceDraft], now: WallTime) throws -> [Place] {
        try database.write { db in
            var result: [Place] = []
            for draft in drafts {
                try PlaceRecord(id: nil, draft, now: now).insert(db)
                let place = Place(id: db.lastInsertedRowID, draft: draft)
                try Self.writeTags(of: place, in: db)
                result.append(place)
            }
            return result
        }
    }

    /// Rewrites every field and the tags of a stored place; the time it was added stays.
    public func updatePlace(_ place: Place, now: WallTime) throws {
        try database.write { db in
            try PlaceRecord(id: place.id, place.draft, now: now).updateIfPresent(db, columns: PlaceRecord.editedColumns)
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
            let record = PlaceHistoryEntryRecord(
                placeID: placeID, placeName: placeName, kind: kind, at: at, filter: filter)
            try record.insert(db)
            return db.lastInsertedRowID
        }
    }

    /// Picks and visits of places that still exist, at or after `since`.
    public func placeHistoryEntries(since: WallTime) throws -> [PlaceHistoryEntry] {
        try database.read { db in
            try PlaceHistoryEntryRecord.fetchAll(
                db, sql: "SELECT * FROM place_history WHERE place_id IS NOT NULL AND at_ns >= ?",
                arguments: [since.nanoseconds]
            ).compactMap(\.entry)
        }
    }

    /// The latest history rows, newest first; `placeID` narrows to one place.
    public func placeHistory(limit: Int, placeID: Int64? = nil) throws -> [PlaceHistoryRecord] {
        try database.read { db in
            try PlaceHistoryEntryRecord.fetchAll(
                db,
                sql: """
                    SELECT * FROM place_history
                    WHERE ?1 IS NULL OR place_id = ?1
                    ORDER BY at_ns DESC, id DESC LIMIT ?2
                    """,
                arguments: [placeID, limit]
            ).compactMap(\.record)
        }
    }

    /// Records a spin in one savepoint: a history row per pick and, with rotation, the new state.
    public func recordPick(
        _ picks: [(id: Int64, name: String)], filter: String, at: WallTime, rotation: RotationState?
    ) throws {
        try database.write { db in
            for pick in picks {
                let record = PlaceHistoryEntryRecord(
                    placeID: pick.id, placeName: pick.name, kind: .picked, at: at, filter: filter)
                try record.insert(db)
            }
            if let rotation { try PlaceRotationRecord(rotation).insert(db, onConflict: .replace) }
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
        try database.read { db in try PlaceRotationRecord.fetchOne(db, key: filterKey)?.rotation }
    }

    private static func writeTags(of place: Place, in db: Database) throws {
        for (position, tag) in place.tags.enumerated() {
            try PlaceTagRecord(tag, placeID: place.id, position: position).insert(db)
        }
    }
}
