import GRDB

/// Time zones that calendar files defined in a VTIMEZONE and that match no zone of the system's
/// tz database (Outlook's `Customized Time Zone` with pre-2007 US rules): kept as the VTIMEZONE
/// text under the name tasks pin, so a task in one outlives the file and a restart.
public struct ZoneDefinitionStore {
    let database: KitDatabase
}

extension ZoneDefinitionStore {
    /// Every kept definition: VTIMEZONE text by the zone name tasks use.
    public func all() throws -> [String: String] {
        try database.read { db in
            var result: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT name, vtimezone FROM zone_definition") {
                result[row[0]] = row[1]
            }
            return result
        }
    }

    /// Keeps a definition under `name`, in the open batch (so it lands with the import that
    /// uses it, or not at all). A name already kept keeps its first definition.
    public func keep(name: String, vtimezone: String) throws {
        try database.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO zone_definition (name, vtimezone) VALUES (?, ?)",
                arguments: [name, vtimezone])
        }
    }
}
