/// A countdown timer. It counts on the boot clock, so time spent suspended counts, and it keeps
/// the matching wall-clock instant so that it survives a restart or a reboot.
public struct Countdown: Sendable, Equatable, Identifiable {
    public let id: Int64
    public var name: String?
    /// The full length, including time added or removed since it started.
    public var duration: Nanoseconds
    public var createdAt: WallTime
    public var state: CountdownState
    /// What its popup plays when it fires, when the person chose (`kitctl timer start --sound`,
    /// `--silent`); nil for what config.toml sets for timers.
    public var sound: SoundChoice?

    public init(
        id: Int64, name: String?, duration: Nanoseconds, createdAt: WallTime, state: CountdownState,
        sound: SoundChoice? = nil
    ) {
        self.id = id
        self.name = name
        self.duration = duration
        self.createdAt = createdAt
        self.state = state
        self.sound = sound
    }

    /// What people see: the name, or `timer 7` for an unnamed one.
    public var label: String { name ?? "timer \(id)" }

    public var isActive: Bool {
        switch state {
        case .running, .paused: true
        case .fired, .cancelled: false
        }
    }

    /// Time left at `now`: zero once due, fired or cancelled.
    public func remaining(at now: BootTime) -> Nanoseconds {
        switch state {
        case .running(let deadline): max(0, deadline.boot - now)
        case .paused(let remaining): remaining
        case .fired, .cancelled: 0
        }
    }
}

/// The phases of a countdown. Each case carries exactly what that phase needs.
public enum CountdownState: Sendable, Equatable {
    case running(Deadline)
    case paused(remaining: Nanoseconds)
    case fired(FireRecord)
    case cancelled(at: WallTime)

    public var name: String {
        switch self {
        case .running: "running"
        case .paused: "paused"
        case .fired: "fired"
        case .cancelled: "cancelled"
        }
    }
}

/// When a running countdown is due, on both clocks.
public struct Deadline: Sendable, Equatable {
    /// Authoritative while this boot lasts.
    public var boot: BootTime
    /// The same instant on the wall clock; authoritative after a reboot.
    public var wall: WallTime

    public init(boot: BootTime, wall: WallTime) {
        self.boot = boot
        self.wall = wall
    }

    /// Rebuilds a stored deadline after kitd restarts. On the same boot the boot-clock instant is
    /// exact and immune to wall-clock changes; after a reboot only the wall instant means anything.
    ///
    /// On the same boot the stored wall instant is kept when it still agrees with the boot clock
    /// to within `wallTolerance`, so a restart never changes the `dueAt` a client was given;
    /// when the wall clock was set while kitd was down, it is derived anew.
    public static func restored(bootInstant: BootTime?, wallInstant: WallTime, sameBoot: Bool, now: ClockReading)
        -> Deadline
    {
        if sameBoot, let bootInstant {
            let derived = now.wall(for: bootInstant)
            let disagreement = abs(derived - wallInstant)
            if disagreement <= wallTolerance { return Deadline(boot: bootInstant, wall: wallInstant) }
            // The wall clock was set while kitd was down: the boot clock knows what time passed.
            if disagreement <= clockDisagreementLimit { return Deadline(boot: bootInstant, wall: derived) }
            // Past that, the boot clocks themselves disagree (kitd ran in a time namespace with a
            // boot-clock offset of its own, or outside one): the wall clock is what both shared.
        }
        return Deadline(boot: now.boot(for: wallInstant), wall: wallInstant)
    }

    /// How far the stored wall instant may disagree with the boot clock before it is re-derived.
    public static let wallTolerance: Nanoseconds = 100_000_000

    /// How far the two clocks may disagree, across a restart on the same boot, about what time
    /// passed before the boot clock is no longer trusted for it (60 s).
    public static let clockDisagreementLimit: Nanoseconds = .minute
}

/// How a countdown ended when it fired.
public struct FireRecord: Sendable, Equatable {
    /// The instant it was due, on the wall clock.
    public var due: WallTime
    /// The instant it fired, on the wall clock.
    public var firedAt: WallTime
    /// How long after the due instant it fired, measured on the boot clock.
    public var lateness: Nanoseconds
    /// True when it fired noticeably late: kitd was down or the loop was held up.
    public var late: Bool

    public init(due: WallTime, firedAt: WallTime, lateness: Nanoseconds, late: Bool) {
        self.due = due
        self.firedAt = firedAt
        self.lateness = lateness
        self.late = late
    }
}
