/// The settings kitd runs with now, shared by the runtime and every feature: one place that a
/// reload (`daemon.reload`, SIGHUP) replaces, so that the next read of any section sees the file
/// as it is now. Touched only on the loop thread.
final class CurrentSettings {
    private(set) var value: KitSettings

    init(_ value: KitSettings) { self.value = value }

    /// Puts `settings` in force; returns the names of the tables whose settings changed.
    func replace(with settings: KitSettings) -> [String] {
        let changed = value.changedTables(comparedWith: settings)
        value = settings
        return changed
    }
}
