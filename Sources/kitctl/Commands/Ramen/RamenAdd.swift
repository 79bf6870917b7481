import ArgumentParser
import KitCore
import KitLocalization
import KitProtocol

struct RamenAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: Localized.text("Add a ramen of your own."),
        discussion: Localized.text("Example: kitctl ramen add 엄마표 라면 --time 4m30s --water 550 --kind pot"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var name: RamenName

    @Option(
        name: .shortAndLong, help: ArgumentHelp(Localized.text("Cook time (4m30s, 4:30 …)."), valueName: "duration"))
    var time: String

    @Option(help: ArgumentHelp(Localized.text("Water in ml."), valueName: "ml"))
    var water: Int?

    @Option(help: ArgumentHelp(Localized.text("pot, cup, stir-fried, drained or cold."), valueName: "kind"))
    var kind: String?

    @Option(help: ArgumentHelp(Localized.text("The maker."), valueName: "brand"))
    var brand: String?

    @Option(help: ArgumentHelp(Localized.text("An English name."), valueName: "name"))
    var english: String?

    @Option(
        help: ArgumentHelp(Localized.text("A timed step (repeatable): \"1:00 left: add an egg\"."), valueName: "step"))
    var step: [String] = []

    @Option(help: ArgumentHelp(Localized.text("A short note."), valueName: "text"))
    var note: String?

    func validate() throws {
        if let water, water < 0 {
            throw ValidationError(Localized.text("water cannot be negative (%s ml)", "\(water)"))
        }
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
        Terminal.writeLine(
            Localized.text(
                "Added %1$s [%2$s]: %3$s", ramen.displayName, "\(ramen.id)", "\(RamenText.time(ramen.cookNs))"))
    }
}
