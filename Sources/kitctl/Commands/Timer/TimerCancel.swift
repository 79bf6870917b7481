import ArgumentParser
import KitProtocol

struct TimerCancel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "Cancel a running or paused timer.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp("The timer's id or name.", valueName: "ref"), completion: .custom(RefCompletion.timers))
    var ref: String

    func run() throws {
        try TimerChange.run(Method.timerCancel, ref: ref, past: "Cancelled", global: global, output: output)
    }
}
