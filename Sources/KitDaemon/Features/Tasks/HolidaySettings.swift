import KitCore
import KitLocalization

/// config.toml's `[holidays]` table: whose public holidays `kitctl agenda` marks.
///
/// ```toml
/// [holidays]
/// country = "KR"           # Korea's; "none" for none. Default: KR when kitd runs in Korean
/// ```
struct HolidaySettings: ConfigSection, Equatable {
    static let name = "holidays"
    static let keys: Set<String> = ["country"]
    /// The countries kit knows the holidays of.
    static let countries = ["KR"]

    /// The country whose holidays the agenda carries; nil for none.
    var country: String? = Localized.holidayCountry

    init() {}

    init(_ table: ConfigTable) throws(ConfigError) {
        guard let text = try table.string("country", "a country in quotes: \"KR\", or \"none\"") else { return }
        if text.lowercased() == "none" {
            country = nil
            return
        }
        guard Self.countries.contains(text.uppercased()) else {
            throw table.error(
                "country", " must be \"KR\" (Korea, the one country kit knows the holidays of) or \"none\"")
        }
        country = text.uppercased()
    }
}
