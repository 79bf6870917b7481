import KitCore

/// What a countdown went through, as its observers are told after it is applied.
enum CountdownTransition: Sendable, Equatable {
    case started
    case paused
    case resumed
    case adjusted
    case cancelled
    case fired
}

/// A feature that follows countdowns (a ramen cook is a countdown with steps and a memo).
/// The dependency runs one way: the observer knows timers, timers know only this protocol.
protocol CountdownObserver: AnyObject {
    /// `timer` has just gone through `transition`; its new state is in `timer.state`.
    func countdown(_ timer: Countdown, did transition: CountdownTransition)

    /// The popup for `timer`, which has just fired, when the observer owns its wording; nil
    /// leaves it to the timers' own. Asked before the observers hear of the firing.
    func firedPopup(for timer: Countdown, now: ClockReading) -> Popup?
}

/// An observer held weakly, so that timers never keep the feature that follows them alive.
struct WeakCountdownObserver {
    weak var observer: (any CountdownObserver)?

    init(_ observer: any CountdownObserver) { self.observer = observer }
}
