import ArgumentParser
import KitProtocol

struct RamenUnhide: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unhide", abstract: "Show a hidden ramen again.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var name: RamenName

    func run() throws {
        let ramen = try global.call(Method.ramenUnhide, RamenRefParams(ref: name.text))
        if output.json { return try JSONOutput.print(ramen) }
        Terminal.writeLine("\(ramen.displayName) is shown again")
    }
}
