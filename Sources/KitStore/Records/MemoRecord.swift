import GRDB
import KitCore

/// A row of the `memo` table. Its text is indexed by `memo_fts` (see FullTextSearch).
struct MemoRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "memo"

    var id: Int64
    /// The iCalendar UID (migration v12); every row has one.
    var uid: String
    /// Nil only when read without it (`NoteTable.columnsWithoutText`); the column is never NULL.
    var text: String?
    /// The first line of the text.
    var title: String
    /// The title as names are matched (NameRules.matchKey).
    var titleKey: String
    var pinned: Bool
    var createdAtNs: Int64
    var updatedAtNs: Int64

    enum CodingKeys: String, CodingKey {
        case id, uid, text, title, pinned
        case titleKey = "title_key"
        case createdAtNs = "created_at_ns"
        case updatedAtNs = "updated_at_ns"
    }

    /// The row of a memo with this id; its title is the first line of its text, and a memo
    /// without a UID gets one.
    init(_ memo: Memo, id: Int64) {
        self.id = id
        uid = memo.uid.isEmpty ? UIDs.make() : memo.uid
        text = memo.text ?? memo.title
        title = EntryText(text ?? "").title
        titleKey = NameRules.matchKey(title)
        pinned = memo.pinned
        createdAtNs = memo.createdAt.nanoseconds
        updatedAtNs = memo.updatedAt.nanoseconds
    }

    var memo: Memo {
        Memo(
            id: id, uid: uid, title: title, text: text, pinned: pinned, createdAt: WallTime(nanoseconds: createdAtNs),
            updatedAt: WallTime(nanoseconds: updatedAtNs))
    }
}

extension Memo: StoredNote {
    /// Pinned first, then the most recently changed.
    public static let table = NoteTable<Memo>(
        name: "memo", fts: "memo_fts",
        columnsWithoutText: "id, uid, NULL AS text, title, title_key, pinned, created_at_ns, updated_at_ns",
        listOrder: "pinned DESC, updated_at_ns DESC, id DESC", oldestFirst: "id",
        decode: { try MemoRecord(row: $0).memo },
        insert: { memo, id, db in
            let record = MemoRecord(memo, id: id)
            try record.insert(db)
            return record.memo
        },
        update: { memo, db in try MemoRecord(memo, id: memo.id).update(db) })
}
