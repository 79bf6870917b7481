import KitCore

/// The user's settings, from `$XDG_CONFIG_HOME/kit/config.toml` (default `~/.config/kit`).
/// Every setting has a default, so the file is optional; an unknown table or key is an error,
/// so a typo does not go unnoticed.
///
/// Each table is a `ConfigSection` owned by the part of kitd that reads it, and says its keys
/// and defaults where it is declared: `[stopwatch]` (StopwatchSettings), `[tasks]`
/// (TaskSettings), `[popups]` (PopupSettings), `[vdir]` (VdirSettings), `[sync]` (SyncSettings)
/// and `[sound]` (SoundSettings). `Daemon.configSections` lists them. A part reads its own
/// section: `settings[TaskSettings.self].snooze`.
public struct KitSettings: Sendable {
    private var sections: [String: any ConfigSection] = [:]
    /// Each table as the file wrote it, by name: what a reload compares.
    var written: [String: [String: ConfigValue]] = [:]

    public init() {}

    /// The tables whose settings differ between this and `other`, sorted.
    func changedTables(comparedWith other: KitSettings) -> [String] {
        Set(written.keys).union(other.written.keys).filter { written[$0] != other.written[$0] }.sorted()
    }

    /// The section `type`, as the file set it, or at its defaults.
    subscript<Section: ConfigSection>(_ type: Section.Type) -> Section {
        get { sections[Section.name] as? Section ?? Section() }
        set { sections[Section.name] = newValue }
    }
}

/// Why the config file was refused; kitd prints it and exits 1.
public struct ConfigError: Error, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "cannot use the configuration \(path): \(message)" }
}
