import ArgumentParser
import KitClient
import KitCore
import KitProtocol

struct RamenCook: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cook",
        abstract: "Start a ramen's countdown and say what to do now.",
        discussion: "The cook is a timer like any other: `kitctl timer` pauses, adjusts or cancels it.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var name: RamenName

    @Option(
        name: .shortAndLong, help: ArgumentHelp("Cook time for this cook only (4m, 3:30 …).", valueName: "duration"))
    var time: String?

    @Flag(help: "Wait until it is done, with a live countdown on a terminal.")
    var wait = false

    func run() throws {
        let cookTime = try time.map(ArgumentValues.duration)
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
        var lines = [
            "Cooking \(result.ramen.displayName): \(RamenText.time(result.timer.durationNs)), "
                + "done at \(TimerText.due(result.timer)) (timer \(result.timer.id)"
                + (result.timer.name.map { $0 != result.ramen.name ? ", named \($0): another is cooking" : "" } ?? "")
                + ")"
        ]
        for (index, line) in result.now.enumerated() { lines.append((index == 0 ? "Now:   " : "       ") + line) }
        // A timed step this cook is too short for is in `now` already.
        let later = result.steps.filter {
            $0.moment == .end || ($0.isTimed && $0.offset(inCookOf: result.timer.durationNs) != nil)
        }
        for (index, step) in later.enumerated() {
            lines.append((index == 0 ? "Later: " : "       ") + step.description)
        }
        if let memo = result.ramen.memo { lines.append("Memo:  \(memo)") }
        return lines.joined(separator: "\n")
    }
}
