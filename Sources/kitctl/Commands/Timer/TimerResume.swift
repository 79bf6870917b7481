import ArgumentParser
import KitLocalization
import KitProtocol

struct TimerResume: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: Localized.text("Resume a paused timer."),
        discussion: Localized.text("Example: kitctl timer resume 차"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp(Localized.text("The timer's id or name."), valueName: "ref"),
        completion: .custom(RefCompletion.timers))
    var ref: String

    func run() throws {
        try TimerChange.run(
            Method.timerResume, ref: ref, past: { Localized.text("Resumed timer %s", $0) }, global: global,
            output: output)
    }
}
