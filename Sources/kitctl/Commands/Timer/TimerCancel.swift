import ArgumentParser
import KitProtocol

struct TimerCancel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "Cancel a running or paused timer.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp("The timer's id or name; several cancel each (quote a name with spaces).", valueName: "ref"),
        completion: .custom(RefCompletion.timers))
    var ref: [String] = []

    func validate() throws {
        guard !ref.isEmpty else { throw ValidationError("give the timer's id or name") }
    }

    func run() throws {
        try ManyRefs.each(ref) { ref in
            try TimerChange.run(Method.timerCancel, ref: ref, past: "Cancelled", global: global, output: output)
        }
    }
}
