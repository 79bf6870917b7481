import Foundation
import KitCore
import TOMLKit

/// Reads KitSettings from TOML. The only file that imports TOMLKit: each table becomes a
/// `ConfigTable` that its section reads.
extension KitSettings {
    /// The settings in the file at `path`, or the defaults when there is no file. A file named
    /// on the command line (`required`) must exist: a typo in it should not pass for defaults.
    public static func load(path: String, required: Bool = false) throws(ConfigError) -> KitSettings {
        guard FileManager.default.fileExists(atPath: path) else {
            if required { throw ConfigError(path: path, message: "there is no such file") }
            return KitSettings()
        }
        // Read on the loop at a reload: a file of a few kilobytes is all a configuration needs.
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maximumFileSize else {
            throw ConfigError(
                path: path, message: "it is \(size) bytes; a configuration file may have at most \(maximumFileSize)")
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigError(path: path, message: "cannot read it (\(error.localizedDescription))")
        }
        return try parse(text, path: path)
    }

    /// The largest configuration file kitd reads, in bytes.
    static let maximumFileSize = 1 << 20

    /// The settings `text` gives, read by `sections` (kitd's: `Daemon.configSections`).
    static func parse(
        _ text: String, path: String = "config.toml", sections: [any ConfigSection.Type] = Daemon.configSections
    ) throws(ConfigError) -> KitSettings {
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(
                path: path,
                message: "line \(error.source.begin.line), column \(error.source.begin.column): \(error.description)")
        } catch {
            throw ConfigError(path: path, message: "\(error)")
        }
        var tables: [String: ConfigTable] = [:]
        let positions = ConfigPosition.keys(in: text)
        for name in root.keys {
            guard let section = sections.first(where: { $0.name == name }) else {
                let known = sections.map { $0.name }.sorted().joined(separator: ", ")
                throw ConfigError(
                    path: path,
                    message: (tableLine(name, in: text).map { "line \($0), column 1: " } ?? "")
                        + "unknown section [\(name)]; known: \(known)")
            }
            guard let table = root[name]?.table else {
                throw ConfigError(path: path, message: "\(name) must be a table: [\(name)]")
            }
            for key in table.keys where !section.keys.contains(key) {
                throw ConfigError(
                    path: path,
                    message: (positions[name]?[key].map { "\($0): " } ?? "")
                        + "unknown key '\(key)' in [\(name)]; known: \(section.keys.sorted().joined(separator: ", "))")
            }
            var values: [String: ConfigValue] = [:]
            for key in table.keys {
                guard let value = table[key] else { continue }
                if let text = value.string {
                    values[key] = .string(text)
                } else if let number = value.int {
                    values[key] = .integer(number)
                } else if let flag = value.bool {
                    values[key] = .bool(flag)
                } else if let array = value.array, case let texts = array.compactMap(\.string),
                    texts.count == array.count
                {
                    values[key] = .strings(texts)
                } else {
                    values[key] = .other("\(value)")
                }
            }
            tables[name] = ConfigTable(section: name, path: path, values: values, positions: positions[name] ?? [:])
        }
        var settings = KitSettings()
        settings.written = tables.mapValues(\.values)
        for section in sections {
            guard let table = tables[section.name] else { continue }
            try settings.read(section, table)
        }
        return settings
    }

    /// The line of `[name]` in `text`, 1-based.
    private static func tableLine(_ name: String, in text: String) -> Int? {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
            String($0).trimmingWhitespace().hasPrefix("[\(name)]")
        }.map { $0 + 1 }
    }

    private mutating func read<Section: ConfigSection>(_ type: Section.Type, _ table: ConfigTable)
        throws(ConfigError)
    {
        self[type] = try Section(table)
    }
}
