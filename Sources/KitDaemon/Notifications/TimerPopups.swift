import KitCore
import KitProtocol

/// What the popups for fired timers say. Many timers that came due while kitd was down are
/// gathered into one digest instead of a storm of popups.
final class TimerPopups {
    /// More late timers than this at once become one digest popup.
    static let digestThreshold = 3

    private let notifier: Notifier
    /// Lets another service word the popup of a timer it owns (a ramen cook); nil for the default.
    var decorate: ((Countdown, ClockReading) -> Popup?)?

    init(notifier: Notifier) { self.notifier = notifier }

    func fired(_ timers: [Countdown], now: ClockReading) {
        let missed = timers.filter { if case .fired(let record) = $0.state { record.late } else { false } }
        if missed.count > Self.digestThreshold {
            notifier.show(digest(missed, now: now))
            for timer in timers where !missed.contains(where: { $0.id == timer.id }) {
                notifier.show(popup(for: timer, now: now))
            }
        } else {
            for timer in timers { notifier.show(popup(for: timer, now: now)) }
        }
    }

    func popup(for timer: Countdown, now: ClockReading) -> Popup {
        if let decorated = decorate?(timer, now) { return decorated }
        var body =
            "\(DurationFormatter.compact(timer.duration)) timer, started at \(ClockText.short(timer.createdAt, now: now.wall, in: LocalZone()))."
        if case .fired(let record) = timer.state, record.late {
            body +=
                "\nIt was due \(DurationFormatter.compact(record.lateness, rounding: .down)) ago, at "
                + "\(ClockText.short(record.due, now: now.wall, in: LocalZone())), while kitd was not running."
        }
        return Popup(
            subject: "timer:\(timer.id)", summary: "\(timer.label) is done", body: body, icon: "appointment-soon",
            urgency: .critical, soundName: "alarm-clock-elapsed", category: "x-kit.timer.fired",
            requestedAt: now.boot)
    }

    private func digest(_ timers: [Countdown], now: ClockReading) -> Popup {
        let lines = timers.prefix(8).map { timer -> String in
            guard case .fired(let record) = timer.state else { return timer.label }
            return "\(timer.label): due \(DurationFormatter.compact(record.lateness, rounding: .down)) ago"
        }
        let more = timers.count > 8 ? "\n… and \(timers.count - 8) more; see `kitctl timer list --all`" : ""
        return Popup(
            subject: "timer:digest", summary: "\(timers.count) timers finished while kitd was off",
            body: lines.joined(separator: "\n") + more, icon: "appointment-missed", urgency: .critical,
            soundName: "alarm-clock-elapsed", category: "x-kit.timer.fired", requestedAt: now.boot)
    }
}
