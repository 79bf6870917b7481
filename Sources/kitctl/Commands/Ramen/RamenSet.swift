import ArgumentParser
import KitCore
import KitLocalization
import KitProtocol

struct RamenSet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: Localized.text("Set your own time, memo or steps for a ramen; --reset goes back to the maker's."),
        discussion: Localized.text(
            "Steps: --step \"start: add the flakes\", --step \"2:00 in: stir\", --step \"1:00 left: add an egg\", --step \"end: drain\" (or in Korean: \"시작: …\", \"2분 후: …\", \"1분 남음: …\", \"끝: …\").\nExample: kitctl ramen set 신라면 --time 4m30s --add-step '1분 남음: 계란'"
        ))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var name: RamenName

    @Option(
        name: .shortAndLong, help: ArgumentHelp(Localized.text("Your cook time (4m, 3:30 …)."), valueName: "duration"))
    var time: String?

    @Option(help: ArgumentHelp(Localized.text("A memo shown when it is done; \"\" clears it."), valueName: "text"))
    var memo: String?

    @Option(help: ArgumentHelp(Localized.text("A timed step, replacing the maker's (repeatable)."), valueName: "step"))
    var step: [String] = []

    @Option(help: ArgumentHelp(Localized.text("A step added to the ones it has (repeatable)."), valueName: "step"))
    var addStep: [String] = []

    @Flag(
        help: ArgumentHelp(
            Localized.text("Back to the maker's time and steps, and no memo (before the other options).")))
    var reset = false

    func validate() throws {
        guard time != nil || memo != nil || !step.isEmpty || !addStep.isEmpty || reset else {
            throw ValidationError(Localized.text("nothing to set; give --time, --memo, --step, --add-step or --reset"))
        }
        if !step.isEmpty && !addStep.isEmpty {
            throw ValidationError(
                Localized.text("give --step (which replaces the steps) or --add-step (which adds one), not both"))
        }
    }

    func run() throws {
        let cookTime = try time.map(ArgumentValues.duration)
        var steps = step.isEmpty ? nil : try ArgumentValues.steps(step)
        if !addStep.isEmpty {
            let current = try global.call(Method.ramenGet, RamenRefParams(ref: name.text))
            steps = current.steps + (try ArgumentValues.steps(addStep))
        }
        let ramen = try global.call(
            Method.ramenSet, RamenSetParams(ref: name.text, cookNs: cookTime, memo: memo, steps: steps, reset: reset))
        if output.json { return try JSONOutput.print(ramen) }
        Terminal.writeLine(RamenText.details(ramen))
        if let note = RamenText.longCookNote(cookTime) { Terminal.writeError(note) }
    }
}
