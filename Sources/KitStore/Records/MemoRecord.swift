import GRDB
import KitCore

/// A row of the `memo` table. Its text is indexed by `memo_fts` (see FullTextSearch).
struct MemoRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "memo"

    /// The columns of a list, which leaves each memo's text on disk: `text` reads as NULL.
    static let columnsWithoutText = "id, uid, NULL AS text, title, title_key, pinned, created_at_ns, updated_at_ns"

    var id: Int64?
    /// The iCalendar UID (migration v12); every row has one.
    var uid: String
    /// Nil only when read without it (`columnsWithoutText`); the column is never NULL.
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

    /// A new memo's row; the database gives it its id.
    init(text: String, now: WallTime) {
        uid = UIDs.make()
        self.text = text
        title = EntryText(text).title
        titleKey = NameRules.matchKey(title)
        pinned = false
        createdAtNs = now.nanoseconds
        updatedAtNs = now.nanoseconds
    }

    /// A memo that came with its UID and times (from a vdir); the database gives it its id.
    init(_ memo: Memo) {
        uid = memo.uid.isEmpty ? UIDs.make() : memo.uid
        text = memo.text ?? memo.title
        title = EntryText(text ?? "").title
        titleKey = NameRules.matchKey(title)
        pinned = memo.pinned
        createdAtNs = memo.createdAt.nanoseconds
        updatedAtNs = memo.updatedAt.nanoseconds
    }

    /// Nil for a row that was never inserted.
    var memo: Memo? {
        id.map {
            Memo(
                id: $0, uid: uid, title: title, text: text, pinned: pinned,
                createdAt: WallTime(nanoseconds: createdAtNs),
                updatedAt: WallTime(nanoseconds: updatedAtNs))
        }
    }
}
