/// When a task's popups are due: the schedule the daemon arms on the wall clock. Pure: it takes
/// `now` and the zone, so clock jumps and zone changes are tested by passing other ones.
extension TaskItem {
    public struct PendingFire: Equatable, Sendable {
        public var fire: TaskFire
        public var at: WallTime

        public init(fire: TaskFire, at: WallTime) {
            self.fire = fire
            self.at = at
        }
    }

    /// Every popup still to come for the current occurrence, earliest first.
    public func pendingFires(in zone: some UTCOffsets) -> [PendingFire] {
        guard isOpen else { return [] }
        let due = self.due(in: zone)
        var fires: [PendingFire] = []
        for (index, offset) in alerts.enumerated() where alertsFired & (1 << index) == 0 && !dueFired {
            fires.append(PendingFire(fire: .alert(index), at: due + (-offset)))
        }
        if let snoozedUntil {
            fires.append(PendingFire(fire: .due, at: snoozedUntil))
        } else if !dueFired {
            fires.append(PendingFire(fire: .due, at: due))
        } else if let nag, let last = lastNagAt {
            fires.append(PendingFire(fire: .nag, at: last + nag))
        }
        return fires.sorted { $0.at != $1.at ? $0.at < $1.at : $0.fire < $1.fire }
    }

    /// The first of `pendingFires`, worked out without building the list: what the agenda arms.
    public func nextFire(in zone: some UTCOffsets) -> PendingFire? {
        guard isOpen else { return nil }
        var best: PendingFire?
        func consider(_ fire: TaskFire, _ at: WallTime) {
            if let current = best, current.at < at || (current.at == at && current.fire <= fire) { return }
            best = PendingFire(fire: fire, at: at)
        }
        let due = self.due(in: zone)
        if !dueFired {
            for (index, offset) in alerts.enumerated() where alertsFired & (1 << index) == 0 {
                consider(.alert(index), due + (-offset))
            }
        }
        if let snoozedUntil {
            consider(.due, snoozedUntil)
        } else if !dueFired {
            consider(.due, due)
        } else if let nag, let last = lastNagAt {
            consider(.nag, last + nag)
        }
        return best
    }

    /// The instant `fire` is due at, if it is still pending.
    public func instant(of fire: TaskFire, in zone: some UTCOffsets) -> WallTime? {
        pendingFires(in: zone).first { $0.fire == fire }?.at
    }
}
