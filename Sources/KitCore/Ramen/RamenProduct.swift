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
    /// The maker's cook time. A catalog file gives it as `cookSeconds`; kit keeps nanoseconds.
    public var cookTime: Nanoseconds
    public var waterMl: Int
    public var steps: [RamenStep]
    public var note: String?
    public var source: String?

    public init(
        id: String, name: String, englishName: String? = nil, romanization: String? = nil, brand: String? = nil,
        brandLocal: String? = nil, country: String? = nil, kind: RamenKind, cookTime: Nanoseconds, waterMl: Int,
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
        self.cookTime = cookTime
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
            String(cookTime.value), String(waterMl), steps.map(\.description).joined(separator: "|"), note ?? "",
        ]
    }
}

extension RamenProduct {
    private enum CodingKeys: String, CodingKey {
        case id, name, englishName, romanization, brand, brandLocal, country, kind, waterMl, steps, note, source
        case cookNs
        /// The catalog file's form, and kit's before it kept nanoseconds: whole seconds.
        case cookSeconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        englishName = try container.decodeIfPresent(String.self, forKey: .englishName)
        romanization = try container.decodeIfPresent(String.self, forKey: .romanization)
        brand = try container.decodeIfPresent(String.self, forKey: .brand)
        brandLocal = try container.decodeIfPresent(String.self, forKey: .brandLocal)
        country = try container.decodeIfPresent(String.self, forKey: .country)
        kind = try container.decode(RamenKind.self, forKey: .kind)
        if let nanoseconds = try container.decodeIfPresent(Nanoseconds.self, forKey: .cookNs) {
            cookTime = nanoseconds
        } else {
            let seconds = try container.decode(Int64.self, forKey: .cookSeconds)
            let (product, overflow) = seconds.multipliedReportingOverflow(by: Nanoseconds.nanosecondsPerSecond)
            guard !overflow else {
                throw DecodingError.dataCorruptedError(
                    forKey: .cookSeconds, in: container, debugDescription: "\(seconds) seconds is too long")
            }
            cookTime = Nanoseconds(product)
        }
        waterMl = try container.decode(Int.self, forKey: .waterMl)
        steps = try container.decodeIfPresent([RamenStep].self, forKey: .steps) ?? []
        note = try container.decodeIfPresent(String.self, forKey: .note)
        source = try container.decodeIfPresent(String.self, forKey: .source)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(englishName, forKey: .englishName)
        try container.encodeIfPresent(romanization, forKey: .romanization)
        try container.encodeIfPresent(brand, forKey: .brand)
        try container.encodeIfPresent(brandLocal, forKey: .brandLocal)
        try container.encodeIfPresent(country, forKey: .country)
        try container.encode(kind, forKey: .kind)
        try container.encode(cookTime, forKey: .cookNs)
        try container.encode(waterMl, forKey: .waterMl)
        try container.encode(steps, forKey: .steps)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(source, forKey: .source)
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
