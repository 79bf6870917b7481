import KitCore
import KitLocalization
import KitProtocol

/// The next alarm of the watched calendars in the tray, as a line that shows and does nothing.
extension CalendarFeature {
    func tray(into menu: inout TrayMenu, now: ClockReading) {
        guard let next = nextRing() else { return }
        let at = ClockText.short(next.at, now: now.wall, in: LocalZone(), style: LocaleClock.popupStyle)
        let label = Localized.text("Next alarm: %1$s at %2$s", next.title, at)
        menu.summary.append(label)
        menu.add([TrayEntry("calendar.next", label)])
    }
}
