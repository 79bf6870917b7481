/// The alert of one timed step of a cook, on the boot clock: the `index`th `left` step of the
/// cook running on timer `timerID`.
struct RamenStepAlarm: Hashable, Comparable, Sendable {
    let timerID: Int64
    let index: Int

    static func < (lhs: RamenStepAlarm, rhs: RamenStepAlarm) -> Bool {
        (lhs.timerID, lhs.index) < (rhs.timerID, rhs.index)
    }
}
