import Glibc
import KitCore

/// A config value as TOML gave it, without TOMLKit's types (which stay in KitSettings+TOML).
enum ConfigValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    /// An array whose every element is a string.
    case strings([String])
    case bool(Bool)
    /// Any other TOML value (a float, a boolean, a table, an array, a date), described.
    case other(String)
}

/// One table of config.toml, read by its section. Each accessor returns nil for an absent key
/// and throws a `ConfigError` naming `section.key` for a value it cannot take.
struct ConfigTable: Sendable {
    let section: String
    let path: String
    let values: [String: ConfigValue]
    /// Where each key is written in the file, so that an error can point at it.
    var positions: [String: ConfigPosition] = [:]

    /// The section's keys that are set.
    var keys: [String] { values.keys.sorted() }

    func error(_ key: String, _ message: String) -> ConfigError {
        ConfigError(path: path, message: (positions[key].map { "\($0): " } ?? "") + "\(section).\(key)\(message)")
    }

    /// A text in quotes, `what` saying what it should be (`a command in quotes, such as …`).
    func string(_ key: String, _ what: String, allowEmpty: Bool = false) throws(ConfigError) -> String? {
        guard let value = values[key] else { return nil }
        guard case .string(let text) = value, allowEmpty || !text.trimmingWhitespace().isEmpty else {
            throw error(key, " must be \(what)")
        }
        return text
    }

    /// A list of texts in quotes, `["a", "b"]`, `what` saying what each should be.
    func strings(_ key: String, _ what: String) throws(ConfigError) -> [String]? {
        guard let value = values[key] else { return nil }
        guard case .strings(let texts) = value, texts.allSatisfy({ !$0.trimmingWhitespace().isEmpty }) else {
            throw error(key, " must be a list of \(what)")
        }
        return texts
    }

    /// `true` or `false`, without quotes.
    func bool(_ key: String) throws(ConfigError) -> Bool? {
        guard let value = values[key] else { return nil }
        guard case .bool(let flag) = value else { throw error(key, " must be true or false, without quotes") }
        return flag
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

/// A place in config.toml, 1-based: `line 4, column 1`.
struct ConfigPosition: Sendable, Equatable, CustomStringConvertible {
    var line: Int
    var column: Int

    var description: String { "line \(line), column \(column)" }

    /// Where each `key = value` of each `[table]` starts in `text`, by table and key: the simple
    /// tables config.toml has (a key written twice is a TOML error before this is read).
    static func keys(in text: String) -> [String: [String: ConfigPosition]] {
        var found: [String: [String: ConfigPosition]] = [:]
        var table = ""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            let content = line.dropFirst(indent)
            if content.hasPrefix("[") {
                table = String(content.dropFirst().prefix { $0 != "]" }).trimmingWhitespace()
            } else if let equals = content.firstIndex(of: "="), !content.hasPrefix("#") {
                var key = String(content[..<equals]).trimmingWhitespace()
                if key.count >= 2, key.first == "\"", key.last == "\"" { key = String(key.dropFirst().dropLast()) }
                found[table, default: [:]][key] = ConfigPosition(line: index + 1, column: indent + 1)
            }
        }
        return found
    }
}
