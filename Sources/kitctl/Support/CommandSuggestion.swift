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
            if let next = configuration.subcommands.first(where: {
                $0._commandName == argument || $0.configuration.aliases.contains(argument)
            }) {
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
    /// length, which ArgumentParser takes for an option.
    static func negativeLength(in arguments: [String]) -> String? {
        guard
            let negative = arguments.first(where: { argument in
                let scalars = Array(argument.unicodeScalars)
                return scalars.count > 1 && (scalars[0] == "-" || scalars[0] == "\u{2212}")
                    && ("0"..."9").contains(scalars[1])
            })
        else { return nil }
        return Localized.text(
            "'%s' is negative; give a positive length, such as 90, 90s, 4m30s, 1h2m or 4:30", negative)
    }

    /// Edit distance, with the one the ramen suggestions use.
    static func distance(_ a: String, _ b: String) -> Int {
        HangulSearch.distance(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }
}
