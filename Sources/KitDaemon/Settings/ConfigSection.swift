/// One `[table]` of config.toml, owned by the part of kitd that reads it: a feature's section
/// sits in the feature's folder, and `Daemon.configSections` lists them all. Every key has a
/// default (`init()`), so a missing table or key changes nothing; a key the section does not
/// name is refused before any section reads its table.
protocol ConfigSection: Sendable {
    /// The table's name: `stopwatch` for `[stopwatch]`.
    static var name: String { get }
    /// The keys the table may have.
    static var keys: Set<String> { get }
    /// Every key at its default.
    init()
    /// The section as the file sets it; an error names the key and what it takes.
    init(_ table: ConfigTable) throws(ConfigError)
}
