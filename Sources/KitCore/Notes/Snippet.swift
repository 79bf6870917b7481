/// A piece of a snippet: plain text, or a match of a search word.
public struct SnippetPart: Sendable, Equatable, Codable {
    public var text: String
    /// True for a match; absent on the wire otherwise.
    public var match: Bool?

    public init(_ text: String, match: Bool = false) {
        self.text = text
        self.match = match ? true : nil
    }

    public var isMatch: Bool { match == true }
}

/// The part of a text around the first match of a search, on one line, with every match marked.
public enum Snippet {
    /// `radius` characters on each side of the first match (the start of the text when no word
    /// is found, as with a word the index matched in another case form). White space runs,
    /// newlines included, become one space; `…` marks text left out.
    public static func make(_ text: String, terms: [String], radius: Int = 40) -> [SnippetPart] {
        var characters: [Character] = []
        var lastWasSpace = true
        for character in text {
            if character.isWhitespace {
                if !lastWasSpace { characters.append(" ") }
                lastWasSpace = true
            } else {
                characters.append(character)
                lastWasSpace = false
            }
        }
        if characters.last == " " { characters.removeLast() }
        let folded = characters.map { String($0).lowercased() }
        var ranges: [Range<Int>] = []
        for term in terms {
            let needle = term.map { String($0).lowercased() }
            guard !needle.isEmpty, needle.count <= folded.count else { continue }
            var start = 0
            while start + needle.count <= folded.count {
                if folded[start] == needle[0] && Array(folded[start..<start + needle.count]) == needle {
                    ranges.append(start..<start + needle.count)
                    start += needle.count
                } else {
                    start += 1
                }
            }
        }
        let merged = merge(ranges)
        let first = merged.first?.lowerBound ?? 0
        var windowStart = max(0, first - radius)
        var windowEnd = min(
            characters.count, max(first + (merged.first?.count ?? 0) + radius, windowStart + 2 * radius))
        if windowStart < first && characters[windowStart] == " " { windowStart += 1 }
        if windowEnd > windowStart && characters[windowEnd - 1] == " " { windowEnd -= 1 }
        var parts: [SnippetPart] = []
        var cursor = windowStart
        func plain(_ upTo: Int) {
            guard upTo > cursor else { return }
            parts.append(SnippetPart(String(characters[cursor..<upTo])))
            cursor = upTo
        }
        for range in merged where range.upperBound > windowStart && range.lowerBound < windowEnd {
            let lower = max(range.lowerBound, windowStart)
            let upper = min(range.upperBound, windowEnd)
            plain(lower)
            parts.append(SnippetPart(String(characters[lower..<upper]), match: true))
            cursor = upper
        }
        plain(windowEnd)
        if windowStart > 0 { parts.insert(SnippetPart("…"), at: 0) }
        if windowEnd < characters.count { parts.append(SnippetPart("…")) }
        return coalesced(parts)
    }

    /// The parts as one line, each match between `[` and `]`.
    public static func bracketed(_ parts: [SnippetPart]) -> String {
        parts.map { $0.isMatch ? "[" + $0.text + "]" : $0.text }.joined()
    }

    private static func merge(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    private static func coalesced(_ parts: [SnippetPart]) -> [SnippetPart] {
        var result: [SnippetPart] = []
        for part in parts {
            if let last = result.last, !last.isMatch, !part.isMatch {
                result[result.count - 1].text += part.text
            } else {
                result.append(part)
            }
        }
        return result
    }
}
