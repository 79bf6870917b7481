import ArgumentParser
import KitProtocol

struct TimerPause: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause", abstract: "Pause a running timer; resume picks up where it stopped.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp("The timer's id or name.", valueName: "ref"), completion: .custom(RefCompletion.timers))
    var ref: String

    func run() throws {
        try TimerChange.run(Method.timerPause, ref: ref, past: "Paused", global: global, output: output)
    }
}
