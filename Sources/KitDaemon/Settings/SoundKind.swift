import KitCore

/// A kind of popup that makes a sound, declared by the feature that shows it (`SoundKind.timer`
/// in Timers, `.ramenStep` in Ramen …) and listed in `Daemon.soundKinds`. Its `key` is its key
/// in `[sound]`; its `family` shares a `<family>_volume` key with its kin.
struct SoundKind: Hashable, Sendable, CustomStringConvertible {
    let key: String
    /// What plays when config.toml says nothing.
    let defaultChoice: SoundChoice
    /// The family whose `<family>_volume` key sets its volume: a ramen step's is ramen's.
    let family: String

    init(_ key: String, plays defaultChoice: SoundChoice, family: String? = nil) {
        self.key = key
        self.defaultChoice = defaultChoice
        self.family = family ?? key
    }

    var volumeKey: String { family + "_volume" }
    var description: String { key }
}
