import KitCore

// The stored properties of the types extended here are declared in Wire/RamenMethods.wire.

extension RamenInfo {
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

/// A cook time a client sends: from 1 second to 24 hours.
enum RamenCookTime {
    static let range = Nanoseconds.second...(86_400 * Nanoseconds.second)
    static let text = "from 1 second to 24 hours"
    static let hint = "270000000000 is 4m30s"
}

extension RamenSetParams {
    public static var bounds: [ParamBound<Self>] {
        [.duration("cookNs", \.cookNs, RamenCookTime.range, text: RamenCookTime.text, hint: RamenCookTime.hint)]
    }
}

extension RamenAddParams {
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
}

extension RamenCookParams {
    public static var bounds: [ParamBound<Self>] {
        [.duration("cookNs", \.cookNs, RamenCookTime.range, text: RamenCookTime.text, hint: RamenCookTime.hint)]
    }
}

extension RamenCookResult {
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
