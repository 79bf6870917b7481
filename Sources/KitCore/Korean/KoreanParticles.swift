/// Korean particles after what was filled into a message: a translation writes the two forms
/// (`%s을(를)`, `%s이(가)`, `%s은(는)`, `%s과(와)`, `%s(으)로`, `%s(이)라는`), and the word before
/// picks one by its last sound. A syllable with a final consonant (받침) takes 을, 이, 은, 과, 으로,
/// 이라는; one without takes 를, 가, 는, 와, 로, 라는; ㄹ takes 로. Digits are read as Korean reads
/// them (1 일, 2 이, 10 십), Latin letters by how a Korean says them where that is known (`pasta`
/// 파스타, `mail` 메일, `PDF` 피디에프). Where it is not (`kit`, an emoji), both forms stay.
public enum KoreanParticles {
    /// The final sound of a word, for its particle.
    enum Final: Equatable {
        case vowel
        /// ㄹ: a consonant, but it takes 로.
        case rieul
        case consonant
    }

    /// The particles written with both forms, and the form after a consonant and after a vowel.
    /// `(으)로` after ㄹ is 로.
    static let pairs: [(written: String, consonant: String, vowel: String)] = [
        ("을(를)", "을", "를"), ("를(을)", "을", "를"), ("이(가)", "이", "가"), ("가(이)", "이", "가"),
        ("은(는)", "은", "는"), ("는(은)", "은", "는"), ("과(와)", "과", "와"), ("와(과)", "과", "와"),
        ("(으)로", "으로", "로"), ("(이)", "이", ""),
    ]

    /// `text` with each two-form particle written as the word before it takes it.
    public static func attach(_ text: String) -> String {
        // Most messages have none: one pass over the bytes for `(` and a Hangul syllable after it
        // (U+AC00…U+D7A3 start with 0xEA…0xED in UTF-8) before anything else.
        guard hasTwoForms(text.utf8) else { return text }
        var result = ""
        var rest = Substring(text)
        outer: while !rest.isEmpty {
            for (written, consonant, vowel) in pairs where rest.hasPrefix(written) {
                // `(이)` alone, with nothing after it, is no particle.
                if written == "(이)" && rest.dropFirst(written.count).first.map({ !isHangulSyllable($0) }) ?? true {
                    break
                }
                guard let final = final(of: result) else { break }
                if written == "(으)로" {
                    result += final == .consonant ? consonant : vowel
                } else {
                    result += final == .vowel ? vowel : consonant
                }
                rest = rest.dropFirst(written.count)
                continue outer
            }
            result.append(rest.removeFirst())
        }
        return result
    }

    /// The final sound of what `text` ends with, past closing quotes and brackets; nil when it
    /// cannot be known.
    static func final(of text: String) -> Final? {
        let characters = text.reversed().drop { "'\"’”」』)]".contains($0) }
        guard let last = characters.first else { return nil }
        if let scalar = last.unicodeScalars.first, last.unicodeScalars.count == 1,
            (0xAC00...0xD7A3).contains(scalar.value)
        {
            let jong = (scalar.value - 0xAC00) % 28
            return jong == 0 ? .vowel : jong == 8 ? .rieul : .consonant
        }
        if last.isASCII && last.isNumber {
            let digits = String(characters.prefix { $0.isASCII && $0.isNumber }.reversed())
            return digitFinal(digits)
        }
        if last.isASCII && last.isLetter {
            let run = characters.prefix { $0.isASCII && $0.isLetter }
            // A file's extension (`plan.ics`) is said letter by letter, as an abbreviation is.
            let spelled = characters.dropFirst(run.count).first == "." && run.count <= 4
            return latinFinal(String(run.reversed()), spelled: spelled)
        }
        return nil
    }

    /// A number as Korean reads its end: `1` 일 (ㄹ), `2` 이, `3` 삼, `10` 십, `100` 백, `1000` 천.
    static func digitFinal(_ digits: String) -> Final {
        guard let last = digits.last else { return .vowel }
        if last == "0" {
            // 십, 백, 천, 만: all end in a consonant; a zero alone is 영.
            return .consonant
        }
        switch last {
        case "1", "7", "8": return .rieul
        case "3", "6": return .consonant
        default: return .vowel
        }
    }

    /// A Latin word's end as Korean says it, or nil where it cannot be known.
    static func latinFinal(_ word: String, spelled: Bool = false) -> Final? {
        guard let last = word.last?.lowercased().first else { return nil }
        // An abbreviation (`PDF`, `SMS`) is said letter by letter.
        if spelled || (word.count <= 5 && word.allSatisfy(\.isUppercase)) {
            switch last {
            case "l", "r": return .rieul
            case "m", "n": return .consonant
            default: return .vowel
            }
        }
        if word.lowercased().hasSuffix("ng") { return .consonant }
        switch last {
        case "a", "e", "i", "o", "u", "y", "w": return .vowel
        // timer 타이머, water 워터.
        case "r": return .vowel
        case "l": return .rieul
        case "m", "n": return .consonant
        default: return nil
        }
    }

    private static func hasTwoForms(_ bytes: String.UTF8View) -> Bool {
        var afterParenthesis = false
        for byte in bytes {
            if afterParenthesis && (0xEA...0xED).contains(byte) { return true }
            afterParenthesis = byte == UInt8(ascii: "(")
        }
        return false
    }

    private static func isHangulSyllable(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return (0xAC00...0xD7A3).contains(scalar.value)
    }
}
