/// A cook in progress: the timer it runs on and the steps frozen when it started.
public struct RamenCook: Sendable, Equatable {
    public var timerID: Int64
    public var ramenID: String
    public var steps: [RamenStep]
    /// How many of the `left` steps have alerted so far.
    public var nextStep: Int
    public var memo: String?

    public init(timerID: Int64, ramenID: String, steps: [RamenStep], nextStep: Int = 0, memo: String?) {
        self.timerID = timerID
        self.ramenID = ramenID
        self.steps = steps
        self.nextStep = nextStep
        self.memo = memo
    }
}
