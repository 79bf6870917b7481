import GRDB
import KitCore

/// Notes of one kind (memos, diary entries), each kind in its own table (`N.table`). The kind's
/// own queries (the diary's days, the memos' pins) are constrained extensions.
public struct NoteStore<N: StoredNote> {
    let database: KitDatabase

    var table: NoteTable<N> { N.table }
}

extension NoteStore {
    /// Inserts a note; the database gives it its id, and the store a UID if it has none.
    public func insert(_ note: N) throws -> N {
        try database.write { db in try table.insert(note, try db.nextID(in: table.name), db) }
    }

    /// Inserts many finished notes in one savepoint, each with the id it holds (imports and the
    /// benchmarks).
    public func insert(_ notes: [N]) throws {
        try database.write { db in
            for note in notes { _ = try table.insert(note, note.id, db) }
        }
    }

    /// Writes a changed note over its row.
    public func update(_ note: N) throws {
        try database.write(savepoint: false) { db in try table.update(note, db) }
    }

    public func delete(id: Int64) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM \(table.name) WHERE id = ?", arguments: [id])
        }
    }

    public func note(id: Int64) throws -> N? {
        try fetch("SELECT * FROM \(table.name) WHERE id = ?", [id]).first
    }

    /// The note whose iCalendar UID is `uid`.
    public func note(uid: String) throws -> N? {
        try fetch("SELECT * FROM \(table.name) WHERE uid = ?", [uid]).first
    }

    /// The notes whose title is `title`, compared as names are; oldest first.
    public func notes(titled title: String) throws -> [N] {
        try fetch(
            "SELECT * FROM \(table.name) WHERE title_key = ? ORDER BY \(table.oldestFirst)",
            [NameRules.matchKey(title)])
    }

    /// Every note with its text, oldest first (a vdir's catch-up, an export).
    public func all() throws -> [N] {
        try fetch("SELECT * FROM \(table.name) ORDER BY \(table.oldestFirst)")
    }

    /// Up to `limit` notes (all for nil) in the list's order, without their text.
    public func list(limit: Int? = nil) throws -> [N] {
        try list(where: "", limit: limit)
    }

    /// The notes that hold every word of `query`, in the list's order: at most `limit` with
    /// their text, and how many match in all.
    public func search(_ query: SearchQuery, limit: Int) throws -> (total: Int, notes: [N]) {
        try database.read { db in
            let (condition, arguments) = FullTextSearch.condition(query, fts: table.fts)
            let total = try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM \(table.name) WHERE \(condition)", arguments: arguments)
            let notes = try fetch(
                "SELECT * FROM \(table.name) WHERE \(condition) ORDER BY \(table.listOrder) LIMIT ?",
                arguments + [limit], in: db)
            return (total ?? 0, notes)
        }
    }

    /// Up to `limit` titles in the list's order, for suggestions.
    public func titles(limit: Int) throws -> [String] {
        try database.read { db in
            try String.fetchAll(
                db, sql: "SELECT title FROM \(table.name) ORDER BY \(table.listOrder) LIMIT ?", arguments: [limit])
        }
    }

    // MARK: For the kinds' own queries

    /// Up to `limit` notes that meet `condition` (none for empty), in the list's order, without
    /// their text.
    func list(where condition: String, _ arguments: StatementArguments = [], limit: Int?) throws -> [N] {
        let filter = condition.isEmpty ? "" : "WHERE " + condition
        return try fetch(
            """
            SELECT \(table.columnsWithoutText) FROM \(table.name) \(filter)
            ORDER BY \(table.listOrder) LIMIT ?
            """, arguments + [limit ?? -1])
    }

    /// The notes a query reads.
    func fetch(_ sql: String, _ arguments: StatementArguments = []) throws -> [N] {
        try database.read { db in try fetch(sql, arguments, in: db) }
    }

    private func fetch(_ sql: String, _ arguments: StatementArguments, in db: Database) throws -> [N] {
        try Array(Row.fetchCursor(db, sql: sql, arguments: arguments).map(table.decode))
    }
}
