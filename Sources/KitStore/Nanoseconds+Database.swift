import GRDB
import KitCore

/// A duration in a `…_ns` column: its nanoseconds, an INTEGER.
extension Nanoseconds: DatabaseValueConvertible, StatementColumnConvertible {
    public var databaseValue: DatabaseValue { value.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Nanoseconds? {
        Int64.fromDatabaseValue(dbValue).map { Nanoseconds($0) }
    }

    public init(sqliteStatement: SQLiteStatement, index: CInt) {
        self.init(Int64(sqliteStatement: sqliteStatement, index: index))
    }
}
