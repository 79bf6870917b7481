import ArgumentParser
import KitLocalization
import KitProtocol

struct TimerPause: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause", abstract: Localized.text("Pause a running timer; resume picks up where it stopped."),
        discussion: Localized.text("Example: kitctl timer pause 차"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp(Localized.text("The timer's id or name."), valueName: "ref"),
        completion: .custom(RefCompletion.timers))
    var ref: String

    func run() throws {
        try TimerChange.run(
            Method.timerPause, ref: ref, past: { Localized.text("Paused timer %s", $0) }, global: global, output: output
        )
    }
}
