import Glibc
import KitCore
import KitLocalization
import KitProtocol

/// How kitctl writes timers for people.
enum TimerText {
    /// `timer list`'s table: id, name, state, time left, due.
    static func table(_ timers: [TimerInfo]) -> String {
        var table = Table(
            Localized.text("ID"), Localized.text("NAME"), Localized.text("STATE"), Localized.text("LEFT"),
            Localized.text("DUE"))
        for timer in timers {
            table.add("\(timer.id)", timer.name ?? "-", StateWords.timer(timer.state), remaining(timer), due(timer))
        }
        return table.render()
    }

    static func remaining(_ timer: TimerInfo) -> String {
        guard timer.state == .running || timer.state == .paused else { return "-" }
        return DurationFormatter.clock(timer.remainingNs)
    }

    static func due(_ timer: TimerInfo, now: WallTime = currentWallTime()) -> String {
        guard let text = timer.dueAt, let due = Timestamp.parse(text) else { return "-" }
        return LocalClock.short(due, now: now)
    }

    /// `3 (pasta)` or `3`.
    static func reference(_ timer: TimerInfo) -> String { timer.name.map { "\(timer.id) (\($0))" } ?? "\(timer.id)" }

    /// One line for the result of a change.
    /// `Started timer 3 (tea): 5:00 left, due at 14:05`, in the user's language.
    static func started(_ timer: TimerInfo) -> String {
        Localized.text(
            "Started timer %1$s: %2$s left, due at %3$s", reference(timer), remaining(timer), due(timer))
    }

    /// `did` says what happened to the timer, given its reference (`Paused timer 3 (tea)`); then
    /// the time left and when it is due, while it counts.
    static func summary(_ did: (String) -> String, _ timer: TimerInfo) -> String {
        let head = did(reference(timer))
        switch timer.state {
        case .running:
            return head + ": " + Localized.text("%1$s left, due at %2$s", remaining(timer), due(timer))
        case .paused:
            return head + ": " + Localized.text("%s left", remaining(timer))
        default:
            return head
        }
    }

    static func currentWallTime() -> WallTime {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return WallTime(nanoseconds: Int64(now.tv_sec) * Nanoseconds.nanosecondsPerSecond + Int64(now.tv_nsec))
    }

    /// `timer show`: every time the timer has, in local time.
    static func details(_ timer: TimerInfo) -> String {
        let now = currentWallTime()
        func local(_ text: String?) -> String {
            guard let text, let instant = Timestamp.parse(text) else { return "-" }
            return LocalClock.short(instant, now: now)
        }
        var details = Details(Localized.text("timer %s", reference(timer)))
        details.add(
            Localized.text("state:"),
            StateWords.timer(timer.state) + (timer.late == true ? " " + Localized.text("(late)") : ""))
        details.add(Localized.text("length:"), LocaleDuration.text(timer.durationNs))
        details.add(Localized.text("left:"), remaining(timer))
        details.add(Localized.text("started:"), local(timer.createdAt))
        if timer.dueAt != nil { details.add(Localized.text("due:"), local(timer.dueAt)) }
        if timer.firedAt != nil { details.add(Localized.text("fired:"), local(timer.firedAt)) }
        if timer.cancelledAt != nil { details.add(Localized.text("cancelled:"), local(timer.cancelledAt)) }
        if let sound = timer.sound { details.add(Localized.text("sound:"), sound) }
        return details.render()
    }
}
