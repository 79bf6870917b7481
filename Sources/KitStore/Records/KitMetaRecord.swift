import GRDB

/// A row of the `kit_meta` table: one named setting of the store itself, such as the version
/// of the ramen catalog last merged.
struct KitMetaRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "kit_meta"

    /// The key under which the ramen catalog's version is kept.
    static let ramenCatalogVersion = "ramen.catalog.version"
    /// The key under which the basis of the tasks' stored instants is kept (TaskStore+Instants).
    static let taskInstantsBasis = "task.instants.basis"

    var key: String
    var value: String
}
