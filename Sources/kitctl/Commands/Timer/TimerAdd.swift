import ArgumentParser
import KitCore
import KitLocalization
import KitProtocol

struct TimerAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: Localized.text("Add time to a timer, or remove it with a minus sign."),
        discussion: Localized.text("Example: kitctl timer add 라면 +1m; kitctl timer add 3 -30s"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: OneRef<TimerRefs>

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(Localized.text("+1m, -30s, 90 ..."), valueName: "amount"))
    var amount: [String] = []

    func validate() throws {
        guard amount.count == 1 else {
            throw ValidationError(
                amount.isEmpty
                    ? Localized.text("give the time to add, e.g. +1m or -30s")
                    : Localized.text("give one amount, e.g. +1m or -30s"))
        }
    }

    func run() throws {
        let delta: Nanoseconds
        do {
            delta = try DurationParser.parseSigned(amount[0])
        } catch {
            throw CLIError.usage(error)
        }
        let timer = try global.call(
            Method.timerAdd, TimerAddParams(ref: one.ref, deltaNs: delta))
        if output.json { return try JSONOutput.print(timer) }
        let amount = LocaleDuration.text(abs(delta))
        Terminal.writeLine(
            TimerText.summary(
                {
                    delta > 0
                        ? Localized.text("Added %1$s to timer %2$s", amount, $0)
                        : Localized.text("Took %1$s off timer %2$s", amount, $0)
                }, timer))
    }
}
