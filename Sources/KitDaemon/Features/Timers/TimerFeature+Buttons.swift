import KitCore
import KitLocalization
import KitProtocol

/// The buttons on a fired timer's popup: each does what its kitctl command does.
extension TimerFeature {
    /// A fired timer's popup lost with its server, or left by the last kitd: shown again while
    /// the timer is still the fired one (not cleared), in the timers' own words (a cook's
    /// wording is not kept past its firing).
    func popupAgain(_ text: String, now: ClockReading) -> PopupAgain? {
        guard case .fired(let id) = TimerPopup.fired(fromText: text) else { return nil }
        // An ended timer is not held in memory: its row says whether it is still the fired one.
        let timer = try? store.timer(id: id, now: now, bootID: clock.bootID)
        guard let timer, case .fired = timer.state else { return .gone }
        return .show(
            TimerPopups.popup(
                for: timer, now: now, startedAt: runtime.startedAt.wall, sounds: settings[SoundSettings.self]))
    }

    func pressed(_ key: String, on subject: TimerPopup) {
        guard case .fired(let id) = subject, let button = TimerPopup.Button(rawValue: key) else { return }
        do {
            let timer = try get(RecordRef(String(id)))
            switch button {
            case .stop:
                break
            case .restart:
                _ = try start(TimerStartParams(durationNs: timer.durationNs, name: timer.name, sound: timer.sound))
            case .addMinute:
                _ = try start(
                    TimerStartParams(durationNs: .minute, name: timer.name, sound: timer.sound))
            }
            logger.info("timer button pressed", metadata: ["timer.id": "\(id)", "timer.action": "\(key)"])
        } catch {
            logger.notice("the popup's button did nothing", metadata: ["timer.id": "\(id)", "error": "\(error)"])
            popups.outOfDate(
                subject, summary: Localized.text("Timer %s is gone", String(id)), body: Localized.text(of: error))
        }
    }
}
