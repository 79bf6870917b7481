/// What config.toml may hold: each section and each kind of popup sound is declared by the part
/// of kitd that reads it (a feature's folder, or the runtime's), and listed here once.
extension Daemon {
    /// config.toml's tables, each read by its own section.
    static let configSections: [any ConfigSection.Type] = [
        StopwatchSettings.self, TaskSettings.self, PopupSettings.self, VdirSettings.self, SyncSettings.self,
        SoundSettings.self, HolidaySettings.self, CalendarSettings.self, TraySettings.self,
    ]

    /// The kinds of popup that make a sound, in `[sound]`'s order.
    static let soundKinds: [SoundKind] = [.timer, .ramen, .ramenStep, .task, .taskAlert, .stopwatch]
}
