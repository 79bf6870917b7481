import ArgumentParser
import KitClient
import KitCore
import KitLocalization
import KitProtocol

/// The state of one `timer wait` (or `ramen cook --wait`): the last known timer, when it was learned, and how to show it.
struct WaitDisplay {
    private var timer: TimerInfo
    private var learnedAt = ContinuousClock.now
    private let live: Bool

    init(timer: TimerInfo, live: Bool) {
        self.timer = timer
        self.live = live
    }

    mutating func follow(_ connection: KitConnection) throws {
        if try finish(timer, firedAt: timer.firedAt) { return }
        if !live { Terminal.writeLine(plainLine()) }
        while true {
            if Interrupt.happened {
                if live { Terminal.write("\r\u{1B}[2K") }
                Terminal.writeError(
                    Localized.text(
                        "stopped waiting; %1$s is still %2$s with %3$s left", timer.label,
                        StateWords.timer(timer.state), "\(left())"
                    ))
                throw ExitCode(130)
            }
            if live { Terminal.write("\r\u{1B}[2K" + liveLine()) }
            guard let event = try connection.nextEvent(timeout: live ? .milliseconds(200) : .milliseconds(500)) else {
                continue
            }
            if event.name == Event.timerFired, let fired = try? event.decode(TimerFiredEvent.self),
                fired.timer.id == timer.id
            {
                _ = try finish(fired.timer, firedAt: fired.firedAt)
                return
            }
            // Its own start (a cook subscribes before it starts the timer) is what was printed already.
            guard event.name != Event.timerStarted, let change = try? event.decode(TimerEvent.self),
                change.timer.id == timer.id
            else { continue }
            timer = change.timer
            learnedAt = .now
            if try finish(timer, firedAt: nil) { return }
            if !live { Terminal.writeLine(plainLine(after: event.name)) }
        }
    }

    /// True when the timer has ended: prints the outcome (exit 0 for fired, 2 for cancelled).
    private func finish(_ timer: TimerInfo, firedAt: String?) throws -> Bool {
        switch timer.state {
        case .fired:
            if live { Terminal.write("\r\u{1B}[2K") }
            let at = firedAt.flatMap(Timestamp.parse).map {
                LocalClock.short($0, now: TimerText.currentWallTime())
            }
            Terminal.writeLine(Localized.text("%s is done", timer.label) + (at.map { " (\($0))" } ?? ""))
            return true
        case .cancelled:
            if live { Terminal.write("\r\u{1B}[2K") }
            throw CLIError.refused("\(timer.label) was cancelled")
        default:
            return false
        }
    }

    private func remainingNow() -> Nanoseconds {
        let known = timer.remainingNs
        guard timer.state == .running else { return known }
        let elapsed = ContinuousClock.now - learnedAt
        return max(0, known - Nanoseconds(elapsed))
    }

    private func left() -> String { DurationFormatter.clock(remainingNow()) }

    private func liveLine() -> String {
        let total = max(timer.durationNs, 1_000_000)
        let fraction = min(1, max(0, 1 - remainingNow().seconds / total.seconds))
        let suffix =
            timer.state == .paused ? StateWords.timer(.paused) : Localized.text("due %s", TimerText.due(timer))
        let text = Localized.text("%1$s left  (%2$s)", left(), suffix)
        let width = max(10, min(30, Terminal.columns - DisplayWidth.of(timer.label) - text.count - 8))
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return "\(timer.label)  \(bar)  \(text)"
    }

    private func plainLine(after event: String? = nil) -> String {
        switch (event, timer.state) {
        case (Event.timerPaused?, _), (_, .paused):
            timer.label + ": " + Localized.text("paused with %s left", left())
        case (Event.timerResumed?, _):
            timer.label + ": " + Localized.text("resumed, %1$s left, due at %2$s", left(), TimerText.due(timer))
        case (Event.timerAdjusted?, _):
            timer.label + ": " + Localized.text("now %1$s left, due at %2$s", left(), TimerText.due(timer))
        default: timer.label + ": " + Localized.text("%1$s left, due at %2$s", left(), TimerText.due(timer))
        }
    }
}
