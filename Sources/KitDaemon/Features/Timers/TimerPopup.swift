/// What a timer popup is about.
enum TimerPopup: PopupSubject, Equatable {
    /// One timer came due: `timer:7`.
    case fired(Int64)
    /// Many timers came due while kitd was off: `timer:digest`.
    case digest

    var text: String {
        switch self {
        case .fired(let id): "timer:\(id)"
        case .digest: "timer:digest"
        }
    }
}
