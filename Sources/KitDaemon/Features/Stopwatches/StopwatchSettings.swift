import KitCore

/// config.toml's `[stopwatch]` table.
///
/// ```toml
/// [stopwatch]
/// remind_after = "2h"      # "still running" notice; "off" for none
/// ```
struct StopwatchSettings: ConfigSection, Equatable {
    static let name = "stopwatch"
    static let keys: Set<String> = ["remind_after"]

    /// The "still running" notice of a stopwatch without a threshold of its own; 0 for none.
    var remindAfter: Nanoseconds = 2 * 3600 * Nanoseconds.second

    init() {}

    init(_ table: ConfigTable) throws(ConfigError) {
        if let value = try table.duration("remind_after", allowOff: true) { remindAfter = value }
    }
}
