import ArgumentParser
import KitLocalization
import KitProtocol

struct TimerPause: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause", abstract: Localized.text("Pause a running timer; resume picks up where it stopped."),
        discussion: Localized.text("Example: kitctl timer pause 차"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: OneRef<TimerRefs>

    func run() throws {
        try TimerChange.run(
            Method.timerPause, ref: one.ref, past: { Localized.text("Paused timer %s", $0) }, global: global,
            output: output
        )
    }
}
