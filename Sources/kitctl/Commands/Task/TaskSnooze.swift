import ArgumentParser
import KitCore
import KitLocalization
import KitProtocol

struct TaskSnooze: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snooze", abstract: Localized.text("Bring the popup back later: after a while, or until a time."),
        discussion: Localized.text(
            "kitctl task snooze 3                      (the configured default)\nkitctl task snooze 3 10m\nkitctl task snooze take out the bins 10m  (a title, then how long)\nkitctl task snooze 3 until tomorrow 9:00\nkitctl task snooze water the plants --for 1h\nExample: kitctl task snooze 치과 30분"
        )
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp(
            Localized.text(
                "The task's id or title, then how long (10m) or 'until WHEN'; the title is read as in `task done`."),
            valueName: "ref"),
        completion: .custom(RefCompletion.tasks))
    var words: [String] = []

    @Option(
        name: .customLong("for"),
        help: ArgumentHelp(Localized.text("How long: 10m, 1h30m, 30분."), valueName: "duration"))
    var forDuration: String?

    @Option(help: ArgumentHelp(Localized.text("Until when: tomorrow 9:00, 내일 오전 9시."), valueName: "when"))
    var until: String?

    func validate() throws {
        guard !words.isEmpty else { throw ValidationError(Localized.text("give the task's id or title")) }
        if forDuration != nil && until != nil {
            throw ValidationError(Localized.text("give --for or --until, not both"))
        }
    }

    /// The REF, and how long or until when: after `--for`/`--until`, every word is the REF;
    /// else `until WHEN` after it, or a duration as its last words (`10m`, `4분 30초`; a bare
    /// number is part of the title).
    static func split(_ words: [String]) -> (ref: String, duration: String?, until: String?) {
        if let index = words.firstIndex(of: "until"), index > 0, index < words.count - 1 {
            return (words[..<index].joined(separator: " "), nil, words[(index + 1)...].joined(separator: " "))
        }
        // An id, then how long: `3 90` is 90 seconds.
        if words.count > 1, case .id = Reference(words[0]) {
            return (words[0], words.dropFirst().joined(separator: " "), nil)
        }
        for start in 1..<max(1, words.count) {
            let tail = words[start...].joined(separator: " ")
            guard !tail.allSatisfy({ $0.isNumber || $0 == " " }), (try? DurationParser.parse(tail)) != nil else {
                continue
            }
            return (words[..<start].joined(separator: " "), tail, nil)
        }
        return (words.joined(separator: " "), nil, nil)
    }

    func run() throws {
        let parts =
            forDuration != nil || until != nil
            ? (ref: words.joined(separator: " "), duration: forDuration, until: until) : Self.split(words)
        var params = TaskSnoozeParams(ref: parts.ref)
        if let when = parts.until {
            params.until = try TaskArguments.when(when)
        } else if let duration = parts.duration {
            params.for = try TaskArguments.duration(duration)
        }
        let task = try global.call(Method.taskSnooze, params)
        if output.json { return try JSONOutput.print(task) }
        let until = task.snoozedUntil.flatMap(Timestamp.parse).map {
            LocalClock.brief($0, now: TimerText.currentWallTime())
        }
        Terminal.writeLine(
            until.map { Localized.text("Snoozed %1$s until %2$s", task.title, $0) }
                ?? Localized.text("Snoozed %s", task.title))
    }
}
