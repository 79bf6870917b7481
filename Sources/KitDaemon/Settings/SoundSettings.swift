import KitCore

/// What each kind of popup plays, and how loud: config.toml's `[sound]` table.
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
public struct SoundSettings: Sendable, Equatable {
    /// The kinds of popup that make a sound, by their key in `[sound]`.
    public enum Kind: String, CaseIterable, Sendable {
        case timer
        case ramen
        case ramenStep = "ramen_step"
        case task
        case taskAlert = "task_alert"
        case stopwatch

        /// What plays when config.toml says nothing.
        public var defaultChoice: SoundChoice {
            switch self {
            case .timer, .ramen: .theme("alarm-clock-elapsed")
            case .ramenStep, .task: .theme("bell")
            case .taskAlert, .stopwatch: .theme("message-new-instant")
            }
        }

        /// The family whose `<family>_volume` key sets its volume: a ramen step's is ramen's,
        /// a task's pre-alert is task's.
        public var family: Family {
            switch self {
            case .timer: .timer
            case .ramen, .ramenStep: .ramen
            case .task, .taskAlert: .task
            case .stopwatch: .stopwatch
            }
        }
    }

    /// The kinds that share a volume key.
    public enum Family: String, CaseIterable, Sendable {
        case timer, ramen, task, stopwatch

        public var volumeKey: String { rawValue + "_volume" }
    }

    /// The sounds the file sets; the other kinds play their `defaultChoice`.
    public var choices: [Kind: SoundChoice] = [:]
    /// The volume of every kind without a volume of its family's, in percent.
    public var volume = 100
    public var familyVolumes: [Family: Int] = [:]

    public init() {}

    /// What a `kind` popup plays: `choice` when the person chose one for this popup (a timer
    /// started with `--sound` or `--silent`), else the configured one, else the kind's default.
    /// `off` is kept as a sound, so that a server that plays sounds is told to stay silent.
    func sound(for kind: Kind, choice: SoundChoice? = nil) -> PopupSound {
        PopupSound(
            choice: choice ?? choices[kind] ?? kind.defaultChoice,
            volume: familyVolumes[kind.family] ?? volume)
    }

    /// Every key `[sound]` may have.
    static var keys: Set<String> {
        Set(Kind.allCases.map(\.rawValue) + Family.allCases.map(\.volumeKey) + ["volume"])
    }

    /// The volumes taken, in percent.
    public static let volumeRange = 1...100
}
