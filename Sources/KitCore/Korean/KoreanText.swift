/// Korean text as kit's readers of due times, durations and repeat rules take it: NFC (Hangul may
/// arrive as conjoining jamo, NFD), and without the spaces, which Korean places freely
/// (`오후세시반` = `오후 세 시 반`).
public enum KoreanText {
    /// Whether `text` has a Hangul syllable or jamo: the readers then take the Korean forms.
    public static func hasHangul(_ text: String) -> Bool {
        text.unicodeScalars.contains { isHangul($0) }
    }

    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF: true
        default: false
        }
    }

    /// `text` in NFC, lowercased, with its whitespace taken out, except one space between two
    /// digits, which keeps two numbers apart (`2026.12.1 18:00`).
    static func compact(_ text: String) -> [Character] {
        let characters = Array(PlaceText.nfc(text).lowercased())
        var kept: [Character] = []
        for (index, character) in characters.enumerated() {
            guard character.isWhitespace else {
                kept.append(character)
                continue
            }
            let next = characters[index...].first { !$0.isWhitespace }
            if let last = kept.last, last != " ", last.isASCII && last.isNumber, let next, next.isASCII && next.isNumber
            {
                kept.append(" ")
            }
        }
        return kept
    }
}

/// A cursor over compacted Korean text, for the readers' small grammars.
struct KoreanCursor {
    let text: [Character]
    var position = 0

    init(_ text: [Character]) { self.text = text }

    var atEnd: Bool { position >= text.count }

    /// Whether `word` is next (not taking it).
    func sees(_ word: String) -> Bool {
        var index = position
        for character in word {
            guard index < text.count, text[index] == character else { return false }
            index += 1
        }
        return true
    }

    /// Takes `word` if it is next.
    mutating func take(_ word: String) -> Bool {
        guard sees(word) else { return false }
        position += word.count
        return true
    }

    /// Takes the first of `words` that is next (list longer words first), and returns it.
    mutating func take(anyOf words: [String]) -> String? {
        for word in words where take(word) { return word }
        return nil
    }
}
