import Glibc
import KitLocalization

/// ArgumentParser's help, with the words it writes itself (its headings, the help and version
/// flags, "(default: …)") in the user's language; kit's own summaries and option help are
/// translated where they are declared.
enum HelpText {
    static func localized(_ help: String) -> String {
        guard help.contains("USAGE:") else { return help }
        let words: [(String, String)] = [
            ("OVERVIEW:", Localized.text("OVERVIEW:")), ("USAGE:", Localized.text("USAGE:")),
            ("ARGUMENTS:", Localized.text("ARGUMENTS:")), ("OPTIONS:", Localized.text("OPTIONS:")),
            ("SUBCOMMANDS:", Localized.text("SUBCOMMANDS:")),
            ("Show help information.", Localized.text("Show help information.")),
            ("Show the version.", Localized.text("Show the version.")),
            ("(default: ", Localized.text("(default: ")), ("(values: ", Localized.text("(values: ")),
            // A default subcommand's mark, padded so its help stays in its column.
            (" (default) ", padded(Localized.text(" (default) "), to: " (default) ")),
            (
                "See 'kitctl help <subcommand>' for detailed help.",
                Localized.text("See 'kitctl help <subcommand>' for detailed help.")
            ),
        ]
        var text = help
        for (english, translated) in words where english != translated {
            text = text.replacing(english, with: translated)
        }
        return groupHints(text)
    }

    /// `help`, which ArgumentParser wrapped at `columns` characters, wrapped again at `columns`
    /// display cells where it holds wide characters: a Hangul syllable takes two cells, so a
    /// Korean line wrapped at 80 characters was up to 160 cells wide. A line ArgumentParser
    /// wrapped is told from a line break of the text itself by its length: ArgumentParser breaks
    /// at the last space within `columns` characters, so the next line's first word, and the
    /// space after it, would not have fitted after it. Lines of single-width characters, and the
    /// usage line, stay as they were.
    static func fitted(_ help: String, columns: Int) -> String {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.contains(where: { DisplayWidth.of($0) > columns }) else { return help }
        var output: [String] = []
        var index = 0
        while index < lines.count {
            let (prefix, text) = parts(lines[index])
            // The label as ArgumentParser laid it out, before `localized` put a translated
            // " (default) " in it, padded to the English one's cells.
            let labelWidth = DisplayWidth.of(prefix)
            let hang = String(repeating: " ", count: labelWidth)
            var words = text.split(separator: " ").map(String.init)
            let first = index
            var last = lines[index]
            var lastLength = labelWidth + text.count
            index += 1
            while index < lines.count, lines[index].hasPrefix(hang) {
                let rest = lines[index].dropFirst(hang.count)
                guard let next = rest.split(separator: " ").first, !rest.hasPrefix(" "),
                    lastLength + 1 + next.count >= columns, !startsSentence(next, after: last)
                else { break }
                words += rest.split(separator: " ").map(String.init)
                last = lines[index]
                lastLength = last.count
                index += 1
            }
            let block = lines[first..<index]
            // The usage line stays whole, as ArgumentParser leaves it in English.
            let usage = prefix.isEmpty && text.hasPrefix(Localized.text("USAGE:"))
            let narrow = block.allSatisfy { DisplayWidth.of($0) == $0.count }
            output += usage || narrow ? Array(block) : wrapped(words, prefix, hang, columns)
        }
        return output.joined(separator: "\n")
    }

    /// Whether `word` after `line` may begin a line of its own (`Example: …` after a sentence):
    /// such a line stays one, even where it would not have fitted after the one before.
    private static func startsSentence(_ word: Substring, after line: String) -> Bool {
        guard let end = line.last, ".:".contains(end) else { return false }
        return word.first.map { $0.isUppercase } == true || word.hasSuffix(":")
    }

    /// A help line's label (its indent, and an option's or a subcommand's names with the spaces
    /// up to their description) and its text.
    private static func parts(_ line: String) -> (String, String) {
        let indent = line.prefix { $0 == " " }
        let rest = line.dropFirst(indent.count)
        if indent.count == 2, let gap = rest.firstRange(of: "  ") {
            let text = rest[gap.upperBound...].drop { $0 == " " }
            if !text.isEmpty { return (String(line.prefix(line.count - text.count)), String(text)) }
        }
        return (String(indent), String(rest))
    }

    /// `words` after `prefix`, in lines of at most `columns` cells, each after the first after `hang`.
    private static func wrapped(_ words: [String], _ prefix: String, _ hang: String, _ columns: Int) -> [String] {
        var lines: [String] = []
        var line = prefix
        var width = DisplayWidth.of(prefix)
        for (number, word) in words.enumerated() {
            let cells = DisplayWidth.of(word)
            if number > 0 && width + 1 + cells > columns {
                lines.append(line)
                line = hang + word
                width = hang.count + cells
            } else {
                line += number > 0 ? " " + word : word
                width += (number > 0 ? 1 : 0) + cells
            }
        }
        return lines + [line]
    }

    /// The width ArgumentParser wraps help at: `COLUMNS`, else the terminal's, else 80.
    static var columns: Int {
        if let text = getenv("COLUMNS"), let value = Int(String(cString: text)), value > 0 { return value }
        return Terminal.columns
    }

    private static func padded(_ text: String, to english: String) -> String {
        text + String(repeating: " ", count: max(0, DisplayWidth.of(english) - DisplayWidth.of(text)))
    }

    /// A group's own hint, `See 'kitctl help diary <subcommand>' for detailed help.`
    private static func groupHints(_ text: String) -> String {
        let start = "See 'kitctl help "
        let end = " <subcommand>' for detailed help."
        guard text.contains(start) else { return text }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix(start), trimmed.hasSuffix(end) else { return String(line) }
            let group = trimmed.dropFirst(start.count).dropLast(end.count)
            let indent = String(line.prefix { $0 == " " })
            return indent + Localized.text("See 'kitctl help %s <subcommand>' for detailed help.", String(group))
        }
        return lines.joined(separator: "\n")
    }
}
