/// The popups the ledger makes itself, rather than a feature.
enum LedgerPopup: PopupSubject, Equatable {
    /// A popup the last kitd decided on but did not get onto the screen, shown again at start
    /// under its own subject's text (`timer:7`), so a withdrawal of that subject still finds it.
    /// It has no buttons: what they were for belongs to the kitd that died.
    case replayed(String)
    /// The digest of a burst: `burst:3` for the third burst since kitd started.
    case burst(Int)
    /// Why a button pressed on a popup did nothing: what it was about changed meanwhile
    /// (`stale:task:7`).
    case stale(String)

    var text: String {
        switch self {
        case .replayed(let text): text
        case .burst(let number): "burst:\(number)"
        case .stale(let text): "stale:\(text)"
        }
    }
}
