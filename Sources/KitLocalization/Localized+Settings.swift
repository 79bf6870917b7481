/// What a language decides beyond its words, asked of its catalog: each is a message whose
/// translator sets it, as GTK asks its catalogs for the first weekday (`calendar:week_start:0`).
/// A language with no catalog gets kit's English answer.
extension Localized {
    /// Whose public holidays kit marks when the configuration does not say: what the catalog of
    /// the person's language says (`holidays:none` in kit's English, `holidays:KR` in Korean).
    /// One rule for kitd's `[holidays]` default and kitctl's agenda.
    public static var holidayCountry: String? {
        let said = Localized.text("holidays:none")
        guard said.hasPrefix("holidays:"), said.utf8.count == "holidays:".utf8.count + 2 else { return nil }
        let country = String(said.dropFirst("holidays:".count))
        return country.utf8.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) ? country : nil
    }

    /// The words kit says a length or a repeat rule back in, so that a person can type them
    /// again: kit's compact English (`4m30s`, `weekly on tue,thu`) or Korean's (`4분 30초`,
    /// `매주 화·목`), as the catalog of the person's language says (`writing:english`, translated
    /// `writing:korean`). English in a process that did not set up its catalogs.
    public static var writing: Writing {
        ready()
        return isSetUp && Localized.text("writing:english") == "writing:korean" ? .korean : .english
    }

    /// The words of a reader kit has (`Localized.writing`).
    public enum Writing: Sendable {
        case english, korean
    }
}
