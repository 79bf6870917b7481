import GRDB
import KitCore

/// Full-text search over a table with a `text` column and an FTS5 table kept beside it (memos,
/// the diary).
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

    /// The rows of `Record`'s table that hold every word of `query`, in `order`: at most `limit`
    /// of them, and how many match in all.
    static func search<Record: FetchableRecord & TableRecord>(
        _ query: SearchQuery, in db: Database, fts: String, orderedBy order: String, limit: Int,
        as record: Record.Type = Record.self
    ) throws -> (total: Int, records: [Record]) {
        let (condition, arguments) = Self.condition(query, fts: fts)
        let table = Record.databaseTableName
        let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE \(condition)", arguments: arguments)
        let records = try Record.fetchAll(
            db, sql: "SELECT * FROM \(table) WHERE \(condition) ORDER BY \(order) LIMIT ?",
            arguments: arguments + [limit])
        return (total ?? 0, records)
    }
}
