/// Text matching the way Korean users type: case-insensitive, spaces ignored, and a compatibility
/// jamo consonant (ㄱ…ㅎ) in the query matching any syllable that starts with it, so `ㅅㄹㅁ`
/// (초성) finds 신라면 and so does the half-typed `신ㄹ`.
public enum HangulSearch {
    /// The initial consonants of Hangul syllables, in Unicode syllable order, as compatibility jamo.
    static let initials: [Unicode.Scalar] = [
        "ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
    ]

    /// Lowercased, with white space, hyphens and middle dots removed: the form both sides are compared in.
    public static func fold(_ text: String) -> [Unicode.Scalar] {
        Array(text.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace && $0 != "-" && $0 != "·" })
    }

    /// The initial consonant of a precomposed Hangul syllable, or nil.
    public static func initial(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard (0xAC00...0xD7A3).contains(scalar.value) else { return nil }
        return initials[Int((scalar.value - 0xAC00) / 588)]
    }

    static func isInitialJamo(_ scalar: Unicode.Scalar) -> Bool { initials.contains(scalar) }

    static func matches(_ query: Unicode.Scalar, _ text: Unicode.Scalar) -> Bool {
        query == text || (isInitialJamo(query) && initial(of: text) == query)
    }

    public enum Match: Int, Comparable, Sendable {
        case none = 0
        case contains
        case prefix
        case exact

        public static func < (lhs: Match, rhs: Match) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// How `query` (already folded) matches `text`: whole, at the start, or somewhere inside.
    public static func match(_ query: [Unicode.Scalar], in text: String) -> Match {
        match(query, inFolded: fold(text))
    }

    /// `match(_:in:)` for text that is already folded.
    public static func match(_ query: [Unicode.Scalar], inFolded folded: [Unicode.Scalar]) -> Match {
        guard !query.isEmpty, query.count <= folded.count else { return .none }
        var start = 0
        while start + query.count <= folded.count {
            var index = 0
            while index < query.count && matches(query[index], folded[start + index]) { index += 1 }
            if index == query.count {
                if start == 0 { return query.count == folded.count ? .exact : .prefix }
                return .contains
            }
            start += 1
        }
        return .none
    }

    /// Text prepared for fast matching: folded scalars and, beside each, its initial consonant
    /// (the scalar itself when it is not a Hangul syllable).
    public struct Folded: Sendable {
        public var scalars: [UInt32]
        public var initials: [UInt32]
        /// The folded text, for "did you mean" (`distance`).
        public var folded: [Unicode.Scalar]
        /// Beside each scalar, whether a word begins there (after a space, `-`, `·` or a mark such
        /// as `(`): where a Latin query may match inside a name.
        public var wordStarts: [Bool]

        public init(_ text: String) {
            var folded: [Unicode.Scalar] = []
            var starts: [Bool] = []
            var boundary = true
            for scalar in text.lowercased().unicodeScalars {
                if scalar.properties.isWhitespace || scalar == "-" || scalar == "·" {
                    boundary = true
                    continue
                }
                folded.append(scalar)
                starts.append(boundary)
                boundary = !(scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
            }
            self.folded = folded
            wordStarts = starts
            scalars = folded.map(\.value)
            initials = folded.map { (HangulSearch.initial(of: $0) ?? $0).value }
        }
    }

    /// A query prepared for fast matching: which of its scalars are initial consonants.
    public struct Query: Sendable {
        public var scalars: [UInt32]
        public var isInitial: [Bool]

        /// Latin letters and digits only (`shin`): such a query matches a name at the start of
        /// one of its words, so `shin` finds Shin Ramyun but not Nisshin.
        public var isLatin: Bool

        public init(_ text: String) {
            let folded = HangulSearch.fold(text)
            scalars = folded.map(\.value)
            isInitial = folded.map(HangulSearch.isInitialJamo)
            isLatin = folded.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)
            }
        }

        public var isEmpty: Bool { scalars.isEmpty }
    }

    /// `match(_:in:)` over prepared text: the search's hot loop.
    public static func match(_ query: Query, in text: Folded) -> Match {
        let count = query.scalars.count
        let length = text.scalars.count
        guard count > 0, count <= length else { return .none }
        var start = 0
        while start + count <= length {
            if query.isLatin && start > 0 && !text.wordStarts[start] {
                start += 1
                continue
            }
            var index = 0
            while index < count {
                let wanted = query.scalars[index]
                let found = query.isInitial[index] ? text.initials[start + index] : text.scalars[start + index]
                if wanted != found && text.scalars[start + index] != wanted { break }
                index += 1
            }
            if index == count {
                if start == 0 { return count == length ? .exact : .prefix }
                return .contains
            }
            start += 1
        }
        return .none
    }

    /// Levenshtein distance over folded scalars, or `limit + 1` as soon as it must be more than
    /// `limit`: only the cells within `limit` of the diagonal are computed, and a row that is all
    /// over it ends the work. For "did you mean", which wants only the close names, at a cost
    /// of the text's length times `limit` instead of times each name's length.
    public static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int) -> Int {
        let over = limit + 1
        if limit < 0 || abs(a.count - b.count) > limit { return max(over, 0) }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = [Int](repeating: over, count: b.count + 1)
        var current = previous
        for column in 0...min(b.count, limit) { previous[column] = column }
        for row in 1...a.count {
            let low = max(1, row - limit)
            let high = min(b.count, row + limit)
            current[low - 1] = low == 1 && row <= limit ? row : over
            var smallest = current[low - 1]
            if low <= high {
                for column in low...high {
                    let cost = matches(a[row - 1], b[column - 1]) ? 0 : 1
                    let value = Swift.min(previous[column] + 1, current[column - 1] + 1, previous[column - 1] + cost)
                    current[column] = Swift.min(value, over)
                    smallest = Swift.min(smallest, current[column])
                }
            }
            if high < b.count { current[high + 1] = over }
            if smallest > limit { return over }
            swap(&previous, &current)
        }
        return Swift.min(previous[b.count], over)
    }

    /// Levenshtein distance over folded scalars, for "did you mean".
    public static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = matches(a[i - 1], b[j - 1]) ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
