import KitLocalization

/// What a timer popup is about.
enum TimerPopup: PopupSubject, Equatable {
    /// One timer came due: `timer:7`.
    case fired(Int64)
    /// Many timers came due while kitd was off: `timer:digest`.
    case digest

    /// The buttons on a fired timer's popup, by the key that comes back when one is pressed.
    enum Button: String, CaseIterable {
        /// Closes the popup; the timer is done either way.
        case stop
        /// The same length again, under the same name: `kitctl timer start 5m --name tea`.
        case restart
        /// One more minute, under the same name: `kitctl timer start 1m --name tea`.
        case addMinute = "add-minute"

        var label: String {
            switch self {
            case .stop: Localized.text("Stop")
            case .restart: Localized.text("Restart")
            case .addMinute: Localized.text("+1 min")
            }
        }
    }

    var text: String {
        switch self {
        case .fired(let id): "timer:\(id)"
        case .digest: "timer:digest"
        }
    }

    /// The fired popup whose wire form is `text` (`timer:7`, a cook's done popup too), as the
    /// ledger keeps it across a restart; nil for any other.
    static func fired(fromText text: String) -> TimerPopup? {
        guard text.hasPrefix("timer:"), let id = Int64(text.dropFirst("timer:".count)) else { return nil }
        return .fired(id)
    }
}
