import Glibc

/// How many terminal cells text takes, from glibc's `wcwidth` and so from the Unicode data the
/// C library ships (East Asian Width and emoji, kept current with glibc), not a list of ranges of
/// our own: Hangul, kana, CJK and emoji such as ☕ and 🚀 take two, combining marks none.
enum DisplayWidth {
    /// wcwidth reads the LC_CTYPE locale: the user's when it is UTF-8, else C.UTF-8, which every
    /// glibc since 2.35 has built in.
    private static let ready: Bool = {
        if let name = setlocale(LC_CTYPE, ""), String(cString: name).lowercased().contains("utf") { return true }
        return setlocale(LC_CTYPE, "C.UTF-8") != nil
    }()

    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    static func of(_ scalar: Unicode.Scalar) -> Int {
        if scalar.value < 0x20 || scalar.value == 0x7F { return 0 }
        if scalar.value < 0x7F { return 1 }
        guard ready else { return fallback(scalar) }
        let cells = glibcWcwidth(Int32(bitPattern: scalar.value))
        return cells >= 0 ? Int(cells) : fallback(scalar)
    }

    /// For a character the C library does not know (newer than its Unicode data): marks and
    /// format characters take none, the rest one.
    private static func fallback(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return scalar.properties.isEmojiPresentation ? 2 : 1
        }
    }

    /// `text` with spaces after it up to `width` cells (cut to them first if longer).
    static func padded(_ text: String, to width: Int) -> String {
        var fitted = ""
        var used = 0
        for character in text {
            let cells = of(String(character))
            if used + cells > width { break }
            fitted.append(character)
            used += cells
        }
        return fitted + String(repeating: " ", count: width - used)
    }

    /// `text` cut to at most `width` cells, with an ellipsis when cut.
    static func truncated(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let cells = of(String(character))
            if used + cells > width - 1 { break }
            result.append(character)
            used += cells
        }
        return result + "…"
    }
}

/// glibc's `int wcwidth(wchar_t)`, which Swift's Glibc module leaves out (it needs _XOPEN_SOURCE).
@_silgen_name("wcwidth")
private func glibcWcwidth(_ character: Int32) -> Int32
