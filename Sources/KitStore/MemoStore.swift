import GRDB
import KitCore

/// Memos, with a trigram full-text index (`memo_fts`) kept in step by triggers.
public struct MemoStore {
    let database: KitDatabase
}

extension MemoStore {
    public func insertMemo(text: String, now: WallTime) throws -> Memo {
        try database.write(savepoint: false) { db in
            let record = MemoRecord(text: text, now: now)
            try record.insert(db)
            return Memo(id: db.lastInsertedRowID, uid: record.uid, text: text, createdAt: now, updatedAt: now)
        }
    }

    /// Inserts a memo that came with its UID, text, pin and times (from a vdir).
    public func insertMemo(_ memo: Memo) throws -> Memo {
        try database.write(savepoint: false) { db in
            let record = MemoRecord(memo)
            try record.insert(db)
            return Memo(
                id: db.lastInsertedRowID, uid: record.uid, text: record.text ?? "", pinned: record.pinned,
                createdAt: memo.createdAt, updatedAt: memo.updatedAt)
        }
    }

    /// Replaces a memo's text, pin and time of change with another version's (from a vdir).
    public func replaceMemo(_ memo: Memo) throws {
        try database.write(savepoint: false) { db in
            let text = memo.text ?? memo.title
            let title = EntryText(text).title
            try db.execute(
                sql: """
                    UPDATE memo SET text = ?, title = ?, title_key = ?, pinned = ?, updated_at_ns = ? WHERE id = ?
                    """,
                arguments: [text, title, NameRules.matchKey(title), memo.pinned, memo.updatedAt.nanoseconds, memo.id])
        }
    }

    /// The memo whose iCalendar UID is `uid`.
    public func memo(uid: String) throws -> Memo? {
        try database.read { db in
            try MemoRecord.fetchOne(db, sql: "SELECT * FROM memo WHERE uid = ?", arguments: [uid])?.memo
        }
    }

    public func memo(id: Int64) throws -> Memo? {
        try database.read { db in
            try MemoRecord.fetchOne(db, key: id)?.memo
        }
    }

    /// The memos whose title is `title`, compared as names are; oldest first.
    public func memos(titled title: String) throws -> [Memo] {
        try database.read { db in
            try MemoRecord.fetchAll(
                db, sql: "SELECT * FROM memo WHERE title_key = ? ORDER BY id",
                arguments: [NameRules.matchKey(title)]
            ).compactMap(\.memo)
        }
    }

    /// Every memo with its text, by id (a vdir's catch-up).
    public func allMemos() throws -> [Memo] {
        try database.read { db in
            try MemoRecord.fetchAll(db, sql: "SELECT * FROM memo ORDER BY id").compactMap(\.memo)
        }
    }

    /// Pinned memos first, then the most recently updated; without their text.
    public func memoList() throws -> [Memo] {
        try database.read { db in
            try MemoRecord.fetchAll(
                db,
                sql: """
                    SELECT \(MemoRecord.columnsWithoutText) FROM memo
                    ORDER BY pinned DESC, updated_at_ns DESC, id DESC
                    """
            ).compactMap(\.memo)
        }
    }

    public func updateMemoText(id: Int64, text: String, now: WallTime) throws {
        try database.write(savepoint: false) { db in
            let title = EntryText(text).title
            try db.execute(
                sql: "UPDATE memo SET text = ?, title = ?, title_key = ?, updated_at_ns = ? WHERE id = ?",
                arguments: [text, title, NameRules.matchKey(title), now.nanoseconds, id])
        }
    }

    public func setMemoPinned(id: Int64, pinned: Bool) throws {
        try database.write(savepoint: false) { db in
            try db.execute(sql: "UPDATE memo SET pinned = ? WHERE id = ?", arguments: [pinned, id])
        }
    }

    public func deleteMemo(id: Int64) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM memo WHERE id = ?", arguments: [id])
        }
    }

    /// The memos that hold every word of `query` (pinned first, then the most recently
    /// updated), at most `limit` of them with their text, and how many match in all.
    public func searchMemos(_ query: SearchQuery, limit: Int) throws -> (total: Int, memos: [Memo]) {
        try database.read { db in
            let found = try FullTextSearch.search(
                query, in: db, fts: "memo_fts", orderedBy: "pinned DESC, updated_at_ns DESC, id DESC", limit: limit,
                as: MemoRecord.self)
            return (found.total, found.records.compactMap(\.memo))
        }
    }

    /// Every memo title, for suggestions.
    public func memoTitles() throws -> [String] {
        try database.read { db in try String.fetchAll(db, sql: "SELECT title FROM memo ORDER BY updated_at_ns DESC") }
    }
}
