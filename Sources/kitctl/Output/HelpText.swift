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
