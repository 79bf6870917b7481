import ArgumentParser
import KitLocalization
import KitProtocol

struct TimerCancel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: Localized.text("Cancel a running or paused timer."),
        discussion: Localized.text("Example: kitctl timer cancel 차 라면"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp(
            Localized.text("The timer's id or name; several cancel each (quote a name with spaces)."), valueName: "ref"),
        completion: .custom(RefCompletion.timers))
    var ref: [String] = []

    func validate() throws {
        guard !ref.isEmpty else { throw ValidationError(Localized.text("give the timer's id or name")) }
    }

    func run() throws {
        try ManyRefs.each(ref) { ref in
            let timer = try global.call(Method.timerCancel, RefParams(ref: ref))
            if output.json { return try JSONOutput.print(timer) }
            Terminal.writeLine(TimerText.summary({ Localized.text("Cancelled timer %s", $0) }, timer))
        }
    }
}
