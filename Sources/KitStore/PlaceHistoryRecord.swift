import KitCore

/// One row of the place history: a roulette pick or a visit, kept when its place is removed.
public struct PlaceHistoryRecord: Equatable, Sendable {
    public var id: Int64
    /// Nil once the place has been removed.
    public var placeID: Int64?
    /// The place's name at the time.
    public var placeName: String
    public var kind: PlaceHistoryEntry.Kind
    public var at: WallTime
    /// For picks, the filter's `canonicalText` (empty for every place).
    public var filter: String

    public init(
        id: Int64, placeID: Int64?, placeName: String, kind: PlaceHistoryEntry.Kind, at: WallTime, filter: String
    ) {
        self.id = id
        self.placeID = placeID
        self.placeName = placeName
        self.kind = kind
        self.at = at
        self.filter = filter
    }
}
