import Glibc
import KitCore

/// A config value as TOML gave it, without TOMLKit's types (which stay in KitSettings+TOML).
enum ConfigValue: Sendable {
    case string(String)
    case integer(Int)
    /// Any other TOML value (a float, a boolean, a table, an array, a date), described.
    case other(String)
}

/// One table of config.toml, read by its section. Each accessor returns nil for an absent key
/// and throws a `ConfigError` naming `section.key` for a value it cannot take.
struct ConfigTable: Sendable {
    let section: String
    let path: String
    let values: [String: ConfigValue]

    /// The section's keys that are set.
    var keys: [String] { values.keys.sorted() }

    func error(_ key: String, _ message: String) -> ConfigError {
        ConfigError(path: path, message: "\(section).\(key)\(message)")
    }

    /// A text in quotes, `what` saying what it should be (`a command in quotes, such as …`).
    func string(_ key: String, _ what: String, allowEmpty: Bool = false) throws(ConfigError) -> String? {
        guard let value = values[key] else { return nil }
        guard case .string(let text) = value, allowEmpty || !text.trimmingWhitespace().isEmpty else {
            throw error(key, " must be \(what)")
        }
        return text
    }

    /// A whole number in `range`.
    func integer(_ key: String, in range: ClosedRange<Int>, _ what: String = "") throws(ConfigError) -> Int? {
        guard let value = values[key] else { return nil }
        guard case .integer(let number) = value, range.contains(number) else {
            throw error(key, " must be a whole number from \(range.lowerBound) to \(range.upperBound)\(what)")
        }
        return number
    }

    /// A duration in quotes, a second or more; with `allowOff`, "off" (or 0) is 0.
    func duration(_ key: String, allowOff: Bool) throws(ConfigError) -> Nanoseconds? {
        guard let value = values[key] else { return nil }
        guard case .string(let text) = value else { throw error(key, " must be a duration in quotes, such as \"2h\"") }
        if allowOff && ["off", "0", "0s"].contains(text.lowercased()) { return 0 }
        let duration: Nanoseconds
        do throws(DurationParseError) {
            duration = try DurationParser.parse(text)
        } catch {
            throw self.error(key, ": \(error.description)")
        }
        guard duration >= Nanoseconds.second else {
            throw error(
                key, " = \"\(text)\" is under a second; give \"1s\" or more\(allowOff ? ", or \"off\"" : "")")
        }
        return duration
    }

    /// A time of day in quotes, `"09:00"`.
    func timeOfDay(_ key: String) throws(ConfigError) -> TimeOfDay? {
        guard let value = values[key] else { return nil }
        guard case .string(let text) = value, let time = Self.timeOfDay(text) else {
            throw error(key, " must be a time such as \"09:00\"")
        }
        return time
    }

    /// A path in quotes, `~/` read as the home directory.
    func path(_ key: String, _ what: String) throws(ConfigError) -> String? {
        try string(key, what).map(Self.expandingHome)
    }

    /// `~/x` as `$HOME/x`.
    static func expandingHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = getenv("HOME") else { return path }
        return String(cString: home) + path.dropFirst()
    }

    private static func timeOfDay(_ text: String) -> TimeOfDay? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
        return try? TimeOfDay.validated(hour: hour, minute: minute, second: 0)
    }
}
