import ArgumentParser
import KitLocalization
import KitProtocol

struct RamenShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: Localized.text("Show one ramen: time, water, steps, memo."),
        discussion: Localized.text("Example: kitctl ramen show 너구리"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var name: RamenName

    func run() throws {
        let ramen = try global.call(Method.ramenGet, RamenRefParams(ref: name.text))
        if output.json { return try JSONOutput.print(ramen) }
        Terminal.writeLine(RamenText.details(ramen))
    }
}
