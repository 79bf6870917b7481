/// One instant noodle product with the facts its maker prints on the package.
public struct RamenProduct: Codable, Sendable, Equatable, Identifiable {
    /// A stable slug, e.g. `nongshim-shin-ramyun`; user-added ones are `own-N`.
    public var id: String
    /// The original-language name as printed, e.g. `신라면`.
    public var name: String
    public var englishName: String?
    public var romanization: String?
    public var brand: String?
    public var brandLocal: String?
    /// ISO 3166 alpha-2 origin market.
    public var country: String?
    public var kind: RamenKind
    public var cookSeconds: Int
    public var waterMl: Int
    public var steps: [RamenStep]
    public var note: String?
    public var source: String?

    public init(
        id: String, name: String, englishName: String? = nil, romanization: String? = nil, brand: String? = nil,
        brandLocal: String? = nil, country: String? = nil, kind: RamenKind, cookSeconds: Int, waterMl: Int,
        steps: [RamenStep] = [], note: String? = nil, source: String? = nil
    ) {
        self.id = id
        self.name = name
        self.englishName = englishName
        self.romanization = romanization
        self.brand = brand
        self.brandLocal = brandLocal
        self.country = country
        self.kind = kind
        self.cookSeconds = cookSeconds
        self.waterMl = waterMl
        self.steps = steps
        self.note = note
        self.source = source
    }

    /// `신라면 (Shin Ramyun)`: the name with its English name; just one of them when the English
    /// name repeats the name, and without the English name's own parenthetical.
    public var displayName: String {
        guard var english = englishName, english != name else { return name }
        if english.hasPrefix(name) { return english }
        if let open = english.firstRange(of: " ("), english.hasSuffix(")") {
            english = String(english[..<open.lowerBound])
        }
        return english == name ? name : "\(name) (\(english))"
    }

    /// The facts a catalog update may correct, for comparing two versions of a product.
    public var facts: [String] {
        [
            name, englishName ?? "", romanization ?? "", brand ?? "", brandLocal ?? "", country ?? "", kind.rawValue,
            String(cookSeconds), String(waterMl), steps.map(\.description).joined(separator: "|"), note ?? "",
        ]
    }
}

/// How a product is prepared.
public enum RamenKind: String, Codable, Sendable, CaseIterable {
    /// Boiled in a pot and eaten as soup.
    case pot
    /// Water poured into the cup and left to stand.
    case cup
    /// Boiled, drained and mixed with sauce (Buldak, Chapagetti, Mi Goreng).
    case stirFried = "stir-fried"
    /// Boiled and drained.
    case drained
    /// Rinsed in cold water after boiling (Bibimmyeon).
    case cold
}

/// A catalog file: a version and its products.
public struct RamenCatalog: Codable, Sendable {
    public var version: Int
    public var products: [RamenProduct]

    public init(version: Int, products: [RamenProduct]) {
        self.version = version
        self.products = products
    }
}
