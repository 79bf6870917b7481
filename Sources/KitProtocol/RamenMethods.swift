import KitCore

/// A ramen as the protocol shows it: the product's facts merged with the user's settings.
public struct RamenInfo: WireValue, Equatable {
    public var id: String
    public var name: String
    /// `신라면 (Shin Ramyun)`: what to show a person.
    public var displayName: String
    public var englishName: String?
    public var romanization: String?
    public var brand: String?
    public var brandLocal: String?
    public var country: String?
    public var kind: RamenKind
    /// The cook time used: the user's own if set, else the maker's.
    public var cookNs: Nanoseconds
    /// The maker's cook time.
    public var catalogCookNs: Nanoseconds
    public var waterMl: Int
    /// The steps used: the user's own if set, else the maker's.
    public var steps: [RamenStep]
    public var note: String?
    public var memo: String?
    public var favourite: Bool
    /// 1-based place among the favourites.
    public var favouritePosition: Int?
    public var origin: RamenEntry.Origin
    public var hidden: Bool
    /// Whether the user set a time, memo or steps (`kitctl ramen set --reset` undoes them).
    public var customized: Bool
    public var cookCount: Int
    public var lastCookedAt: String?
    public var source: String?

    public init(_ entry: RamenEntry) {
        let product = entry.product
        id = product.id
        name = product.name
        displayName = product.displayName
        englishName = product.englishName
        romanization = product.romanization
        brand = product.brand
        brandLocal = product.brandLocal
        country = product.country
        kind = product.kind
        cookNs = entry.cookTime
        catalogCookNs = product.cookTime
        waterMl = product.waterMl
        steps = entry.steps
        note = product.note
        memo = entry.settings.memo
        favourite = entry.settings.favouritePosition != nil
        favouritePosition = entry.settings.favouritePosition
        origin = entry.origin
        hidden = entry.settings.hidden
        customized = entry.isCustomized
        cookCount = entry.settings.cookCount
        lastCookedAt = entry.settings.lastCookedAt.map { Timestamp.rfc3339($0) }
        source = product.source
    }
}

public struct RamenListParams: WireValue {
    /// Search text: Korean (prefix or 초성), English, romanization or brand.
    public var query: String?
    /// Only favourites.
    public var favourites: Bool?
    /// `name` (favourites first, in the user's order), `recent` or `most`.
    public var sort: String?
    /// Include hidden catalog entries.
    public var hidden: Bool?

    public init(query: String? = nil, favourites: Bool? = nil, sort: String? = nil, hidden: Bool? = nil) {
        self.query = query
        self.favourites = favourites
        self.sort = sort
        self.hidden = hidden
    }
}

public struct RamenListResult: WireValue {
    public var ramen: [RamenInfo]
    public var catalogVersion: Int

    public init(ramen: [RamenInfo], catalogVersion: Int) {
        self.ramen = ramen
        self.catalogVersion = catalogVersion
    }
}

public struct RamenRefParams: WireValue {
    /// An id (`nongshim-shin-ramyun`) or a name in any form the search understands.
    public var ref: String
    public init(ref: String) { self.ref = ref }
}

public struct RamenMoveParams: WireValue {
    public var ref: String
    /// 1-based position.
    public var to: Int?
    /// Another favourite to move in front of.
    public var before: String?

    public init(ref: String, to: Int? = nil, before: String? = nil) {
        self.ref = ref
        self.to = to
        self.before = before
    }
}

public struct RamenFavouritesResult: WireValue {
    public var favourites: [RamenInfo]
    public init(favourites: [RamenInfo]) { self.favourites = favourites }
}

/// A cook time a client sends: from 1 second to 24 hours.
enum RamenCookTime {
    static let range = Nanoseconds.second...(86_400 * Nanoseconds.second)
    static let text = "from 1 second to 24 hours"
    static let hint = "270000000000 is 4m30s"
}

public struct RamenSetParams: WireValue, BoundedParams {
    public var ref: String
    /// The user's own cook time. Before kit kept nanoseconds it was `seconds`, which kitd still
    /// takes.
    public var cookNs: Nanoseconds?
    /// A memo; an empty string clears it.
    public var memo: String?
    /// The user's own steps, replacing the maker's; an empty array clears them.
    public var steps: [RamenStep]?
    /// Back to the maker's time and steps, and no memo (applied before the other fields).
    public var reset: Bool?

    public static var bounds: [ParamBound<Self>] {
        [.duration("cookNs", \.cookNs, RamenCookTime.range, text: RamenCookTime.text, hint: RamenCookTime.hint)]
    }

    public init(
        ref: String, cookNs: Nanoseconds? = nil, memo: String? = nil, steps: [RamenStep]? = nil, reset: Bool? = nil
    ) {
        self.ref = ref
        self.cookNs = cookNs
        self.memo = memo
        self.steps = steps
        self.reset = reset
    }

    enum CodingKeys: String, CodingKey {
        case ref, cookNs, memo, steps, reset
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ref = try container.decode(String.self, forKey: .ref)
        cookNs = try decoder.durationIfPresent(CodingKeys.cookNs)
        memo = try container.decodeIfPresent(String.self, forKey: .memo)
        steps = try container.decodeIfPresent([RamenStep].self, forKey: .steps)
        reset = try container.decodeIfPresent(Bool.self, forKey: .reset)
    }
}

