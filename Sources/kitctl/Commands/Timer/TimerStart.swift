import ArgumentParser
import KitCore
import KitProtocol

struct TimerStart: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Start a countdown.",
        discussion: "DURATION: 90, 90s, 4m30s, 1h2m, 1h 2m, 4:30 or 1:02:03.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("How long: 90, 90s, 4m30s, 1h2m or 4:30.", valueName: "duration"))
    var duration: String

    @Option(name: .shortAndLong, help: "A name to refer to it by and to show in the popup.")
    var name: String?

    func run() throws {
        let length: Nanoseconds
        do {
            length = try DurationParser.parse(duration)
        } catch {
            throw CLIError.usage(error.description)
        }
        let timer = try global.call(
            Method.timerStart, TimerStartParams(durationNs: length, name: name), as: TimerInfo.self)
        if output.json { return try JSONOutput.print(timer) }
        Terminal.writeLine(TimerText.summary("Started", timer))
    }
}
