import KitCore
import KitLocalization
import KitProtocol

/// The buttons on a fired timer's popup: each does what its kitctl command does.
extension TimerFeature {
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
                _ = try start(TimerStartParams(durationNs: 60_000_000_000, name: timer.name, sound: timer.sound))
            }
            logger.info("timer button pressed", metadata: ["timer.id": "\(id)", "timer.action": "\(key)"])
        } catch {
            logger.notice("the popup's button did nothing", metadata: ["timer.id": "\(id)", "error": "\(error)"])
            popups.outOfDate(subject, summary: Localized.text("Timer %s is gone", String(id)), body: "\(error)")
        }
    }
}
