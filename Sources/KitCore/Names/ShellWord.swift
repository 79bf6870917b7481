/// A word as a person would type it in a shell command: quoted when it has spaces or quotes.
public enum ShellWord {
    public static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { !$0.isWhitespace && !"'\"\\$`!&|;<>()*?[]#~".contains($0) }
        return plain ? word : "'" + word.replacingQuotes() + "'"
    }
}

extension String {
    fileprivate func replacingQuotes() -> String {
        var result = ""
        for character in self { result += character == "'" ? "'\\''" : String(character) }
        return result
    }
}
