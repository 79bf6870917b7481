import KitCore

/// A place as the protocol shows it: the stored place and what kitd knows beside it, in one
/// object. All fields are stable; absent optional fields are left out.
@dynamicMemberLookup
public struct PlaceInfo: WireValue, Equatable {
    /// `id`, `name`, `tags` (`[{"category": "area", "value": "수원역"}, …]`, first spellings, in
    /// the order added), `url`, `phone`, `address`, `note`, `weight`, and `image`, the image's
    /// content-addressed name (`<sha256>.<ext>`).
    public var place: Place
    /// Where kitd keeps the image file.
    public var imagePath: String?
    public var lastPickedAt: String?
    public var lastVisitedAt: String?

    public init(
        place: Place, imagePath: String? = nil, lastPickedAt: String? = nil, lastVisitedAt: String? = nil
    ) {
        self.place = place
        self.imagePath = imagePath
        self.lastPickedAt = lastPickedAt
        self.lastVisitedAt = lastVisitedAt
    }

    public subscript<Value>(dynamicMember field: KeyPath<Place, Value>) -> Value { place[keyPath: field] }

    private enum CodingKeys: String, CodingKey {
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

public struct PlaceAddParams: WireValue {
    public var name: String
    /// `category=value` each.
    public var tags: [String]?
    public var url: String?
    public var phone: String?
    public var address: String?
    public var note: String?
    /// 1 to 1000; 1 when absent.
    public var weight: Int?
    /// An absolute path to a PNG, JPEG, GIF or WebP file of at most 20 MiB; kitd copies it.
    public var imagePath: String?
    /// The image itself, base64: what kitctl sends, so a file kitd cannot see (under a private
    /// /tmp) still arrives. At most `PlaceImageData.maximumBytes` once decoded.
    public var imageData: String?

    public init(
        name: String, tags: [String]? = nil, url: String? = nil, phone: String? = nil, address: String? = nil,
        note: String? = nil, weight: Int? = nil, imagePath: String? = nil, imageData: String? = nil
    ) {
        self.imageData = imageData
        self.name = name
        self.tags = tags
        self.url = url
        self.phone = phone
        self.address = address
        self.note = note
        self.weight = weight
        self.imagePath = imagePath
    }
}

/// Absent fields stay as they are; an empty string clears an optional field.
public struct PlaceEditParams: WireValue {
    public var ref: RecordRef
    public var name: String?
    /// Tags to add, `category=value` each.
    public var tags: [String]?
    /// Tags to remove: `category` (every value) or `category=value`.
    public var untag: [String]?
    public var url: String?
    public var phone: String?
    public var address: String?
    public var note: String?
    public var weight: Int?
    public var imagePath: String?
    /// The new image itself, base64 (see `PlaceAddParams.imageData`).
    public var imageData: String?
    /// Drop the image.
    public var removeImage: Bool?

    public init(
        ref: String, name: String? = nil, tags: [String]? = nil, untag: [String]? = nil, url: String? = nil,
        phone: String? = nil, address: String? = nil, note: String? = nil, weight: Int? = nil,
        imagePath: String? = nil, imageData: String? = nil, removeImage: Bool? = nil
    ) {
        self.imageData = imageData
        self.ref = RecordRef(ref)
        self.name = name
        self.tags = tags
        self.untag = untag
        self.url = url
        self.phone = phone
        self.address = address
        self.note = note
        self.weight = weight
        self.imagePath = imagePath
        self.removeImage = removeImage
    }
}

public struct PlaceRefParams: WireValue {
    /// An id or the (unique) name.
    public var ref: RecordRef
    public init(ref: String) { self.ref = RecordRef(ref) }
}

/// A filter: `category=value` tags, OR-ed within a category and AND-ed across categories.
public struct PlaceFilterParams: WireValue {
    public var tags: [String]?
    public init(tags: [String]? = nil) { self.tags = tags }
}

public struct PlaceListResult: WireValue, ExplainsNoMatch {
    public var places: [PlaceInfo]
    /// When a non-empty filter matches nothing: which tag removed the last candidates.
    public var explanation: String?
    /// The explanation's template and values, for a client to translate, as an error's
    /// `data.format` and `data.arguments`.
    public var explanationFormat: String?
    public var explanationArguments: [String]?
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

/// `place.tags`: for each category, the values present among the places matching the filter.
public struct PlaceTagsResult: WireValue, Equatable, ExplainsNoMatch {
    public struct Value: Codable, Sendable, Equatable {
        public var value: String
        /// How many places would match with this value chosen.
        public var count: Int
        /// Whether the filter already asks for it.
        public var selected: Bool
        public init(value: String, count: Int, selected: Bool) {
            self.value = value
            self.count = count
            self.selected = selected
        }
    }

