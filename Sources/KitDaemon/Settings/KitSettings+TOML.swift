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
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigError(path: path, message: "cannot read it (\(error.localizedDescription))")
        }
        return try parse(text, path: path)
    }

    /// The settings `text` gives, read by `sections` (kitd's: `Daemon.configSections`).
    static func parse(
        _ text: String, path: String = "config.toml", sections: [any ConfigSection.Type] = Daemon.configSections
    ) throws(ConfigError) -> KitSettings {
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(path: path, message: "line \(error.source.begin.line): \(error.description)")
        } catch {
            throw ConfigError(path: path, message: "\(error)")
        }
        var tables: [String: ConfigTable] = [:]
        for name in root.keys {
            guard let section = sections.first(where: { $0.name == name }) else {
                let known = sections.map { $0.name }.sorted().joined(separator: ", ")
                throw ConfigError(path: path, message: "unknown section [\(name)]; known: \(known)")
            }
            guard let table = root[name]?.table else {
                throw ConfigError(path: path, message: "\(name) must be a table: [\(name)]")
            }
            for key in table.keys where !section.keys.contains(key) {
                throw ConfigError(
                    path: path,
                    message:
                        "unknown key '\(key)' in [\(name)]; known: \(section.keys.sorted().joined(separator: ", "))")
            }
            var values: [String: ConfigValue] = [:]
            for key in table.keys {
                guard let value = table[key] else { continue }
                if let text = value.string {
                    values[key] = .string(text)
                } else if let number = value.int {
                    values[key] = .integer(number)
                } else {
                    values[key] = .other("\(value)")
                }
            }
            tables[name] = ConfigTable(section: name, path: path, values: values)
        }
        var settings = KitSettings()
        for section in sections {
            guard let table = tables[section.name] else { continue }
            try settings.read(section, table)
        }
        return settings
    }

    private mutating func read<Section: ConfigSection>(_ type: Section.Type, _ table: ConfigTable)
        throws(ConfigError)
    {
        self[type] = try Section(table)
    }
}
