/// Where the tasks' instants are being worked out again after the system zone changed while
/// kitd runs (`TaskFeature.resettle`).
struct InstantsResettle {
    enum Phase {
        /// The tasks with a popup to come, soonest first, after this place (instant, id).
        case firing(after: (fire: Int64, id: Int64)?)
        /// Then those with none (their due instants order lists and counts), after this id.
        case neverFiring(after: Int64)
    }

    /// The basis the instants are worked out under (`ZoneProvider.instantsBasis`).
    var basis: String
    var phase = Phase.firing(after: nil)
    /// Rows read, and rows whose instants changed.
    var read = 0
    var changed = 0
    let began = ContinuousClock.now
}
