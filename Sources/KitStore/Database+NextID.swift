import GRDB

extension Database {
    /// The id the next row inserted into `table` (an AUTOINCREMENT table) gets: ids are never
    /// reused, even after the newest row is deleted. A cached statement: it is on the path of
    /// every `timer.start` and `task.add`.
    func nextID(in table: String) throws -> Int64 {
        let statement = try cachedStatement(sql: "SELECT seq FROM sqlite_sequence WHERE name = ?")
        return (try Int64.fetchOne(statement, arguments: [table]) ?? 0) + 1
    }
}
