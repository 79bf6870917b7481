import ArgumentParser

/// `Kitctl.parseAsRoot`, without the work a command does not need.
///
/// swift-argument-parser, before it parses, looks for `--generate-completion-script` by parsing
/// the arguments twice more as two commands of its own, built through reflection (0.8 ms of a
/// whole `kitctl timer start`), and builds the tree of all of kitctl's hundred commands, with
/// their configurations (0.4 ms). It leaves the first out for a root with a super-command name.
/// So the arguments are parsed first under `QuickRoot`, such a root whose one subcommand is the
/// one the first argument names. Its result is taken only when it is a command of that subtree;
/// a failure, help, a version, a completion request, or no subcommand is parsed again as
/// `Kitctl`, so that whatever kitctl prints and does stays as it was.
enum QuickParse {
    static func parseAsRoot(_ arguments: [String]) throws -> ParsableCommand {
        if let name = arguments.first, !arguments.contains(where: mayNeedTheFullParser),
            let first = Kitctl.configuration.subcommands.first(where: {
                $0._commandName == name || $0.configuration.aliases.contains(name)
            }),
            let command = parse(arguments, under: first)
        {
            return command
        }
        return try Kitctl.parseAsRoot(arguments)
    }

    /// Arguments the quick parse would answer otherwise, or would only fail on: completion
    /// requests, and help and version flags.
    static func mayNeedTheFullParser(_ argument: String) -> Bool {
        argument.hasPrefix("--generate-completion-script") || argument == "---completion"
            || ["--help", "-h", "-help", "help", "--version", "--experimental-dump-help"].contains(argument)
    }

    private static func parse<First: ParsableCommand>(_ arguments: [String], under first: First.Type)
        -> ParsableCommand?
    {
        guard let command = try? QuickRoot<First>.parseAsRoot(arguments),
            isSubcommand(type(of: command), of: QuickRoot<First>.self)
        else { return nil }
        return command
    }

    /// Whether `command` is in the tree of commands below `root` (help, which
    /// swift-argument-parser adds, is not).
    static func isSubcommand(_ command: ParsableCommand.Type, of root: ParsableCommand.Type) -> Bool {
        root.configuration.subcommands.contains {
            ObjectIdentifier($0) == ObjectIdentifier(command) || isSubcommand(command, of: $0)
        }
    }
}

/// A root with one of kitctl's commands, that swift-argument-parser takes for part of a suite
/// of commands (where it does not look for `--generate-completion-script`). Nothing is ever
/// printed from it.
private struct QuickRoot<First: ParsableCommand>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "kitctl", _superCommandName: "kitctl", version: Kitctl.configuration.version,
            subcommands: [First.self])
    }
}
