import KitProtocol

extension TimerInfo {
    /// A running, a fired and a cancelled timer, with every optional member set in one of them
    /// and the longest length: what the line writers and readers are held to.
    static var samples: [TimerInfo] {
        let running = TimerInfo(
            id: 7, name: "tea \"green\"\n", label: "tea", state: .running, durationNs: .hour,
            remainingNs: 3_599_734_123_456, dueAt: "2026-11-22T01:00:00.000000Z",
            createdAt: "2026-11-22T00:00:00.000000Z")
        var fired = running
        fired.name = nil
        fired.state = .fired
        fired.dueAt = nil
        fired.remainingNs = 0
        fired.firedAt = "2026-11-22T01:00:00.000150Z"
        fired.late = true
        fired.sound = "bell"
        var cancelled = running
        cancelled.state = .cancelled
        cancelled.cancelledAt = "2026-11-22T00:30:00.000000Z"
        cancelled.durationNs = .max
        cancelled.remainingNs = 1
        return [running, fired, cancelled]
    }
}
