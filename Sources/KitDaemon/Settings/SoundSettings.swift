import KitCore

/// What each kind of popup plays, and how loud: config.toml's `[sound]` table. The kinds are
/// the features' (`Daemon.soundKinds`).
///
/// ```toml
/// [sound]
/// timer = "alarm-clock-elapsed"        # a name from the sound theme, a file, or "off"
/// ramen = "alarm-clock-elapsed"        # a cook is done
/// ramen_step = "bell"                  # a step of a cook ("1:00 left: add the egg")
/// task = "bell"                        # a task is due, its nags, and missed reminders
/// task_alert = "message-new-instant"   # a reminder before a task is due
/// stopwatch = "message-new-instant"    # a stopwatch's "still running" notice
/// volume = 100                         # percent, for every kind
/// timer_volume = 100                   # and for one family: timer_, ramen_, task_, stopwatch_volume
/// ```
struct SoundSettings: ConfigSection, Equatable {
    static let name = "sound"
    static var keys: Set<String> {
        Set(Daemon.soundKinds.flatMap { [$0.key, $0.volumeKey] } + ["volume"])
    }

    /// The sounds the file sets, by kind key; the other kinds play their `defaultChoice`.
    var choices: [String: SoundChoice] = [:]
    /// The volume of every kind without a volume of its family's, in percent.
    var volume = 100
    var familyVolumes: [String: Int] = [:]

    init() {}

    init(_ table: ConfigTable) throws(ConfigError) {
        for kind in Daemon.soundKinds {
            guard
                let text = try table.string(
                    kind.key, "a sound in quotes, such as \"\(kind.defaultChoice.text)\"", allowEmpty: true)
            else { continue }
            let trimmed = text.trimmingWhitespace()
            let expanded = SoundChoice.looksLikeFile(trimmed) ? ConfigTable.expandingHome(trimmed) : trimmed
            let choice: SoundChoice
            do throws(KitError) {
                choice = try SoundChoice.parse(expanded)
            } catch {
                throw table.error(kind.key, ": \(error.message) (a file starts with / or ~/)")
            }
            if case .file(let file) = choice, let problem = PopupSound.fileProblem(file) {
                throw table.error(kind.key, ": \(problem)")
            }
            choices[kind.key] = choice
        }
        let percent = " (percent); for no sound, set the sound to \"off\""
        if let number = try table.integer("volume", in: Self.volumeRange, percent) { volume = number }
        for kind in Daemon.soundKinds {
            if let number = try table.integer(kind.volumeKey, in: Self.volumeRange, percent) {
                familyVolumes[kind.family] = number
            }
        }
    }

    /// What a `kind` popup plays: `choice` when the person chose one for this popup (a timer
    /// started with `--sound` or `--silent`), else the configured one, else the kind's default.
    /// `off` is kept as a sound, so that a server that plays sounds is told to stay silent.
    func sound(for kind: SoundKind, choice: SoundChoice? = nil) -> PopupSound {
        PopupSound(
            choice: choice ?? choices[kind.key] ?? kind.defaultChoice,
            volume: familyVolumes[kind.family] ?? volume)
    }

    /// The volumes taken, in percent.
    static let volumeRange = 1...100
}
