/// The command people and scripts run most, `kitctl timer start`, read by hand in its common
/// forms, so that it starts without swift-argument-parser.
///
/// Before it parses, ArgumentParser builds each command's arguments through reflection, and the
/// Swift runtime looks up, the first time, every type that takes: that was 1.2 ms of a whole
/// `kitctl timer start` of 3.9 ms, while `at now + 1 min` takes 1.3 ms. This reads `timer start
/// WORDS… [--name N] [--sound S] [--silent] [--json] [--socket P]`, each option at most once,
/// into the `TimerStartOrder` ArgumentParser's `TimerStart` gives for the same arguments (the
/// tests hold it to that). Anything else, or anything it is not sure of (a word starting with
/// `-`, help, a repeated option, an invalid combination), is nil: ArgumentParser reads it, and
/// says what is wrong the way it does for every command.
enum FastLane {
    static func timerStart(_ arguments: [String]) -> TimerStartOrder? {
        guard arguments.count > 2, arguments[0] == "timer", arguments[1] == "start",
            !arguments.contains(where: QuickParse.mayNeedTheFullParser)
        else { return nil }
        var order = TimerStartOrder(duration: [])
        var seen: [String] = []
        var index = 2
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                guard !argument.isEmpty else { return nil }
                order.duration.append(argument)
                continue
            }
            // `--name=N` or `--name N`: a value that is empty or looks like an option is left
            // to ArgumentParser.
            var option = argument
            var value: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                option = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            if option == "-n" { option = "--name" }
            guard !seen.contains(option) else { return nil }
            seen.append(option)
            switch option {
            case "--silent", "--json":
                guard value == nil else { return nil }
                if option == "--silent" { order.silent = true } else { order.json = true }
                continue
            case "--name", "--sound", "--socket":
                if value == nil, index < arguments.count {
                    value = arguments[index]
                    index += 1
                }
                guard let value, !value.isEmpty, !value.hasPrefix("-") else { return nil }
                switch option {
                case "--name": order.name = value
                case "--sound": order.sound = value
                default: order.socket = value
                }
            default:
                return nil
            }
        }
        guard (try? order.validate()) != nil else { return nil }
        return order
    }
}
