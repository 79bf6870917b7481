import ArgumentParser
import KitLocalization
import KitProtocol

struct StopwatchShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: Localized.text("Show one stopwatch and its laps."),
        discussion: Localized.text("Example: kitctl sw show 공부"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: OneRef<StopwatchRefs>

    func run() throws {
        let result = try global.call(Method.stopwatchLaps, StopwatchRefParams(ref: one.ref))
        if output.json { return try JSONOutput.print(result) }
        let stopwatch = result.stopwatch
        var details = Details(Localized.text("stopwatch %1$s (%2$s)", String(stopwatch.id), stopwatch.name))
        details.add(Localized.text("state:"), StateWords.stopwatch(stopwatch.state))
        details.add(Localized.text("elapsed:"), StopwatchText.elapsed(stopwatch.elapsedNs))
        if stopwatch.state == .running { details.add(Localized.text("started:"), StopwatchText.started(stopwatch)) }
        details.add(
            Localized.text("notice:"),
            stopwatch.remindAfterNs > 0
                ? Localized.text(
                    "after %s of running, repeating", String(StopwatchText.elapsed(stopwatch.remindAfterNs).dropLast(3))
                )
                : Localized.text("off"))
        var text = details.render()
        if !result.laps.isEmpty { text += "\n\n" + StopwatchText.lapTable(result.laps) }
        Terminal.writeLine(text)
    }
}