    public struct Category: Codable, Sendable, Equatable {
        public var category: String
        /// Whether the filter has a clause on this category; its counts ignore that clause, so
        /// they show the alternatives to OR in.
        public var constrained: Bool
        public var values: [Value]
        public init(category: String, constrained: Bool, values: [Value]) {
            self.category = category
            self.constrained = constrained
            self.values = values
        }
    }

    /// How many places match the whole filter.
    public var matching: Int
    public var categories: [Category]
    /// When the filter matches nothing: which tag removed the last candidates.
    public var explanation: String?
    /// The explanation's template and values, as in `PlaceListResult`.
    public var explanationFormat: String?
    public var explanationArguments: [String]?

    public init(matching: Int, categories: [Category], explanation: KitMessage? = nil) {
        self.matching = matching
        self.categories = categories
        self.explanation = explanation?.english
        explanationFormat = explanation?.format
        explanationArguments = explanation?.format == nil ? nil : explanation?.arguments
    }
}

public struct PlacePickParams: WireValue, BoundedParams {
    public var tags: [String]?
    /// How many different places; 1 when absent.
    public var count: Int?
    /// Use each place's weight.
    public var weighted: Bool?
    /// Go through every matching place once before repeating one (kept per filter).
    public var rotate: Bool?
    /// Skip places picked or visited within this long. Protocol 1 sent it as
    /// `avoidRecentSeconds`, a number; kitd still takes that.
    public var avoidRecentNs: Nanoseconds?
    /// Makes the pick reproducible; kitd draws one when absent (and returns it).
    public var seed: UInt64?
    /// Also raise a desktop popup with the pick and its link.
    public var notify: Bool?

    public static var bounds: [ParamBound<Self>] {
        [
            .duration(
                "avoidRecentNs", \.avoidRecentNs, 1...DurationParser.maximum, text: "more than 0 and at most 366 days",
                hint: "a week is 604800000000000")
        ]
    }

    public init(
        tags: [String]? = nil, count: Int? = nil, weighted: Bool? = nil, rotate: Bool? = nil,
        avoidRecentNs: Nanoseconds? = nil, seed: UInt64? = nil, notify: Bool? = nil
    ) {
        self.tags = tags
        self.count = count
        self.weighted = weighted
        self.rotate = rotate
        self.avoidRecentNs = avoidRecentNs
        self.seed = seed
        self.notify = notify
    }

    enum CodingKeys: String, CodingKey {
        case tags, count, weighted, rotate, avoidRecentNs, seed, notify
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tags = try container.decodeIfPresent([String].self, forKey: .tags)
        count = try container.decodeIfPresent(Int.self, forKey: .count)
        weighted = try container.decodeIfPresent(Bool.self, forKey: .weighted)
        rotate = try container.decodeIfPresent(Bool.self, forKey: .rotate)
        avoidRecentNs = try decoder.durationIfPresent(CodingKeys.avoidRecentNs)
        seed = try container.decodeIfPresent(UInt64.self, forKey: .seed)
        notify = try container.decodeIfPresent(Bool.self, forKey: .notify)
    }
}

public struct PlacePickResult: WireValue {
    public var picks: [PlaceInfo]
    /// How many places matched the filter.
    public var candidates: Int
    /// Up to 30 candidate names, for a spin animation.
    public var candidateNames: [String]
    /// The seed used; pass it back as `seed` to get the same pick from the same state.
    public var seed: UInt64
    /// The rotation round, with `rotate`.
    public var round: Int?
    public var startedNewRound: Bool
    /// Avoid-recent could not be honoured for every pick.
    public var includesRecent: Bool
    /// Messages for the person (a new round, recent places picked anyway).
    public var notes: [String]

