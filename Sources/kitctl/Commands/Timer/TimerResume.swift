import ArgumentParser
import KitLocalization
import KitProtocol

struct TimerResume: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: Localized.text("Resume a paused timer."),
        discussion: Localized.text("Example: kitctl timer resume 차"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: OneRef<TimerRefs>

    func run() throws {
        try TimerChange.run(
            Method.timerResume, ref: one.ref, past: { Localized.text("Resumed timer %s", $0) }, global: global,
            output: output)
    }
}
