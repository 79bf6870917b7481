import KitCore

// The stored properties of the types extended here are declared in Wire/PlaceMethods.wire.

extension PlaceInfo {
    public subscript<Value>(dynamicMember field: KeyPath<Place, Value>) -> Value { place[keyPath: field] }

    enum CodingKeys: String, CodingKey {
        case imagePath, lastPickedAt, lastVisitedAt
    }

    public func encode(to encoder: any Encoder) throws {
        try place.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(imagePath, forKey: .imagePath)
        try container.encodeIfPresent(lastPickedAt, forKey: .lastPickedAt)
        try container.encodeIfPresent(lastVisitedAt, forKey: .lastVisitedAt)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            place: try Place(from: decoder), imagePath: try container.decodeIfPresent(String.self, forKey: .imagePath),
            lastPickedAt: try container.decodeIfPresent(String.self, forKey: .lastPickedAt),
            lastVisitedAt: try container.decodeIfPresent(String.self, forKey: .lastVisitedAt))
    }
}

extension PlaceListResult {
    public init(places: [PlaceInfo], explanation: KitMessage? = nil) {
        self.places = places
        self.explanation = explanation?.english
        explanationFormat = explanation?.format
        explanationArguments = explanation?.format == nil ? nil : explanation?.arguments
    }
}

/// A result that says, when a filter matches nothing, which tag removed the last candidates.
public protocol ExplainsNoMatch {
    var explanation: String? { get }
    var explanationFormat: String? { get }
    var explanationArguments: [String]? { get }
}

extension ExplainsNoMatch {
    /// The explanation with its template, to be said in the user's language (`Localized.text`).
    public var explanationMessage: KitMessage? {
        explanation.map { KitMessage(format: explanationFormat, arguments: explanationArguments ?? [], english: $0) }
    }
}

extension PlaceTagsResult {
    public init(matching: Int, categories: [Category], explanation: KitMessage? = nil) {
        self.matching = matching
        self.categories = categories
        self.explanation = explanation?.english
        explanationFormat = explanation?.format
        explanationArguments = explanation?.format == nil ? nil : explanation?.arguments
    }
}

extension PlacePickParams {
    public static var bounds: [ParamBound<Self>] {
        [
            .duration(
                "avoidRecentNs", \.avoidRecentNs, 1...DurationParser.maximum, text: "more than 0 and at most 366 days",
                hint: "a week is 604800000000000")
        ]
    }
}

extension PlaceHistoryParams {
    public init(ref: String? = nil, limit: Int? = nil) {
        self.ref = ref.map(RecordRef.init)
        self.limit = limit
    }
    public static var bounds: [ParamBound<Self>] { [.count("limit", \.limit, 1...100_000, unit: "entries")] }
}

/// The `place.*` events.
extension Event {
    public static let placePicked = "place.picked"
    /// Added, edited, removed, visited or imported.
    public static let placeChanged = "place.changed"
}

extension PlaceChangedEvent {
    public enum Change: String, WireEnum {
        case added, edited, removed, visited, imported
    }
}

/// Images sent in a request (`imageData`): they must fit in one request line (1 MiB) once in
/// base64, so kitctl sends files up to this size as bytes and bigger ones by path.
public enum PlaceImageData {
    /// 700 KiB: 956,000 characters of base64, with room for the rest of the request.
    public static let maximumBytes = 700 * 1024
}
