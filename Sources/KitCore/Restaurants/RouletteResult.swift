/// What one spin of the roulette gave.
public struct RouletteResult: Equatable, Sendable {
    /// The places picked, distinct, in the order drawn.
    public let picks: [Place]
    /// How many places matched the filter.
    public let candidateCount: Int
    /// The rotation state to store in place of the old one; nil unless the roulette rotates.
    public let rotation: RotationState?
    /// Whether a rotation round was completed and a new one begun during this spin.
    public let startedNewRound: Bool
    /// Whether avoid-recent could not be honoured for every pick, because every place it was
    /// choosing among had been picked or visited within the window; `notes` says so in words.
    public let includesRecent: Bool
    /// Messages for the person, e.g. about a new round or recent places picked anyway.
    public let notes: [String]
}