    public init(
        picks: [PlaceInfo], candidates: Int, candidateNames: [String], seed: UInt64, round: Int?,
        startedNewRound: Bool, includesRecent: Bool, notes: [String]
    ) {
        self.picks = picks
        self.candidates = candidates
        self.candidateNames = candidateNames
        self.seed = seed
        self.round = round
        self.startedNewRound = startedNewRound
        self.includesRecent = includesRecent
        self.notes = notes
    }
}

public struct PlaceHistoryParams: WireValue, BoundedParams {
    public static var bounds: [ParamBound<Self>] { [.count("limit", \.limit, 1...100_000, unit: "entries")] }

    /// Only this place.
    public var ref: RecordRef?
    /// At most this many entries, newest first; 50 when absent.
    public var limit: Int?
    public init(ref: String? = nil, limit: Int? = nil) {
        self.ref = ref.map(RecordRef.init)
        self.limit = limit
    }
}

/// One pick or visit.
public struct PlaceHistoryInfo: WireValue, Equatable {
    public var id: Int64
    /// Absent once the place was removed.
    public var placeId: Int64?
    public var placeName: String
    public var kind: PlaceHistoryEntry.Kind
    public var at: String
    /// For picks: the filter, as `category=value;…` (empty for every place).
    public var filter: String?

    public init(
        id: Int64, placeId: Int64?, placeName: String, kind: PlaceHistoryEntry.Kind, at: String, filter: String?
    ) {
        self.id = id
        self.placeId = placeId
        self.placeName = placeName
        self.kind = kind
        self.at = at
        self.filter = filter
    }
}

public struct PlaceHistoryResult: WireValue {
    public var entries: [PlaceHistoryInfo]
    public init(entries: [PlaceHistoryInfo]) { self.entries = entries }
}

public struct PlaceImportParams: WireValue {
    /// `csv` or `json`.
    public var format: String
    /// The whole file.
    public var text: String
    public init(format: String, text: String) {
        self.format = format
        self.text = text
    }
}

public struct PlaceImportResult: WireValue {
    public var imported: [PlaceInfo]
    /// The names of places the file holds that kit has already, the same in every field; absent
    /// when none.
    public var skipped: [String]?
    public init(imported: [PlaceInfo], skipped: [String]? = nil) {
        self.imported = imported
        self.skipped = skipped
    }
}

public struct PlaceRemoveResult: WireValue {
    public var removed: Int64
    /// Whether the image file went with it (no other place used it).
    public var imageRemoved: Bool
    public init(removed: Int64, imageRemoved: Bool) {
        self.removed = removed
        self.imageRemoved = imageRemoved
    }
}

/// The `place.*` events.
extension Event {
    public static let placePicked = "place.picked"
    /// Added, edited, removed, visited or imported.
    public static let placeChanged = "place.changed"
}

/// `place.picked`.
public struct PlacePickedEvent: Codable, Sendable {
    public var picks: [PlaceInfo]
    /// The filter as `category=value;…`, empty for every place.
    public var filter: String
    public var seed: UInt64
    public init(picks: [PlaceInfo], filter: String, seed: UInt64) {
        self.picks = picks
        self.filter = filter
        self.seed = seed
    }
}

/// `place.changed`.
public struct PlaceChangedEvent: Codable, Sendable {
    public enum Change: String, WireEnum {
        case added, edited, removed, visited, imported
    }

    public var change: Change
    /// The place (its last state, for `removed`); absent for `imported`.
    public var place: PlaceInfo?
    /// For `imported`: how many places came in.
    public var count: Int?
    public init(change: Change, place: PlaceInfo? = nil, count: Int? = nil) {
        self.change = change
        self.place = place
        self.count = count
    }
}

/// Images sent in a request (`imageData`): they must fit in one request line (1 MiB) once in
/// base64, so kitctl sends files up to this size as bytes and bigger ones by path.
public enum PlaceImageData {
    /// 700 KiB: 956,000 characters of base64, with room for the rest of the request.
    public static let maximumBytes = 700 * 1024
}
