import ArgumentParser
import KitCore
import KitLocalization
import KitProtocol

struct PlacePick: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: Localized.text("Spin the roulette: pick a place at random among those matching --tag."),
        discussion: Localized.text(
            "Uniform by default. --weight uses each place's weight; --rotate goes through every matching place once before repeating one (kept per filter); --avoid-recent 7d skips places picked or visited in the last 7 days, unless that leaves nothing, and then says so. --seed N makes a pick reproducible from the same state.\nExample: kitctl place pick --tag area=수원역 --avoid-recent 7d"
        ))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var filter: PlaceFilterOptions

    @Option(
        name: .short, help: ArgumentHelp(Localized.text("Pick this many different places (default 1)."), valueName: "n")
    )
    var n: Int = 1

    @Flag(
        name: .customLong("weight"),
        help: ArgumentHelp(Localized.text("Use each place's weight (set with `place edit REF --weight 3`).")))
    var weighted = false

    @Flag(help: ArgumentHelp(Localized.text("Go through every matching place once before repeating one.")))
    var rotate = false

    @Option(
        help: ArgumentHelp(
            Localized.text("Skip places picked or visited within this window (7d, 36h)."), valueName: "duration"))
    var avoidRecent: String?

    @Option(help: ArgumentHelp(Localized.text("Make the pick reproducible."), valueName: "n"))
    var seed: UInt64?

    @Flag(help: ArgumentHelp(Localized.text("Also raise a desktop popup with the pick and its link.")))
    var notify = false

    func run() throws {
        guard n >= 1 else { throw CLIError.usage(Localized.text("-n %s: pick at least 1 place", "\(n)")) }
        let window = try avoidRecent.map(ArgumentValues.duration)
        let params = PlacePickParams(
            tags: try filter.checked(), count: n, weighted: weighted, rotate: rotate, avoidRecentNs: window,
            seed: seed, notify: notify)
        let result = try global.call(Method.placePick, params)
        if output.json { return try JSONOutput.print(result) }
        if Terminal.isInteractive, let first = result.picks.first {
            SpinDisplay.spin(through: result.candidateNames, endingOn: first.name, seed: result.seed)
        }
        Terminal.writeLine(PlaceOutput.pick(result))
    }
}
