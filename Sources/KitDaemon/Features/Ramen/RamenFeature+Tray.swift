import KitCore
import KitLocalization
import KitProtocol

/// Cook in the tray: the favourite ramen in the person's order, or, with none, the most cooked.
extension RamenFeature {
    /// The most ramen the Cook menu lists.
    static let trayListed = 8

    func tray(into menu: inout TrayMenu, now: ClockReading) {
        var listed = favouriteOrder.compactMap { entries[$0] }
        if listed.isEmpty {
            listed = RamenSort.most.sorted(entries.values.filter { !$0.settings.hidden && $0.settings.cookCount > 0 })
        }
        let choices = listed.prefix(Self.trayListed).map { entry in
            TrayEntry(
                "ramen.cook.\(entry.id)",
                "\(entry.product.displayName)  \(DurationFormatter.exactClock(entry.cookTime))"
            ) { [unowned self] in _ = try cook(RamenCookParams(ref: entry.id)) }
        }
        menu.add([
            TrayEntry(
                "ramen.cook", Localized.text("Cook"), enabled: !choices.isEmpty, children: Array(choices))
        ])
    }
}