public struct RamenAddParams: WireValue, BoundedParams {
    public var name: String
    /// The cook time. Before kit kept nanoseconds it was `seconds`, which kitd still takes.
    public var cookNs: Nanoseconds
    public var waterMl: Int?
    /// `pot` (default), `cup`, `stir-fried`, `drained` or `cold`.
    public var kind: String?
    public var brand: String?
    public var englishName: String?
    public var steps: [RamenStep]?
    public var note: String?

    public init(
        name: String, cookNs: Nanoseconds, waterMl: Int? = nil, kind: String? = nil, brand: String? = nil,
        englishName: String? = nil, steps: [RamenStep]? = nil, note: String? = nil
    ) {
        self.name = name
        self.cookNs = cookNs
        self.waterMl = waterMl
        self.kind = kind
        self.brand = brand
        self.englishName = englishName
        self.steps = steps
        self.note = note
    }

    /// The longest memo or note of a ramen, in characters.
    public static let maximumNoteLength = 2000

    public static var bounds: [ParamBound<Self>] {
        [
            .duration("cookNs", \.cookNs, RamenCookTime.range, text: RamenCookTime.text, hint: RamenCookTime.hint),
            .text("brand", \.brand, limit: NameRules.maximumLength),
            .text("englishName", \.englishName, limit: NameRules.maximumLength),
            .text("note", \.note, limit: maximumNoteLength),
        ]
    }

    enum CodingKeys: String, CodingKey {
        case name, cookNs, waterMl, kind, brand, englishName, steps, note
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        waterMl = try container.decodeIfPresent(Int.self, forKey: .waterMl)
        kind = try container.decodeIfPresent(String.self, forKey: .kind)
        brand = try container.decodeIfPresent(String.self, forKey: .brand)
        englishName = try container.decodeIfPresent(String.self, forKey: .englishName)
        steps = try container.decodeIfPresent([RamenStep].self, forKey: .steps)
        note = try container.decodeIfPresent(String.self, forKey: .note)
        // Last: when neither form is there it throws, and the members after it would go unread.
        cookNs = try decoder.duration(CodingKeys.cookNs)
    }
}

public struct RamenRemoveResult: WireValue {
    public var removed: String
    public init(removed: String) { self.removed = removed }
}

public struct RamenCookParams: WireValue, BoundedParams {
    public var ref: String
    /// A cook time for this cook only. Before kit kept nanoseconds it was `seconds`, which kitd
    /// still takes.
    public var cookNs: Nanoseconds?

    public init(ref: String, cookNs: Nanoseconds? = nil) {
        self.ref = ref
        self.cookNs = cookNs
    }

    public static var bounds: [ParamBound<Self>] {
        [.duration("cookNs", \.cookNs, RamenCookTime.range, text: RamenCookTime.text, hint: RamenCookTime.hint)]
    }

    enum CodingKeys: String, CodingKey {
        case ref, cookNs
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ref = try container.decode(String.self, forKey: .ref)
        cookNs = try decoder.durationIfPresent(CodingKeys.cookNs)
    }
}

/// What `ramen.cook` answers: the timer, and what to do now.
public struct RamenCookResult: WireValue {
    public var ramen: RamenInfo
    public var timer: TimerInfo
    /// Water to boil, in ml (0 when none is needed).
    public var waterMl: Int
    /// The steps of this cook, in order.
    public var steps: [RamenStep]
    /// What to do now, in words: the water, the start steps, then the timed steps this cook is
    /// too short for.
    public var now: [String]
    /// The same lines, each with its template, for a client to say in the user's language.
    public var nowMessages: [MessageText]?

    public init(ramen: RamenInfo, timer: TimerInfo, waterMl: Int, steps: [RamenStep], now: [KitMessage]) {
        self.ramen = ramen
        self.timer = timer
        self.waterMl = waterMl
        self.steps = steps
        self.now = now.map(\.english)
        nowMessages = now.isEmpty ? nil : now.map(MessageText.init)
    }
}

/// The `ramen.*` events.
extension Event {
    /// A cook started: `{ramen, timer}`.
    public static let ramenCooking = "ramen.cooking"
    /// A cook's step came due: `{ramenId, timerId, step}`.
    public static let ramenStep = "ramen.step"
    /// A cook is done: `{ramen, timer}`.
    public static let ramenCooked = "ramen.cooked"
    /// A ramen or the favourites changed: `{ramen}`.
    public static let ramenChanged = "ramen.changed"
}

public struct RamenCookEvent: Codable, Sendable {
    public var ramen: RamenInfo
    public var timer: TimerInfo
    public init(ramen: RamenInfo, timer: TimerInfo) {
        self.ramen = ramen
        self.timer = timer
    }
}

public struct RamenStepEvent: Codable, Sendable {
    public var ramenId: String
    public var timerId: Int64
    public var step: RamenStep
    public init(ramenId: String, timerId: Int64, step: RamenStep) {
        self.ramenId = ramenId
        self.timerId = timerId
        self.step = step
    }
}

public struct RamenChangedEvent: Codable, Sendable {
    public var ramen: RamenInfo
    /// `true` when `ramen.remove` removed it; `ramen` is then its last state. Absent otherwise.
    public var removed: Bool?
    public init(ramen: RamenInfo, removed: Bool? = nil) {
        self.ramen = ramen
        self.removed = removed
    }
}
