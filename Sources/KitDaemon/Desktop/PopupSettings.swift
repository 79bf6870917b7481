/// config.toml's `[popups]` table, read by the popup ledger.
///
/// ```toml
/// [popups]
/// burst_after = 5          # more popups than this within a second: the rest go into one digest
/// ```
struct PopupSettings: ConfigSection, Equatable {
    static let name = "popups"
    static let keys: Set<String> = ["burst_after"]

    /// More popups than this coming due within a second: the ones past it go into one digest.
    var burstAfter = 5

    init() {}

    init(_ table: ConfigTable) throws(ConfigError) {
        if let number = try table.integer("burst_after", in: 1...100) { burstAfter = number }
    }
}
