import KitCore

/// config.toml's `[sync]` table: the command that syncs the vdirs with a server.
///
/// ```toml
/// [sync]
/// command = "vdirsyncer sync kit"   # run through /bin/sh -c (no sync when absent)
/// interval = "15m"                  # and this often; "off" for only after changes and `kitctl sync`
/// after_change = "5s"               # this long after kit changed a vdir file; "off" for never
/// timeout = "5m"                    # a run that takes longer is stopped and reported
/// ```
struct SyncSettings: ConfigSection, Equatable {
    static let name = "sync"
    static let keys: Set<String> = ["command", "interval", "after_change", "timeout"]

    /// The command that syncs the vdirs with a server (`vdirsyncer sync kit`); nil runs none.
    var command: String?
    /// How often the command runs, counted from the end of the last run; 0 for never.
    var interval: Nanoseconds = 15 * 60 * Nanoseconds.second
    /// How long after kit changed a vdir file the command runs; 0 for never.
    var afterChange: Nanoseconds = 5 * Nanoseconds.second
    /// A run that takes longer is stopped (SIGTERM, then SIGKILL) and reported as timed out.
    var timeout: Nanoseconds = 5 * 60 * Nanoseconds.second

    init() {}

    init(_ table: ConfigTable) throws(ConfigError) {
        command = try table.string("command", "a command in quotes, such as \"vdirsyncer sync kit\"")
        if let value = try table.duration("interval", allowOff: true) { interval = value }
        if let value = try table.duration("after_change", allowOff: true) { afterChange = value }
        if let value = try table.duration("timeout", allowOff: false) { timeout = value }
        if command == nil, let key = table.keys.first {
            throw table.error(key, " is set, but sync.command is not: name the command to run")
        }
    }
}
