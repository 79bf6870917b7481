import ArgumentParser
import KitProtocol

struct TimerResume: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume a paused timer.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("The timer's id or name.", valueName: "ref"))
    var ref: String

    func run() throws {
        let timer = try global.call(Method.timerResume, TimerRefParams(ref: ref), as: TimerInfo.self)
        if output.json { return try JSONOutput.print(timer) }
        Terminal.writeLine(TimerText.summary("Resumed", timer))
    }
}
