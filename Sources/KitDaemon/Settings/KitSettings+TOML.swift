import Foundation
import KitCore
import TOMLKit

/// Reads KitSettings from TOML. The only file that imports TOMLKit.
extension KitSettings {
    /// The settings in the file at `path`, or the defaults when there is no file. A file named
    /// on the command line (`required`) must exist: a typo in it should not pass for defaults.
    public static func load(path: String, required: Bool = false) throws(ConfigError) -> KitSettings {
        guard FileManager.default.fileExists(atPath: path) else {
            if required { throw ConfigError(path: path, message: "there is no such file") }
            return KitSettings()
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigError(path: path, message: "cannot read it (\(error.localizedDescription))")
        }
        return try parse(text, path: path)
    }

    public static func parse(_ text: String, path: String = "config.toml") throws(ConfigError) -> KitSettings {
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(path: path, message: "line \(error.source.begin.line): \(error.description)")
        } catch {
            throw ConfigError(path: path, message: "\(error)")
        }
        var settings = KitSettings()
        for section in root.keys {
            guard let allowed = keys[section] else {
                throw ConfigError(
                    path: path,
                    message: "unknown section [\(section)]; known: \(keys.keys.sorted().joined(separator: ", "))")
            }
            guard let table = root[section]?.table else {
                throw ConfigError(path: path, message: "\(section) must be a table: [\(section)]")
            }
            for key in table.keys where !allowed.contains(key) {
                throw ConfigError(
                    path: path,
                    message: "unknown key '\(key)' in [\(section)]; known: \(allowed.sorted().joined(separator: ", "))")
            }
        }
        let stopwatch = root["stopwatch"]?.table
        let tasks = root["tasks"]?.table
        if let value = stopwatch?["remind_after"] {
            settings.stopwatchRemindAfter = try duration(value, "stopwatch.remind_after", path, allowOff: true)
        }
        if let value = tasks?["snooze"] {
            settings.taskSnooze = try duration(value, "tasks.snooze", path, allowOff: false)
        }
        if let value = tasks?["staleness"] {
            settings.taskStaleness = try duration(value, "tasks.staleness", path, allowOff: false)
        }
        if let value = tasks?["all_day_time"] {
            guard let text = value.string, let time = Self.timeOfDay(text) else {
                throw ConfigError(path: path, message: "tasks.all_day_time must be a time such as \"09:00\"")
            }
            settings.taskAllDayTime = time
        }
        if let value = tasks?["digest_after"] {
            guard let number = value.int, number >= 1, number <= 100 else {
                throw ConfigError(path: path, message: "tasks.digest_after must be a whole number from 1 to 100")
            }
            settings.taskDigestAfter = number
        }
        if let value = root["popups"]?.table?["burst_after"] {
            guard let number = value.int, number >= 1, number <= 100 else {
                throw ConfigError(path: path, message: "popups.burst_after must be a whole number from 1 to 100")
            }
            settings.popupBurstAfter = number
        }
        for (key, keyPath) in [
            ("tasks", \KitSettings.vdirTasks), ("diary", \KitSettings.vdirDiary), ("memos", \KitSettings.vdirMemos),
        ] {
            guard let value = root["vdir"]?.table?[key] else { continue }
            guard let text = value.string, !text.trimmingWhitespace().isEmpty else {
                throw ConfigError(
                    path: path,
                    message:
                        "vdir.\(key) must be a directory path such as \"~/.local/share/kit/vdir/\(key)\", or \"off\"")
            }
            settings[keyPath: keyPath] = text.lowercased() == "off" ? "" : Self.expandingHome(text)
        }
        let sync = root["sync"]?.table
        if let value = sync?["command"] {
            guard let text = value.string, !text.trimmingWhitespace().isEmpty else {
                throw ConfigError(
                    path: path, message: "sync.command must be a command in quotes, such as \"vdirsyncer sync kit\"")
            }
            settings.syncCommand = text
        }
        if let value = sync?["interval"] {
            settings.syncInterval = try duration(value, "sync.interval", path, allowOff: true)
        }
        if let value = sync?["after_change"] {
            settings.syncAfterChange = try duration(value, "sync.after_change", path, allowOff: true)
        }
        if let value = sync?["timeout"] {
            settings.syncTimeout = try duration(value, "sync.timeout", path, allowOff: false)
        }
        if settings.syncCommand == nil, let key = sync?.keys.first {
            throw ConfigError(
                path: path, message: "sync.\(key) is set, but sync.command is not: name the command to run")
        }
        if let table = root["sound"]?.table { settings.sounds = try sounds(table, path) }
        return settings
    }

    /// The `[sound]` table: a sound per kind of popup, and volumes.
    private static func sounds(_ table: TOMLTable, _ path: String) throws(ConfigError) -> SoundSettings {
        var sounds = SoundSettings()
        for kind in SoundSettings.Kind.allCases {
            guard let value = table[kind.rawValue] else { continue }
            let key = "sound.\(kind.rawValue)"
            guard let text = value.string else {
                throw ConfigError(
                    path: path, message: "\(key) must be a sound in quotes, such as \"\(kind.defaultChoice.text)\"")
            }
            let trimmed = text.trimmingWhitespace()
            let expanded = SoundChoice.looksLikeFile(trimmed) ? expandingHome(trimmed) : trimmed
            let choice: SoundChoice
            do throws(KitError) {
                choice = try SoundChoice.parse(expanded)
            } catch {
                throw ConfigError(path: path, message: "\(key): \(error.message) (a file starts with / or ~/)")
            }
            if case .file(let file) = choice, let problem = PopupSound.fileProblem(file) {
                throw ConfigError(path: path, message: "\(key): \(problem)")
            }
            sounds.choices[kind] = choice
        }
        func volume(_ key: String) throws(ConfigError) -> Int? {
            guard let value = table[key] else { return nil }
            guard let number = value.int, SoundSettings.volumeRange.contains(number) else {
                throw ConfigError(
                    path: path,
                    message:
                        "sound.\(key) must be a whole number from 1 to 100 (percent); for no sound, set the sound to \"off\""
                )
            }
            return number
        }
        if let number = try volume("volume") { sounds.volume = number }
        for family in SoundSettings.Family.allCases {
            if let number = try volume(family.volumeKey) { sounds.familyVolumes[family] = number }
        }
        return sounds
    }

    /// `~/x` as `$HOME/x`.
    private static func expandingHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = getenv("HOME") else { return path }
        return String(cString: home) + path.dropFirst()
    }

    private static func duration(_ value: TOMLValueConvertible, _ key: String, _ path: String, allowOff: Bool)
        throws(ConfigError) -> Nanoseconds
    {
        guard let text = value.string else {
            throw ConfigError(path: path, message: "\(key) must be a duration in quotes, such as \"2h\"")
        }
        if allowOff && ["off", "0", "0s"].contains(text.lowercased()) { return 0 }
        let value: Nanoseconds
        do throws(DurationParseError) {
            value = try DurationParser.parse(text)
        } catch {
            throw ConfigError(path: path, message: "\(key): \(error.description)")
        }
        guard value >= Nanoseconds.nanosecondsPerSecond else {
            throw ConfigError(
                path: path,
                message: "\(key) = \"\(text)\" is under a second; give \"1s\" or more\(allowOff ? ", or \"off\"" : "")")
        }
        return value
    }

    private static func timeOfDay(_ text: String) -> TimeOfDay? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
        return try? TimeOfDay.validated(hour: hour, minute: minute, second: 0)
    }
}
