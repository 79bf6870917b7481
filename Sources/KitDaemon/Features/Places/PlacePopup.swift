/// What a place popup is about.
enum PlacePopup: PopupSubject, Equatable {
    /// The roulette's pick, when asked to show it: `place:pick`.
    case pick

    var text: String {
        switch self {
        case .pick: "place:pick"
        }
    }
}
