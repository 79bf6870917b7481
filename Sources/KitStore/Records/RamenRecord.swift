import Foundation
import GRDB
import KitCore

/// A row of the `ramen` table: a product from the catalog or of the user's own, as JSON.
struct RamenRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "ramen"

    var id: String
    /// `catalog` or `own` (RamenEntry.Origin).
    var origin: String
    /// The RamenProduct as JSON, keys sorted.
    var product: String
    /// Whether the last merged catalog still lists a catalog ramen.
    var inCatalog: Bool

    enum CodingKeys: String, CodingKey {
        case id, origin, product
        case inCatalog = "in_catalog"
    }

    init(_ product: RamenProduct, origin: RamenEntry.Origin) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        id = product.id
        self.origin = origin.rawValue
        self.product = String(decoding: try encoder.encode(product), as: UTF8.self)
        inCatalog = origin == .catalog
    }

    /// The entry, with `settings` (the defaults when the user set nothing).
    func entry(settings: RamenSettings, decoder: JSONDecoder) throws -> RamenEntry {
        RamenEntry(
            product: try decoder.decode(RamenProduct.self, from: Data(product.utf8)),
            origin: RamenEntry.Origin(rawValue: origin) ?? .catalog, settings: settings)
    }
}
