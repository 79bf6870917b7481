/// How place names, tag categories and tag values are compared and stored.
///
/// - **Display form** (`display(_:)`): leading and trailing whitespace trimmed, then Unicode NFC
///   (canonical composition). This is the spelling kept and shown; the first spelling seen wins.
/// - **Match key** (`key(_:)`): the display form lowercased (`String.lowercased()`, the Unicode
///   default lowercase mapping), then NFC again. Latin, Greek and Cyrillic letters lose their case;
///   Hangul, Han and kana have no case and are unchanged. It is a lowercase mapping, not full case
///   folding: `ß` and `ss` stay different.
///
/// What is guaranteed: two inputs that differ only in surrounding whitespace, in letter case, or in
/// Unicode normalisation (`é` as U+00E9 or as `e` + U+0301; Hangul syllables or conjoining jamo) get
/// byte-for-byte identical keys, so the keys can be stored and compared outside Swift (SQLite, JSON).
/// Inner whitespace is kept as typed, and compatibility forms (NFKC: full-width letters, ligatures)
/// are not folded.
///
/// The Swift 6.3 standard library has no documented public normalisation API. It does export
/// `String._nfcCodeUnits` (public ABI, marked "@testable"; swift-foundation and the standard
/// library's own `UTF8Span.checkForNFC` use it), and that is what `nfc(_:)` calls. Should it ever
/// disappear, replace `nfc(_:)` by the identity: Swift `String` equality and hashing already follow
/// canonical equivalence, so matching inside Swift keeps working and only the byte-for-byte promise
/// for stored keys is lost.
public enum PlaceText {
    /// The spelling to keep and show: trimmed and in NFC.
    public static func display(_ raw: String) -> String { nfc(raw.trimmingWhitespace()) }

    /// The form two spellings are compared in: trimmed, lowercased and in NFC.
    public static func key(_ raw: String) -> String { nfc(raw.trimmingWhitespace().lowercased()) }

    /// The canonical composition (NFC) of `text`.
    public static func nfc(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        return String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    /// `'text'`, shortened with `…` past 40 characters, for quoting input in messages.
    static func quoted(_ text: String) -> String {
        text.count > 40 ? "'\(text.prefix(39))…'" : "'\(text)'"
    }

    /// Whether the text has a control character other than the ones listed in `allowing`.
    static func hasControlCharacter(_ text: String, allowing allowed: Set<Unicode.Scalar> = []) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control && !allowed.contains($0) }
    }
}
