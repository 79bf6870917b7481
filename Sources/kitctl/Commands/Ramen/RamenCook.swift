import ArgumentParser
import KitClient
import KitCore
import KitLocalization
import KitProtocol

struct RamenCook: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cook",
        abstract: Localized.text("Start a ramen's countdown and say what to do now."),
        discussion: Localized.text(
            "The cook is a timer like any other: `kitctl timer` pauses, adjusts or cancels it.\nExample: kitctl ramen cook 신라면 --time 3분 30초"
        ))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var name: RamenName

    /// Words, as `timer start` takes them: `--time 3분 30초` without quotes.
    @Option(
        name: .shortAndLong, parsing: .upToNextOption,
        help: ArgumentHelp(Localized.text("Cook time for this cook only (4m, 3:30, 3분 30초 …)."), valueName: "duration"))
    var time: [String] = []

    @Flag(help: ArgumentHelp(Localized.text("Wait until it is done, with a live countdown on a terminal.")))
    var wait = false

    func run() throws {
        let cookTime = time.isEmpty ? nil : try ArgumentValues.duration(time.joined(separator: " "))
        let connection = try global.connect()
        if wait {
            Interrupt.install()
            _ = try mappingClientErrors { () throws(ClientError) in
                try connection.call(
                    Method.eventsSubscribe, SubscribeParams(events: ["timer.*"]))
            }
        }
        let result = try mappingClientErrors { () throws(ClientError) in
            try connection.call(
                Method.ramenCook, RamenCookParams(ref: name.text, cookNs: cookTime))
        }
        if output.json {
            try JSONOutput.print(result)
        } else {
            Terminal.writeLine(Self.describe(result))
            if let note = RamenText.longCookNote(cookTime) { Terminal.writeError(note) }
        }
        if wait {
            var display = WaitDisplay(timer: result.timer, live: Terminal.isInteractive)
            try display.follow(connection)
        }
    }

    static func describe(_ result: RamenCookResult) -> String {
        let time = RamenText.time(result.timer.durationNs)
        let due = TimerText.due(result.timer)
        let id = String(result.timer.id)
        let renamed = result.timer.name.flatMap { $0 != result.ramen.name ? $0 : nil }
        var details = Details(
            renamed.map {
                Localized.text(
                    "Cooking %1$s: %2$s, done at %3$s (timer %4$s, named %5$s: another is cooking)",
                    result.ramen.displayName, time, due, id, $0)
            }
                ?? Localized.text(
                    "Cooking %1$s: %2$s, done at %3$s (timer %4$s)", result.ramen.displayName, time, due, id),
            minimumWidth: 7, gap: 1)
        for (index, line) in result.now.enumerated() {
            let said =
                result.nowMessages.flatMap { $0.indices.contains(index) ? Localized.text($0[index].kitMessage) : nil }
                ?? line
            details.add(index == 0 ? Localized.text("Now:") : "", said)
        }
        // A timed step this cook is too short for is in `now` already.
        let later = result.steps.filter {
            $0.moment == .end || ($0.isTimed && $0.offset(inCookOf: result.timer.durationNs) != nil)
        }
        for (index, step) in later.enumerated() {
            details.add(index == 0 ? Localized.text("Later:") : "", Localized.text(step.message))
        }
        if let memo = result.ramen.memo { details.add(Localized.text("Memo:"), memo) }
        return details.render()
    }
}
