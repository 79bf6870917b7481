/// What a person typed to search memos or the diary, read as plain words that must all occur.
///
/// Nothing in it is FTS5 syntax: `"`, `*`, `NEAR`, `AND` and parentheses are text like any
/// other. Each word becomes a quoted FTS5 string, so no query can fail to parse. The index is a
/// trigram index (any substring of 3 or more characters, Korean as well as English); words
/// shorter than that are looked for by scanning the text instead.
public struct SearchQuery: Sendable, Equatable {
    /// The shortest word the trigram index can look up, in Unicode scalars.
    public static let indexedLength = 3
    public static let maximumTerms = 16
    /// The longest query, in Unicode scalars. The trigram index looks a word up as one phrase of
    /// its trigrams, and a phrase's cost (time and memory) grows with its length times the
    /// occurrences of its trigrams: a 20,000-character word over a long memo of one repeated
    /// syllable took gigabytes. 100 is a sentence.
    public static let maximumLength = 100
    /// How many results a search returns when the client does not say.
    public static let defaultLimit = 50

    /// How many results a search may return, so that one search cannot hold kitd's loop for
    /// long: the bound `SearchParams` declares, which kitd's router holds a request to.
    public static let resultLimits = 1...1000

    /// The distinct words, in the order typed.
    public let terms: [String]

    public init(_ raw: String) throws(KitError) {
        let length = raw.trimmingWhitespace().unicodeScalars.count
        guard length <= Self.maximumLength else {
            throw .invalidArgument(
                "the search has \(length) characters; the limit is \(Self.maximumLength), so look for a few words")
        }
        var seen = Set<String>()
        var terms: [String] = []
        for word in raw.split(whereSeparator: { $0.isWhitespace }) {
            let term = String(word)
            if seen.insert(term.lowercased()).inserted { terms.append(term) }
        }
        guard !terms.isEmpty else { throw .invalidArgument("the search is empty; give a word to look for") }
        guard terms.count <= Self.maximumTerms else {
            throw .invalidArgument("the search has \(terms.count) words; give at most \(Self.maximumTerms)")
        }
        guard !raw.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidArgument("the search contains control characters; give plain words")
        }
        self.terms = terms
    }

    /// The words the index can look up.
    public var indexedTerms: [String] { terms.filter { $0.unicodeScalars.count >= Self.indexedLength } }

    /// The words too short for the index, looked for with LIKE.
    public var scannedTerms: [String] { terms.filter { $0.unicodeScalars.count < Self.indexedLength } }

    /// An FTS5 MATCH expression that requires every indexed word, each as a quoted string;
    /// nil when no word is long enough for the index.
    public var matchExpression: String? {
        let indexed = indexedTerms
        guard !indexed.isEmpty else { return nil }
        return indexed.map(Self.quoted).joined(separator: " ")
    }

    /// `word` as an FTS5 string: in double quotes, with its own double quotes doubled.
    public static func quoted(_ word: String) -> String {
        var result = "\""
        for character in word { result += character == "\"" ? "\"\"" : String(character) }
        return result + "\""
    }

    /// A LIKE pattern that finds `word` anywhere, with `\` as the escape character.
    public static func likePattern(_ word: String) -> String {
        var result = "%"
        for character in word {
            if character == "%" || character == "_" || character == "\\" { result += "\\" }
            result.append(character)
        }
        return result + "%"
    }
}
