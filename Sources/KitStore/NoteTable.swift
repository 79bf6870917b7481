import GRDB
import KitCore

/// A note kept in a table of its own (`memo`, `diary_entry`) with a trigram full-text index beside
/// it, kept in step by triggers: what `NoteStore` needs to know of one kind of note.
public protocol StoredNote: Note {
    static var table: NoteTable<Self> { get }
}

/// Where one kind of note is kept and how its rows read and write: the data in which memos and
/// diary entries differ for the store. The two tables share their columns `id`, `uid`, `text`,
/// `title`, `title_key`, `created_at_ns` and `updated_at_ns`.
public struct NoteTable<N: Note>: Sendable {
    /// The table, an AUTOINCREMENT one.
    let name: String
    /// Its FTS5 table (`content = name`, `content_rowid = 'id'`).
    let fts: String
    /// The columns of a list, which leaves each note's text on disk: `text` reads as NULL.
    let columnsWithoutText: String
    /// How lists, searches and suggestions are ordered.
    let listOrder: String
    /// Oldest first: how a catch-up and an export read them, and how a title's matches are listed.
    let oldestFirst: String
    /// The note of a row.
    let decode: @Sendable (Row) throws -> N
    /// Inserts the note with this id; returns it as stored (with its UID).
    let insert: @Sendable (N, Int64, Database) throws -> N
    /// Writes the note over the row of its id.
    let update: @Sendable (N, Database) throws -> Void
}
