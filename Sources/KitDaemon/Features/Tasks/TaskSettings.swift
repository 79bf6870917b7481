import KitCore

/// config.toml's `[tasks]` table.
///
/// ```toml
/// [tasks]
/// snooze = "10m"           # default for `kitctl task snooze` and the popup's Snooze button
/// all_day_time = "09:00"   # when a task due on a bare date fires
/// staleness = "12h"        # missed reminders older than this go into one digest
/// digest_after = 3         # more missed reminders than this at once go into one digest
/// ```
struct TaskSettings: ConfigSection, Equatable {
    static let name = "tasks"
    static let keys: Set<String> = ["snooze", "all_day_time", "staleness", "digest_after"]

    var snooze: Nanoseconds = 10 * 60 * Nanoseconds.second
    var allDayTime = TimeOfDay(hour: 9, minute: 0, second: 0)
    var staleness: Nanoseconds = 12 * 3600 * Nanoseconds.second
    var digestAfter = 3

    init() {}

    init(_ table: ConfigTable) throws(ConfigError) {
        if let value = try table.duration("snooze", allowOff: false) { snooze = value }
        if let value = try table.duration("staleness", allowOff: false) { staleness = value }
        if let value = try table.timeOfDay("all_day_time") { allDayTime = value }
        if let value = try table.integer("digest_after", in: 1...100) { digestAfter = value }
    }
}
