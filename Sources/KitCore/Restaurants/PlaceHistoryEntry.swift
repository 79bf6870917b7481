/// One past event of a place that roulette's avoid-recent option looks at.
public struct PlaceHistoryEntry: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Roulette picked the place.
        case picked
        /// The person said they went there.
        case visited
    }

    public var placeID: Int64
    public var at: WallTime
    public var kind: Kind

    public init(placeID: Int64, at: WallTime, kind: Kind) {
        self.placeID = placeID
        self.at = at
        self.kind = kind
    }
}
