import ArgumentParser
import KitProtocol

struct TimerResume: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume a paused timer.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp("The timer's id or name.", valueName: "ref"), completion: .custom(RefCompletion.timers))
    var ref: String

    func run() throws {
        try TimerChange.run(Method.timerResume, ref: ref, past: "Resumed", global: global, output: output)
    }
}
