import ArgumentParser
import KitCore
import KitProtocol

struct RamenSet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Set your own time, memo or steps for a ramen; --reset goes back to the maker's.",
        discussion:
            "Steps: --step \"start: add the flakes\", --step \"2:00 in: stir\", --step \"1:00 left: add an egg\", "
            + "--step \"end: drain\" (or in Korean: \"시작: …\", \"2분 후: …\", \"1분 남음: …\", \"끝: …\").")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var name: RamenName

    @Option(name: .shortAndLong, help: ArgumentHelp("Your cook time (4m, 3:30 …).", valueName: "duration"))
    var time: String?

    @Option(help: ArgumentHelp("A memo shown when it is done; \"\" clears it.", valueName: "text"))
    var memo: String?

    @Option(help: ArgumentHelp("A timed step, replacing the maker's (repeatable).", valueName: "step"))
    var step: [String] = []

    @Flag(help: "Back to the maker's time and steps, and no memo (before the other options).")
    var reset = false

    func validate() throws {
        guard time != nil || memo != nil || !step.isEmpty || reset else {
            throw ValidationError("nothing to set; give --time, --memo, --step or --reset")
        }
    }

    func run() throws {
        let cookTime = try time.map(ArgumentValues.duration)
        let steps = step.isEmpty ? nil : try ArgumentValues.steps(step)
        let ramen = try global.call(
            Method.ramenSet, RamenSetParams(ref: name.text, cookNs: cookTime, memo: memo, steps: steps, reset: reset))
        if output.json { return try JSONOutput.print(ramen) }
        Terminal.writeLine(RamenText.details(ramen))
    }
}
