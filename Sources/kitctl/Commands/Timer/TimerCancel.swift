import ArgumentParser
import KitProtocol

struct TimerCancel: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel a running or paused timer.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("The timer's id or name.", valueName: "ref"))
    var ref: String

    func run() throws {
        let timer = try global.call(Method.timerCancel, TimerRefParams(ref: ref), as: TimerInfo.self)
        if output.json { return try JSONOutput.print(timer) }
        Terminal.writeLine(TimerText.summary("Cancelled", timer))
    }
}
