import KitCore

/// config.toml's `[calendars]` table: the vdir calendars whose alarms kit rings, read-only.
///
/// ```toml
/// [calendars]
/// watch = ["~/.calendars/*", "~/.local/share/khal/calendars/work"]   # vdir collections; globs allowed
/// # (a folder that appears later under a pattern's wildcard is watched as it appears)
/// default_alarm = "10m"   # for events and to-dos without a VALARM: this long before; "" for none
/// ```
struct CalendarSettings: ConfigSection, Equatable {
    static let name = "calendars"
    static let keys: Set<String> = ["watch", "default_alarm"]

    /// The folders, or patterns, as written, `~/` read as the home directory.
    var watch: [String] = []
    /// How long before its start an item without a VALARM rings; nil for never.
    var defaultAlarm: Nanoseconds?

    init() {}

    init(_ table: ConfigTable) throws(ConfigError) {
        if let paths = try table.strings("watch", "folders in quotes, such as [\"~/.calendars/*\"]") {
            watch = paths.map(ConfigTable.expandingHome)
        }
        if let text = try table.string(
            "default_alarm", "a duration in quotes such as \"10m\", or \"\"", allowEmpty: true)
        {
            let trimmed = text.trimmingWhitespace().lowercased()
            if trimmed.isEmpty || trimmed == "off" {
                defaultAlarm = nil
            } else if ["0", "0s", "0m"].contains(trimmed) {
                defaultAlarm = 0
            } else {
                defaultAlarm = try table.duration("default_alarm", allowOff: false)
            }
        }
    }

    /// The alarm an item without one of its own gets.
    var fallbackAlarm: CalendarAlarm? {
        defaultAlarm.map { CalendarAlarm(trigger: .start(Nanoseconds(-$0.value))) }
    }
}
