import KitCore
import KitLocalization
import KitProtocol

/// What the popups for fired timers say. Many timers that came due while kitd was down are
/// gathered into one digest instead of a storm of popups. A late popup says that kitd was not
/// running only when the timer came due before this kitd started (`startedAt`); one late for
/// another reason (kitd stopped with SIGSTOP, a machine too busy) says only how late it is.
enum TimerPopups {
    /// More late timers than this at once become one digest popup.
    static let digestThreshold = 3

    /// The popups for timers that fired together. `worded` gives the popup of a timer whose
    /// wording another feature owns (a ramen cook), or nil for the timers' own.
    static func fired(
        _ timers: [Countdown], now: ClockReading, startedAt: WallTime, sounds: SoundSettings,
        worded: (Countdown) -> Popup?
    ) -> [Popup] {
        let missed = timers.filter { if case .fired(let record) = $0.state { record.late } else { false } }
        if missed.count > digestThreshold {
            let missedIDs = Set(missed.map(\.id))
            return [digest(missed, now: now, startedAt: startedAt, sound: sounds.sound(for: .timer))]
                + timers.filter { !missedIDs.contains($0.id) }.map {
                    worded($0) ?? popup(for: $0, now: now, startedAt: startedAt, sounds: sounds)
                }
        }
        return timers.map { worded($0) ?? popup(for: $0, now: now, startedAt: startedAt, sounds: sounds) }
    }

    /// `, while kitd was not running` for a fire due before kitd started; nothing otherwise.
    static func whileDown(_ record: FireRecord, startedAt: WallTime) -> String {
        record.due < startedAt ? Localized.text(", while kitd was not running") : ""
    }

    /// The popup of one fired timer; it plays the timer's own sound (`--sound`, `--silent`), or
    /// the one `[sound] timer` sets.
    static func popup(for timer: Countdown, now: ClockReading, startedAt: WallTime, sounds: SoundSettings) -> Popup {
        var body = Localized.text(
            "%1$s timer, started at %2$s.", LocaleDuration.text(timer.duration),
            ClockText.short(timer.createdAt, now: now.wall, in: LocalZone(), style: LocaleClock.popupStyle))
        if case .fired(let record) = timer.state, record.late {
            body +=
                "\n"
                + Localized.text(
                    "It was due %1$s ago, at %2$s%3$s.", LocaleDuration.text(record.lateness, rounding: .down),
                    ClockText.short(record.due, now: now.wall, in: LocalZone(), style: LocaleClock.popupStyle),
                    whileDown(record, startedAt: startedAt)
                )
        }
        return Popup(
            subject: TimerPopup.fired(timer.id), summary: Localized.text("%s is done", timer.label), body: body,
            icon: "appointment-soon", urgency: .critical, sound: sounds.sound(for: .timer, choice: timer.sound),
            category: "x-kit.timer.fired",
            actions: TimerPopup.Button.allCases.map { Popup.Action(key: $0.rawValue, label: $0.label) },
            bodyWithoutActions: body + "\n" + Localized.text("Again: %s", againCommand(timer)), requestedAt: now.boot)
    }

    /// The kitctl command that starts the same timer again, as the Restart button does.
    static func againCommand(_ timer: Countdown) -> String {
        let name = timer.name.map { " --name " + ShellQuote.quoted($0) } ?? ""
        return "kitctl timer start \(DurationFormatter.compact(timer.duration))\(name)"
    }

    private static func digest(_ timers: [Countdown], now: ClockReading, startedAt: WallTime, sound: PopupSound)
        -> Popup
    {
        let allWhileDown = timers.allSatisfy { timer in
            if case .fired(let record) = timer.state { record.due < startedAt } else { false }
        }
        let lines = timers.prefix(8).map { timer -> String in
            guard case .fired(let record) = timer.state else { return timer.label }
            return Localized.text(
                "%1$s: due %2$s ago", timer.label, LocaleDuration.text(record.lateness, rounding: .down))
        }
        let more =
            DigestText.rest(
                timers.dropFirst(8).map(\.label), count: max(0, timers.count - 8), see: "`kitctl timer list --all`"
            ).map { "\n" + $0 } ?? ""
        return Popup(
            subject: TimerPopup.digest,
            summary: allWhileDown
                ? Localized.text("%s timers finished while kitd was off", String(timers.count))
                : Localized.text("%s timers finished late", String(timers.count)),
            body: lines.joined(separator: "\n") + more, icon: "appointment-missed", urgency: .critical,
            sound: sound, category: "x-kit.timer.fired", requestedAt: now.boot)
    }
}

extension SoundKind {
    /// A timer is done: `[sound] timer`.
    static let timer = SoundKind("timer", plays: .theme("alarm-clock-elapsed"))
}
