import KitCore

/// kit in the panel (`Tray`): started by kitd itself (a daemon a test builds in its process has
/// none), after the features, from what they offer (`Feature.tray(into:now:)`).
extension Daemon {
    /// Puts kit in the panel when `[tray] enabled` (the default) and there is a session bus.
    func startTray() {
        guard tray == nil, runtime.settings[TraySettings.self].enabled else { return }
        tray = Tray.start(
            loop: loop, clock: runtime.clock, logger: runtime.logger,
            gather: { [unowned self] now in
                var menu = TrayMenu()
                for feature in features { feature.tray(into: &menu, now: now) }
                return menu
            },
            summarize: { [unowned self] lines, now in
                runtime.popups.post(
                    Popup(
                        subject: TrayPopup.summary, summary: "kit", body: lines.joined(separator: "\n"), icon: "kit",
                        urgency: .low, requestedAt: now.boot))
            },
            act: { [unowned self] action, after in
                try action()
                runtime.commits.onFlushed(after)
            })
        runtime.events.onEmit = { [weak tray] in tray?.changed() }
    }

    /// `[tray]` changed on a reload: on or off, and what Start timer offers.
    func traySettingsChanged() {
        guard runtime.settings[TraySettings.self].enabled else {
            runtime.events.onEmit = nil
            tray = nil
            return
        }
        if let tray { tray.changed() } else { startTray() }
    }
}

/// The popup `Activate` shows: what runs, and what is next.
enum TrayPopup: PopupSubject {
    case summary

    var text: String { "tray:summary" }
}
