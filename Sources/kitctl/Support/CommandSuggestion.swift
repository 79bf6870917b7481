import ArgumentParser
import KitCore
import KitLocalization

/// What to say when parsing failed: a mistyped subcommand gets the nearest real one
/// (`kitctl tiemr` → `timer`), a negative length says it is negative.
enum CommandSuggestion {
    /// `unknown command 'tiemr'; did you mean 'timer'? …` when an argument stands where a
    /// subcommand must, and names none.
    static func unknownSubcommand(in arguments: [String]) -> String? {
        var command: any ParsableCommand.Type = Kitctl.self
        var path = ["kitctl"]
        for argument in arguments {
            guard !argument.hasPrefix("-") else { return nil }
            let configuration = command.configuration
            guard !configuration.subcommands.isEmpty, configuration.defaultSubcommand == nil else { return nil }
            if let next = subcommand(argument, of: command) {
                command = next
                path.append(argument)
                continue
            }
            let names = configuration.subcommands.map { $0._commandName }
            let ranked = names.map { ($0, distance(argument.lowercased(), $0)) }.sorted { $0.1 < $1.1 }
            let command = path.joined(separator: " ")
            let commands = names.joined(separator: ", ")
            if let best = ranked.first, best.1 <= max(2, argument.count / 3) || best.0.hasPrefix(argument.lowercased())
            {
                let meant = path.dropFirst().joined(separator: " ") + (path.count > 1 ? " " : "") + best.0
                return Localized.text(
                    "unknown command '%1$s' for '%2$s'; did you mean '%3$s'? Commands: %4$s", argument, command, meant,
                    commands)
            }
            return Localized.text("unknown command '%1$s' for '%2$s' Commands: %3$s", argument, command, commands)
        }
        return nil
    }

    /// `'-5m' is negative; …` when a parse failed and an argument is a negative number or
    /// length, which ArgumentParser takes for an option. It speaks of a length only where the
    /// command takes one there (`timer start -5m`, `place pick --avoid-recent -7d`); elsewhere it
    /// names what takes no negative number (`--seed -1`, `timer show -1`).
    static func negativeLength(in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(where: isNegative) else { return nil }
        let negative = arguments[index]
        let (command, path) = command(named: arguments)
        let option = index > 0 && arguments[index - 1].hasPrefix("-") ? arguments[index - 1] : nil
        // The help's entries (`-t, --time <duration>`, `<duration>` under ARGUMENTS) say which
        // option, or which argument, is a length.
        let help = Kitctl.helpMessage(for: command, columns: 1000).split(separator: "\n")
        let takesLength = help.contains { line in
            let entry = line.drop(while: { $0 == " " })
            guard let value = entry.firstRange(of: "<duration>") else { return false }
            let names = entry[..<value.lowerBound].split(whereSeparator: { $0 == " " || $0 == "," })
            return option.map { names.contains(Substring($0)) } ?? names.isEmpty
        }
        if takesLength {
            return Localized.text(
                "'%s' is negative; give a positive length, such as 90, 90s, 4m30s, 1h2m or 4:30", negative)
        }
        return Localized.text(
            "'%1$s' is negative, and %2$s takes no negative number", negative,
            option ?? "`" + path.joined(separator: " ") + "`")
    }

    /// A negative number or length: a minus sign (or U+2212), then a digit.
    private static func isNegative(_ argument: String) -> Bool {
        let scalars = Array(argument.unicodeScalars)
        return scalars.count > 1 && (scalars[0] == "-" || scalars[0] == "\u{2212}") && ("0"..."9").contains(scalars[1])
    }

    /// The command the leading arguments name (`place pick` in `place pick --seed -1`), and its path.
    private static func command(named arguments: [String]) -> (any ParsableCommand.Type, [String]) {
        var command: any ParsableCommand.Type = Kitctl.self
        var path = ["kitctl"]
        for argument in arguments {
            guard let next = subcommand(argument, of: command) else { break }
            command = next
            path.append(argument)
        }
        return (command, path)
    }

    /// The subcommand of `command` that `name` names, by its name or an alias.
    private static func subcommand(_ name: String, of command: any ParsableCommand.Type)
        -> (any ParsableCommand.Type)?
    {
        command.configuration.subcommands.first { $0._commandName == name || $0.configuration.aliases.contains(name) }
    }

    /// Edit distance, with the one the ramen suggestions use.
    static func distance(_ a: String, _ b: String) -> Int {
        HangulSearch.distance(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }
}
