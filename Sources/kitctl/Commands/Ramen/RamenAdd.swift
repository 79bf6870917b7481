import ArgumentParser
import KitCore
import KitProtocol

struct RamenAdd: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a ramen of your own.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var name: RamenName

    @Option(name: .shortAndLong, help: ArgumentHelp("Cook time (4m30s, 4:30 …).", valueName: "duration"))
    var time: String

    @Option(help: ArgumentHelp("Water in ml.", valueName: "ml"))
    var water: Int?

    @Option(help: ArgumentHelp("pot, cup, stir-fried, drained or cold.", valueName: "kind"))
    var kind: String?

    @Option(help: ArgumentHelp("The maker.", valueName: "brand"))
    var brand: String?

    @Option(help: ArgumentHelp("An English name.", valueName: "name"))
    var english: String?

    @Option(help: ArgumentHelp("A timed step (repeatable): \"1:00 left: add an egg\".", valueName: "step"))
    var step: [String] = []

    @Option(help: ArgumentHelp("A short note.", valueName: "text"))
    var note: String?

    func validate() throws {
        if let water, water < 0 { throw ValidationError("water cannot be negative (\(water) ml)") }
    }

    func run() throws {
        let cookTime = try ArgumentValues.duration(time)
        let steps = try ArgumentValues.steps(step)
        let ramen = try global.call(
            Method.ramenAdd,
            RamenAddParams(
                name: name.text, cookNs: cookTime, waterMl: water, kind: kind, brand: brand, englishName: english,
                steps: steps, note: note))
        if output.json { return try JSONOutput.print(ramen) }
        Terminal.writeLine("Added \(ramen.displayName) [\(ramen.id)]: \(RamenText.time(ramen.cookNs))")
    }
}
