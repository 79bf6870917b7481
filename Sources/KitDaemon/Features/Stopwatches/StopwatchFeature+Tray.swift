import KitCore
import KitLocalization
import KitProtocol

/// The running stopwatches in the tray, each with its time so far, and Lap and Stop under it.
extension StopwatchFeature {
    /// The most stopwatches the menu lists; `kitctl sw list` shows them all.
    static let trayListed = 8

    func tray(into menu: inout TrayMenu, now: ClockReading) {
        var section: [TrayEntry] = []
        for stopwatch in list().filter({ $0.state == .running }).prefix(Self.trayListed) {
            let label = "\(stopwatch.name)  \(DurationFormatter.clock(stopwatch.elapsedNs, rounding: .down))"
            let since = stopwatch.startedAt.flatMap(Timestamp.parse).map {
                ClockText.short($0, now: now.wall, in: LocalZone(), style: LocaleClock.popupStyle)
            }
            menu.summary.append(since.map { Localized.text("%1$s since %2$s", stopwatch.name, $0) } ?? stopwatch.name)
            let ref = String(stopwatch.id)
            let key = "stopwatch.\(stopwatch.id)"
            section.append(
                TrayEntry(
                    key, label,
                    children: [
                        TrayEntry(key + ".lap", Localized.text("Lap")) { [unowned self] in
                            _ = try lap(StopwatchLapParams(ref: ref))
                        },
                        TrayEntry(key + ".stop", Localized.text("Stop")) { [unowned self] in
                            _ = try stop(RecordRef(ref))
                        },
                    ]))
        }
        // Their times move: the menu follows while it is open (no label shows them).
        if !section.isEmpty { menu.ticking = true }
        menu.add(section)
    }
}
