/// The rules for moving a countdown between phases. Each returns the new value or throws a
/// `KitError` that says what the person can do instead; nothing is changed on error.
extension Countdown {
    /// A firing more than this late is marked late.
    public static let lateThreshold: Nanoseconds = Nanoseconds.second

    public static func started(
        id: Int64, name: String?, duration: Nanoseconds, now: ClockReading, sound: SoundChoice? = nil
    ) throws(KitError) -> Countdown {
        guard duration > 0 else { throw .invalidArgument("a timer needs a positive duration") }
        guard duration <= DurationParser.maximum else {
            throw .invalidArgument("a timer can last at most 366 days")
        }
        let deadline = Deadline(boot: now.boot + duration, wall: now.wall + duration)
        return Countdown(
            id: id, name: name, duration: duration, createdAt: now.wall, state: .running(deadline), sound: sound)
    }

    public func paused(at now: ClockReading) throws(KitError) -> Countdown {
        guard case .running(let deadline) = state else { throw invalidState(for: .pause) }
        let remaining = deadline.boot - now.boot
        guard remaining > 0 else { throw .invalidState("\(label) is due now and cannot be paused", state: state.name) }
        var copy = self
        copy.state = .paused(remaining: remaining)
        return copy
    }

    public func resumed(at now: ClockReading) throws(KitError) -> Countdown {
        guard case .paused(let remaining) = state else { throw invalidState(for: .resume) }
        var copy = self
        copy.state = .running(Deadline(boot: now.boot + remaining, wall: now.wall + remaining))
        return copy
    }

    /// Adds (or with a negative amount removes) time. The result must leave time on the clock.
    public func adjusted(by delta: Nanoseconds, at now: ClockReading) throws(KitError) -> Countdown {
        guard delta != 0 else { throw .invalidArgument("the amount to add must not be zero") }
        var copy = self
        let left: Nanoseconds
        switch state {
        case .running(var deadline):
            left = deadline.boot - now.boot + delta
            deadline.boot = deadline.boot + delta
            deadline.wall = deadline.wall + delta
            copy.state = .running(deadline)
        case .paused(let remaining):
            left = remaining + delta
            copy.state = .paused(remaining: left)
        case .fired, .cancelled:
            throw invalidState(for: .addTime)
        }
        guard left > 0 else {
            let has = DurationFormatter.clock(remaining(at: now.boot))
            throw .invalidArgument(
                "\(label) has \(has) left; removing \(DurationFormatter.compact(-delta)) would end it. Remove less, or cancel it"
            )
        }
        guard left <= DurationParser.maximum else { throw .invalidArgument("a timer can last at most 366 days") }
        copy.duration = max(0, duration + delta)
        return copy
    }

    public func cancelled(at now: ClockReading) throws(KitError) -> Countdown {
        guard isActive else { throw invalidState(for: .cancel) }
        var copy = self
        copy.state = .cancelled(at: now.wall)
        return copy
    }

    /// Fires a running countdown. `dueBeforeStart` marks a countdown that came due while kitd was down.
    public func fired(at now: ClockReading, dueBeforeStart: Bool) throws(KitError) -> Countdown {
        guard case .running(let deadline) = state else { throw invalidState(for: .fire) }
        let lateness = max(0, now.boot - deadline.boot)
        var copy = self
        // The due instant as the client was told it (kept current across clock jumps), so the
        // same timer never reports two different due instants.
        copy.state = .fired(
            FireRecord(
                due: deadline.wall, firedAt: now.wall, lateness: lateness,
                late: dueBeforeStart || lateness >= Self.lateThreshold))
        return copy
    }

    /// What a timer cannot have done to it in its state: a whole sentence for each refusal a
    /// person can meet, so that each is one message to translate. Firing, which only kitd asks
    /// for, and the actions a running or paused timer allows share one with the action in it.
    private func invalidState(for action: Action) -> KitError {
        let state = self.state.name
        switch (action, self.state) {
        case (.resume, .running): return .invalidState("cannot resume \(label): it is running", state: state)
        case (_, .running): return .invalidState("cannot \(action.rawValue) \(label): it is running", state: state)
        case (.pause, .paused):
            return .invalidState("cannot pause \(label): it is paused; resume it first", state: state)
        case (_, .paused):
            return .invalidState("cannot \(action.rawValue) \(label): it is paused; resume it first", state: state)
        case (.pause, .fired):
            return .invalidState("cannot pause \(label): it has already fired; start a new one", state: state)
        case (.resume, .fired):
            return .invalidState("cannot resume \(label): it has already fired; start a new one", state: state)
        case (.addTime, .fired):
            return .invalidState("cannot add time to \(label): it has already fired; start a new one", state: state)
        case (.cancel, .fired):
            return .invalidState("cannot cancel \(label): it has already fired; start a new one", state: state)
        case (.pause, .cancelled):
            return .invalidState("cannot pause \(label): it was cancelled; start a new one", state: state)
        case (.resume, .cancelled):
            return .invalidState("cannot resume \(label): it was cancelled; start a new one", state: state)
        case (.addTime, .cancelled):
            return .invalidState("cannot add time to \(label): it was cancelled; start a new one", state: state)
        case (.cancel, .cancelled):
            return .invalidState("cannot cancel \(label): it was cancelled; start a new one", state: state)
        case (.fire, _):
            return .invalidState("cannot \(action.rawValue) \(label): it is \(state)", state: state)
        }
    }

    /// What `invalidState(for:)` was asked to do.
    enum Action: String {
        case pause, resume, cancel, fire
        case addTime = "add time to"
    }
}
