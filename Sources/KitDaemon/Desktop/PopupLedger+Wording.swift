import KitCore
import KitLocalization
import KitProtocol
import KitStore

/// What the ledger keeps of a popup, and the popups it words itself: a replay and a digest.
extension PopupLedger {
    /// `popup` as it is kept: a replay has no buttons, so the body that names the kitctl
    /// commands instead is kept.
    static func delivery(of popup: Popup, at now: WallTime) -> PopupStore.Delivery {
        PopupStore.Delivery(
            subject: popup.subject.text, summary: popup.summary,
            body: popup.actions.isEmpty ? popup.body : popup.bodyWithoutActions ?? popup.body, icon: popup.icon,
            urgency: popup.urgency.rawValue, soundName: popup.sound?.choice.text, soundVolume: popup.sound?.volume,
            category: popup.category,
            timeoutMilliseconds: popup.timeoutMilliseconds, requestedAt: now)
    }

    /// The popup the last kitd did not get onto the screen, marked late. It plays its sound as
    /// the original would have: nobody heard that one either.
    static func replay(_ delivery: PopupStore.Delivery, now: ClockReading) -> Popup {
        let late = Localized.text(
            "Shown late: kitd stopped before this reached the screen at %1$s, %2$s ago.",
            ClockText.short(delivery.requestedAt, now: now.wall, in: LocalZone(), style: LocaleClock.popupStyle),
            LocaleDuration.text(max(0, now.wall - delivery.requestedAt), rounding: .down))
        return Popup(
            subject: LedgerPopup.replayed(delivery.subject), summary: delivery.summary,
            body: delivery.body.isEmpty ? late : delivery.body + "\n" + late, icon: delivery.icon,
            urgency: Popup.Urgency(rawValue: delivery.urgency) ?? .normal,
            sound: delivery.soundName.flatMap { try? SoundChoice.parse($0) }.map {
                PopupSound(choice: $0, volume: delivery.soundVolume ?? 100)
            },
            category: delivery.category, timeoutMilliseconds: delivery.timeoutMilliseconds, requestedAt: now.boot)
    }

    /// One popup for the `total` popups of a burst: the first few (`named`) by summary, line by
    /// line, and the rest on one line, the next ones (`others`) by summary.
    static func digest(_ named: [Popup], others: [String], total: Int, subject: LedgerPopup, at now: BootTime)
        -> Popup
    {
        var lines = named.prefix(digestLines).map(\.summary)
        if let rest = DigestText.rest(
            others, count: total - lines.count, see: "`kitctl timer list --all` and `kitctl task list`")
        {
            lines.append(rest)
        }
        return Popup(
            subject: subject, summary: Localized.text("%s more alerts at once", String(total)),
            body: lines.joined(separator: "\n"),
            icon: "appointment-soon", urgency: named.map(\.urgency).max { $0.rawValue < $1.rawValue } ?? .normal,
            sound: named.lazy.compactMap(\.sound).first, category: "x-kit.burst", requestedAt: now)
    }
}
