import KitCore
import KitLocalization

/// What a ramen popup is about.
enum RamenPopup: PopupSubject, Equatable {
    /// A timed step of the cook on a timer: `ramen-step:7:0`.
    case step(timerID: Int64, index: Int)
    /// The cook on a timer is done. It takes the timer's place on screen (`timer:7`). Its
    /// "Cook again" button cooks the same ramen for the same time.
    case done(timerID: Int64, ramenID: String, time: Nanoseconds)

    /// The key of the "Cook again" button.
    static let cookAgain = "cook-again"

    var text: String {
        switch self {
        case .step(let timer, let index): "ramen-step:\(timer):\(index)"
        case .done(let timer, _, _): "timer:\(timer)"
        }
    }
}

/// What the ramen popups say.
enum RamenPopups {
    /// A step's moment came: `Shin Ramyun: 1:00 left`, and what to do.
    static func step(
        _ step: RamenStep, left: Nanoseconds, of name: String, timerID: Int64, index: Int, sound: PopupSound,
        now: ClockReading
    ) -> Popup {
        Popup(
            subject: RamenPopup.step(timerID: timerID, index: index),
            summary: Localized.text("%1$s: %2$s left", name, DurationFormatter.clock(left)),
            body: Localized.text(KitMessage(phrase: step.text)), icon: "appointment-soon", urgency: .normal,
            sound: sound,
            category: "x-kit.ramen.step", requestedAt: now.boot)
    }

    /// The cook is done: the ramen's name, what to do at the end, and the memo.
    static func done(
        _ timer: Countdown, cook: RamenCook, product: RamenProduct?, sound: PopupSound, now: ClockReading,
        startedAt: WallTime
    ) -> Popup {
        var lines = cook.steps.filter { $0.moment == .end }.map { Localized.text(KitMessage(phrase: $0.text)) }
        if let memo = cook.memo { lines.append(Localized.text("Memo: %s", memo)) }
        if case .fired(let record) = timer.state, record.late {
            lines.append(
                Localized.text(
                    "It was done %1$s ago%2$s.", LocaleDuration.text(record.lateness, rounding: .down),
                    TimerPopups.whileDown(record, startedAt: startedAt)))
        }
        if lines.isEmpty { lines.append(Localized.text("Enjoy.")) }
        let again =
            "kitctl ramen cook \(ShellQuote.quoted(product?.name ?? cook.ramenID)) --time \(DurationFormatter.compact(timer.duration))"
        let body = lines.joined(separator: "\n")
        return Popup(
            subject: RamenPopup.done(timerID: timer.id, ramenID: cook.ramenID, time: timer.duration),
            summary: Localized.text("%s is done", product?.displayName ?? timer.label), body: body,
            icon: "appointment-soon",
            urgency: .critical, sound: sound, category: "x-kit.ramen.done",
            actions: [Popup.Action(key: RamenPopup.cookAgain, label: Localized.text("Cook again"))],
            bodyWithoutActions: body + "\n" + Localized.text("Again: %s", again), requestedAt: now.boot)
    }
}

extension SoundKind {
    /// A cook is done: `[sound] ramen`.
    static let ramen = SoundKind("ramen", plays: .theme("alarm-clock-elapsed"))
    /// A step of a cook ("1:00 left: add the egg"): `[sound] ramen_step`, at ramen's volume.
    static let ramenStep = SoundKind("ramen_step", plays: .theme("bell"), family: "ramen")
}
