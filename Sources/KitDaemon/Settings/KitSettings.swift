import KitCore

/// The user's settings, from `$XDG_CONFIG_HOME/kit/config.toml` (default `~/.config/kit`).
/// Every setting has a default, so the file is optional; an unknown key is an error, so a typo
/// does not go unnoticed.
///
/// ```toml
/// [stopwatch]
/// remind_after = "2h"      # "still running" notice; "off" for none
///
/// [tasks]
/// snooze = "10m"           # default for `kitctl task snooze` and the popup's Snooze button
/// all_day_time = "09:00"   # when a task due on a bare date fires
/// staleness = "12h"        # missed reminders older than this go into one digest
/// digest_after = 3         # more missed reminders than this at once go into one digest
///
/// [popups]
/// burst_after = 5          # more popups than this within a second: the rest go into one digest
///
/// [vdir]
/// tasks = "~/.local/share/kit/vdir/tasks"   # keep every task as a .ics file there; "off" for none
/// diary = "~/.local/share/kit/vdir/diary"   # every diary entry, likewise
/// memos = "~/.local/share/kit/vdir/memos"   # every memo, likewise
///                                           # (absent: none, or with [sync] the data dir's vdir/NAME)
///
/// [sync]
/// command = "vdirsyncer sync kit"   # run through /bin/sh -c (no sync when absent)
/// interval = "15m"                  # and this often; "off" for only after changes and `kitctl sync`
/// after_change = "5s"               # this long after kit changed a vdir file; "off" for never
/// timeout = "5m"                    # a run that takes longer is stopped and reported
///
/// [sound]                           # see SoundSettings
/// timer = "alarm-clock-elapsed"     # a sound theme name, a file, or "off"; also ramen, ramen_step,
/// volume = 100                      # task, task_alert, stopwatch, and <family>_volume
/// ```
public struct KitSettings: Sendable, Equatable {
    public var stopwatchRemindAfter: Nanoseconds = 2 * 3600 * Nanoseconds.nanosecondsPerSecond
    public var taskSnooze: Nanoseconds = 10 * 60 * Nanoseconds.nanosecondsPerSecond
    public var taskAllDayTime = TimeOfDay(hour: 9, minute: 0, second: 0)
    public var taskStaleness: Nanoseconds = 12 * 3600 * Nanoseconds.nanosecondsPerSecond
    public var taskDigestAfter = 3
    /// More popups than this coming due within a second: the ones past it go into one digest.
    public var popupBurstAfter = 5
    /// The vdir collection kitd keeps its tasks in, one `.ics` file each; nil when not set (see
    /// `vdirPath`), "" when set to "off".
    public var vdirTasks: String?
    /// The vdir collections of diary entries and memos, one `.ics` (VJOURNAL) each; nil keeps none.
    public var vdirDiary: String?
    public var vdirMemos: String?
    /// The command that syncs the vdirs with a server (`vdirsyncer sync kit`); nil runs none.
    public var syncCommand: String?
    /// How often the command runs, counted from the end of the last run; 0 for never.
    public var syncInterval: Nanoseconds = 15 * 60 * Nanoseconds.nanosecondsPerSecond
    /// How long after kit changed a vdir file the command runs; 0 for never.
    public var syncAfterChange: Nanoseconds = 5 * Nanoseconds.nanosecondsPerSecond
    /// A run that takes longer is stopped (SIGTERM, then SIGKILL) and reported as timed out.
    public var syncTimeout: Nanoseconds = 5 * 60 * Nanoseconds.nanosecondsPerSecond
    /// What each kind of popup plays, and how loud.
    public var sounds = SoundSettings()

    public init() {}

    /// Where the collection `name` (`tasks`, `diary` or `memos`, at `setting`) is kept, and
    /// whether kitd makes the directory: the path set in `[vdir]`; when none is set and kitd
    /// runs a sync command, `<data directory>/vdir/<name>`, made if missing; nil when set to
    /// "off", or when neither is set.
    public func vdirPath(_ setting: String?, named name: String, dataDirectory: String) -> (path: String, make: Bool)? {
        if let setting { return setting.isEmpty ? nil : (setting, false) }
        return syncCommand == nil ? nil : (dataDirectory + "/vdir/" + name, true)
    }

    /// The keys the file may have, by table: for the unknown-key check and the docs.
    static let keys: [String: Set<String>] = [
        "stopwatch": ["remind_after"],
        "tasks": ["snooze", "all_day_time", "staleness", "digest_after"],
        "popups": ["burst_after"],
        "vdir": ["tasks", "diary", "memos"],
        "sync": ["command", "interval", "after_change", "timeout"],
        "sound": SoundSettings.keys,
    ]
}

/// Why the config file was refused; kitd prints it and exits 1.
public struct ConfigError: Error, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "cannot use the configuration \(path): \(message)" }
}
