import KitCore
import KitProtocol

/// Shell completion from the daemon: tag values still possible given the other `--tag`s on the
/// line (the facets), and place names. Runs inside `kitctl` when the shell asks; any failure
/// (no kitd) completes nothing.
enum TagCompletion {
    /// `category=value` for every value offered by the facets of the filter the rest of the
    /// line gives, that starts with what is typed (case-insensitively).
    @Sendable static func complete(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        offered(filter: otherTags(in: words, skipping: index), words: words, prefix: prefix)
    }

    /// Every known tag that starts with what is typed, whatever else is on the line (for adding).
    @Sendable static func all(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        offered(filter: [], words: words, prefix: prefix)
    }

    /// The tags the facets of `filter` offer, but those the filter already names.
    private static func offered(filter: [String], words: [String], prefix: String) -> [String] {
        guard
            let result = CompletionCall.call(
                Method.placeTags, PlaceFilterParams(tags: filter), words: words)
        else { return [] }
        let chosen = Set(filter.compactMap { try? PlaceTag.parse($0).key })
        var candidates: [String] = []
        for category in result.categories {
            for value in category.values {
                guard let tag = try? PlaceTag(category: category.category, value: value.value),
                    !chosen.contains(tag.key)
                else { continue }
                candidates.append(tag.description)
            }
        }
        return matching(candidates, prefix: prefix)
    }

    /// Every place name that starts with what is typed.
    @Sendable static func names(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        guard
            let result = CompletionCall.call(
                Method.placeList, PlaceFilterParams(), words: words)
        else { return [] }
        return matching(result.places.map(\.name), prefix: prefix)
    }

    /// The values of `--tag X` and `--tag=X` on the line, but the word being completed.
    static func otherTags(in words: [String], skipping index: Int) -> [String] {
        var tags: [String] = []
        var position = 0
        while position < words.count {
            let word = words[position]
            if word == "--tag", position + 1 < words.count {
                // bash splits `area=수원역` at '=' (COMP_WORDBREAKS) into three words.
                if position + 3 < words.count, words[position + 2] == "=" {
                    if !(position + 1...position + 3).contains(index) {
                        tags.append(words[position + 1] + "=" + words[position + 3])
                    }
                    position += 4
                    continue
                }
                if position + 1 != index { tags.append(words[position + 1]) }
                position += 2
                continue
            }
            if word.hasPrefix("--tag="), position != index { tags.append(String(word.dropFirst("--tag=".count))) }
            position += 1
        }
        return tags.filter { (try? PlaceTag.parse($0)) != nil }
    }

    private static func matching(_ candidates: [String], prefix: String) -> [String] {
        let key = PlaceText.key(prefix)
        return candidates.filter { $0.hasPrefix(prefix) || PlaceText.key($0).hasPrefix(key) }
    }
}
