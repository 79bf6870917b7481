import KitCore
import KitLocalization
import KitProtocol

/// The timers in the tray: each running or paused one with its time left, and under it Pause or
/// Resume, +1 min and Cancel; then Start timer, with the durations of `[tray] durations`.
extension TimerFeature {
    /// The most timers the menu lists; `kitctl timer list` shows them all.
    static let trayListed = 8

    func tray(into menu: inout TrayMenu, now: ClockReading) {
        var section: [TrayEntry] = []
        do {
            let page = try store.timerPage(
                after: .start, limit: Self.trayListed, ended: 0, now: now, bootID: clock.bootID)
            for timer in page.timers {
                let remaining = timer.remaining(at: now.boot)
                let running = if case .running = timer.state { true } else { false }
                menu.countdown(TrayCountdown(name: timer.label, remaining: remaining, running: running))
                let clock = DurationFormatter.clock(remaining)
                let label =
                    running ? "\(timer.label)  \(clock)" : Localized.text("%1$s  %2$s (paused)", timer.label, clock)
                // The summary says when it ends, which stays put, where the label counts down.
                if case .running(let deadline) = timer.state {
                    let at = ClockText.short(
                        deadline.wall, now: now.wall, in: LocalZone(), style: LocaleClock.popupStyle)
                    menu.summary.append(Localized.text("%1$s until %2$s", timer.label, at))
                } else {
                    menu.summary.append(label)
                }
                let ref = RecordRef(String(timer.id))
                let key = "timer.\(timer.id)"
                section.append(
                    TrayEntry(
                        key, label,
                        children: [
                            running
                                ? TrayEntry(key + ".pause", Localized.text("Pause")) { [unowned self] in
                                    _ = try pause(ref)
                                }
                                : TrayEntry(key + ".resume", Localized.text("Resume")) { [unowned self] in
                                    _ = try resume(ref)
                                },
                            TrayEntry(key + ".add", Localized.text("+1 min")) { [unowned self] in
                                _ = try add(ref, delta: .minute)
                            },
                            TrayEntry(key + ".cancel", Localized.text("Cancel")) { [unowned self] in _ = try cancel(ref)
                            },
                        ]))
            }
        } catch {
            logger.error("could not read the timers for the tray", metadata: ["error": "\(error)"])
        }
        let durations = settings[TraySettings.self].durations
        section.append(
            TrayEntry(
                "timer.start", Localized.text("Start timer"),
                children: durations.map { duration in
                    TrayEntry("timer.start.\(duration.value)", DurationFormatter.clock(duration)) { [unowned self] in
                        _ = try startCountdown(duration: duration, name: nil, now: clock.now())
                    }
                }))
        menu.add(section)
    }
}
