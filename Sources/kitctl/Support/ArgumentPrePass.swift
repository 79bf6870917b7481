/// kitctl's one rewrite of its arguments, before anything reads them (`FastLane` and
/// ArgumentParser read the same words):
/// - the global options given before the command (`kitctl --socket S timer list`, as in most
///   CLIs) move to the end, where the command reads them: ArgumentParser knows them only on
///   the commands that do something;
/// - `diary list --month` without a value (last, or before another option) becomes
///   `--month this` (`DiaryList.thisMonth`): ArgumentParser has no option whose value may be
///   left out.
enum ArgumentPrePass {
    static func prepared(_ arguments: [String]) -> [String] { fillingMonth(hoisted(arguments)) }

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

    static func fillingMonth(_ arguments: [String]) -> [String] {
        guard let diary = arguments.firstIndex(of: "diary"), arguments.dropFirst(diary + 1).first == "list" else {
            return arguments
        }
        var result = arguments
        var index = diary + 2
        while index < result.count {
            if result[index] == "--month" && (index + 1 == result.count || result[index + 1].hasPrefix("-")) {
                result.insert(DiaryList.thisMonth, at: index + 1)
            }
            index += 1
        }
        return result
    }
}
