import GRDB
import KitCore

/// Full-text search over a table with a `text` column and an FTS5 table kept beside it (notes:
/// memos and the diary; see `NoteStore.search`).
enum FullTextSearch {
    /// A WHERE condition on a table with a `text` column and an `id` that is its FTS table's
    /// rowid: every indexed word through the index, every short word by LIKE.
    static func condition(_ query: SearchQuery, fts: String) -> (String, StatementArguments) {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let match = query.matchExpression {
            conditions.append("id IN (SELECT rowid FROM \(fts) WHERE \(fts) MATCH ?)")
            arguments += [match]
        }
        for term in query.scannedTerms {
            conditions.append("text LIKE ? ESCAPE '\\'")
            arguments += [SearchQuery.likePattern(term)]
        }
        return (conditions.joined(separator: " AND "), arguments)
    }
}
