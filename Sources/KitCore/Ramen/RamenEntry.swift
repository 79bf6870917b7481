/// A ramen as the user sees it: the product's facts merged with their own settings.
public struct RamenEntry: Sendable, Equatable, Identifiable {
    public enum Origin: String, Sendable, Codable, CaseIterable {
        /// From the shipped catalog: can be hidden, not removed.
        case catalog
        /// Added by the user: can be removed.
        case own
    }

    public var product: RamenProduct
    public var origin: Origin
    public var settings: RamenSettings

    public init(product: RamenProduct, origin: Origin, settings: RamenSettings = RamenSettings()) {
        self.product = product
        self.origin = origin
        self.settings = settings
    }

    public var id: String { product.id }

    /// The cook time used: the user's own, else the maker's.
    public var cookTime: Nanoseconds { settings.customTime ?? product.cookTime }

    /// The steps used: the user's own, else the maker's.
    public var steps: [RamenStep] { settings.ownSteps ?? product.steps }

    /// Whether the user changed anything `--reset` would undo.
    public var isCustomized: Bool {
        settings.customTime != nil || settings.memo != nil || settings.ownSteps != nil
    }
}

/// What the user set for one ramen. A catalog update never touches these.
public struct RamenSettings: Sendable, Equatable {
    /// 1-based place in the favourites; nil when not a favourite.
    public var favouritePosition: Int?
    /// The user's own cook time.
    public var customTime: Nanoseconds?
    public var memo: String?
    public var ownSteps: [RamenStep]?
    public var hidden: Bool
    public var cookCount: Int
    public var lastCookedAt: WallTime?

    public init(
        favouritePosition: Int? = nil, customTime: Nanoseconds? = nil, memo: String? = nil,
        ownSteps: [RamenStep]? = nil,
        hidden: Bool = false, cookCount: Int = 0, lastCookedAt: WallTime? = nil
    ) {
        self.favouritePosition = favouritePosition
        self.customTime = customTime
        self.memo = memo
        self.ownSteps = ownSteps
        self.hidden = hidden
        self.cookCount = cookCount
        self.lastCookedAt = lastCookedAt
    }
}

/// Sort orders for listing ramen.
public enum RamenSort: String, Sendable, CaseIterable, Codable {
    /// Favourites in the user's order first, then by name.
    case name
    /// Most recently cooked first; never cooked last.
    case recent
    /// Most often cooked first.
    case most

    /// `entries` in this order; names (and ties) in `names`' order.
    public func sorted(_ entries: [RamenEntry], names: some NameOrder = CodePointOrder()) -> [RamenEntry] {
        let keyed = entries.map { (names.key($0.product.name), $0) }
        func byName(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool { lhs.lexicographicallyPrecedes(rhs) }
        return keyed.sorted { left, right in
            let (lhsName, lhs) = left
            let (rhsName, rhs) = right
            switch self {
            case .name:
                switch (lhs.settings.favouritePosition, rhs.settings.favouritePosition) {
                case (let l?, let r?): return l < r
                case (.some, nil): return true
                case (nil, .some): return false
                case (nil, nil): return byName(lhsName, rhsName)
                }
            case .recent:
                let l = lhs.settings.lastCookedAt?.nanoseconds ?? .min
                let r = rhs.settings.lastCookedAt?.nanoseconds ?? .min
                return l != r ? l > r : byName(lhsName, rhsName)
            case .most:
                let l = lhs.settings.cookCount
                let r = rhs.settings.cookCount
                return l != r ? l > r : byName(lhsName, rhsName)
            }
        }.map(\.1)
    }
}
