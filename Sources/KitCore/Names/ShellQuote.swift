/// Writes a word so that a POSIX shell reads it back unchanged, for the kitctl commands kit
/// shows in popups and messages: bare when it has only letters, digits and `-_.,:/+@%`, else in
/// single quotes.
public enum ShellQuote {
    public static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-_.,:/+@%".unicodeScalars.contains(scalar)
            }
        return plain ? word : "'" + word.replacingAll("'", with: "'\\''") + "'"
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
