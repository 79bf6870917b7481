import GRDB

extension PersistableRecord {
    /// Rewrites the row with this record's primary key, or the given columns of it, and does
    /// nothing when there is no such row, as a plain UPDATE does (GRDB's `update` throws
    /// `RecordError.recordNotFound` instead).
    func updateIfPresent(_ db: Database, columns: [String]? = nil) throws {
        do {
            if let columns {
                try update(db, columns: columns)
            } else {
                try update(db)
            }
        } catch RecordError.recordNotFound {
            return
        }
    }
}
