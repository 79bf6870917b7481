/// Where a rotation stands for one filter: the places already picked in the current round.
///
/// The daemon stores one per filter, under `PlaceFilter.canonicalText` (also in `filterKey`), and
/// replaces it with the state each `Roulette.spin` returns. JSON field names are stable:
/// `filterKey`, `round`, `pickedIDs`.
public struct RotationState: Hashable, Sendable, Codable {
    /// The `canonicalText` of the filter this state belongs to.
    public var filterKey: String
    /// The current round, counting from 1.
    public var round: Int
    /// The ids picked so far in this round, ascending.
    public var pickedIDs: [Int64]

    public init(filterKey: String, round: Int = 1, pickedIDs: [Int64] = []) {
        self.filterKey = filterKey
        self.round = round
        self.pickedIDs = pickedIDs.sorted()
    }
}
