import KitCore
import KitProtocol

/// Reading the configuration again without a restart: `daemon.reload`, and SIGHUP from
/// `systemctl --user reload kitd` (ExecReload).
extension Daemon {
    /// The tables kitd reads only when it starts (the vdir's folder and watch, the sync command's
    /// schedule): a change to them is kept, and takes effect at the next start.
    static let tablesReadAtStart: Set<String> = ["vdir", "sync"]

    /// Reads the configuration file again and puts it in force: every later read of a setting
    /// sees it. A file kitd cannot use is refused with where it is wrong, and the running
    /// configuration stays.
    func reload() throws -> DaemonReloadResult {
        let settings: KitSettings
        do {
            settings = try KitSettings.load(path: paths.configPath, required: paths.configRequired)
        } catch {
            runtime.logger.warning(
                "the configuration was not reloaded; the running one stays",
                metadata: ["config.path": "\(paths.configPath)", "error": "\(error.message)"])
            throw KitError.invalidArgument("\(error); the running configuration stays")
        }
        let changed = runtime.currentSettings.replace(with: settings)
        let restart = changed.filter(Self.tablesReadAtStart.contains)
        for feature in features { feature.settingsChanged(Set(changed)) }
        if changed.contains(TraySettings.name) { traySettingsChanged() }
        runtime.logger.notice(
            "configuration reloaded",
            metadata: [
                "config.path": "\(paths.configPath)", "config.changed": "\(changed.joined(separator: ","))",
                "config.restart_needed": "\(restart.joined(separator: ","))",
            ])
        runtime.status.changed()
        return DaemonReloadResult(path: paths.configPath, changed: changed, restartNeeded: restart)
    }

    /// SIGHUP: a reload, told to systemd; a bad file is logged, and changes nothing.
    func reloadOnSignal() {
        systemd.reloading()
        _ = try? reload()
        systemd.ready(status: statusLine())
    }
}
