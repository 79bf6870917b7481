/// Lets the global options come before the subcommand (`kitctl --socket S timer list`), as in
/// most CLIs. ArgumentParser only knows them on the leaf commands, so leading ones are moved
/// to the end, where the leaf command reads them.
enum GlobalArguments {
    static func hoisted(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--socket", index + 1 < arguments.count {
                leading += [argument, arguments[index + 1]]
                index += 2
            } else if argument.hasPrefix("--socket=") || argument == "--json" {
                leading.append(argument)
                index += 1
            } else {
                break
            }
        }
        guard !leading.isEmpty, index < arguments.count else { return arguments }
        return Array(arguments[index...]) + leading
    }
}
