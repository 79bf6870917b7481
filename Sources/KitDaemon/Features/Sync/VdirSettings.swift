import KitCore

/// config.toml's `[vdir]` table: where each collection is kept.
///
/// ```toml
/// [vdir]
/// tasks = "~/.local/share/kit/vdir/tasks"   # keep every task as a .ics file there; "off" for none
/// diary = "~/.local/share/kit/vdir/diary"   # every diary entry, likewise
/// memos = "~/.local/share/kit/vdir/memos"   # every memo, likewise
///                                           # (absent: none, or with [sync] the data dir's vdir/NAME)
/// ```
struct VdirSettings: ConfigSection, Equatable {
    static let name = "vdir"
    static let keys: Set<String> = ["tasks", "diary", "memos"]

    /// The path set for each collection by name; "" when set to "off". A collection not here
    /// follows `path(named:sync:dataDirectory:)`.
    var paths: [String: String] = [:]

    init() {}

    init(_ table: ConfigTable) throws(ConfigError) {
        for key in Self.keys {
            let what = "a directory path such as \"~/.local/share/kit/vdir/\(key)\", or \"off\""
            guard let path = try table.path(key, what) else { continue }
            paths[key] = path.lowercased() == "off" ? "" : path
        }
    }

    /// Where the collection `name` (`tasks`, `diary` or `memos`) is kept, and whether kitd makes
    /// the directory: the path set in `[vdir]`; when none is set and kitd runs a sync command
    /// (`sync`), `<data directory>/vdir/<name>`, made if missing; nil when set to "off", or when
    /// neither is set.
    func path(named name: String, sync: SyncSettings, dataDirectory: String) -> (path: String, make: Bool)? {
        if let setting = paths[name] { return setting.isEmpty ? nil : (setting, false) }
        return sync.command == nil ? nil : (dataDirectory + "/vdir/" + name, true)
    }
}
