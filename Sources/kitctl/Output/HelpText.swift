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
            ("(default: ", Localized.text("(default: ")),
            (
                "See 'kitctl help <subcommand>' for detailed help.",
                Localized.text("See 'kitctl help <subcommand>' for detailed help.")
            ),
        ]
        var text = help
        for (english, translated) in words where english != translated {
            text = text.replacing(english, with: translated)
        }
        return text
    }
}
