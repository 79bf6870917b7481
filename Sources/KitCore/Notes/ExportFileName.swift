/// File names for exported diary entries: the date and the title's words, so that a directory
/// of them sorts by date and reads well, and nothing in a title can leave the directory.
///
/// A name holds only letters and digits (of any script, lowercased), `-`, and the extension:
/// no `/`, no `..`, no leading dot, no control or invisible characters. Names are unique in one
/// export, compared without regard to case (for file systems that ignore it).
public enum ExportFileName {
    /// The longest slug of the title, in UTF-8 bytes: names stay far below the 255-byte limit.
    public static let maximumSlugBytes = 100

    /// `2026-11-20-rain-by-the-river`.
    public static func stem(date: CivilDate, title: String) -> String {
        let slug = slug(title)
        return slug.isEmpty ? date.iso8601 : date.iso8601 + "-" + slug
    }

    /// The title's letters and digits, lowercased, with every other run of characters turned
    /// into one `-`, cut at a character boundary within `maximumSlugBytes`.
    public static func slug(_ title: String) -> String {
        var result = ""
        var bytes = 0
        var pendingDash = false
        for character in title {
            guard isWordCharacter(character) else {
                pendingDash = !result.isEmpty
                continue
            }
            let piece = (pendingDash ? "-" : "") + String(character).lowercased()
            guard bytes + piece.utf8.count <= maximumSlugBytes else { break }
            result += piece
            bytes += piece.utf8.count
            pendingDash = false
        }
        return result
    }

    /// `stem.ext`, or `stem-2.ext`, `stem-3.ext`… when the name is in `taken`; the name chosen is
    /// added to `taken` (in lowercase).
    public static func unique(_ stem: String, extension ext: String, taken: inout Set<String>) -> String {
        var candidate = stem + "." + ext
        var number = 2
        while taken.contains(candidate.lowercased()) {
            candidate = stem + "-\(number)." + ext
            number += 1
        }
        taken.insert(candidate.lowercased())
        return candidate
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first,
            first.properties.isAlphabetic || first.properties.generalCategory == .decimalNumber
        else { return false }
        return character.unicodeScalars.allSatisfy { scalar in
            let properties = scalar.properties
            return properties.isAlphabetic || properties.generalCategory == .decimalNumber
                || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
        }
    }
}
