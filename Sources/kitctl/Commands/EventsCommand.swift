import ArgumentParser
import KitClient
import KitProtocol

struct EventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Print kitd's events as JSON lines until interrupted.",
        discussion:
            "Each line is a JSON-RPC notification: {\"jsonrpc\":\"2.0\",\"method\":\"timer.fired\",\"params\":{...}}.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Event names or prefixes such as timer.* (default: all).", valueName: "event"))
    var filters: [String] = []

    func run() throws {
        let connection = try global.connect()
        do {
            _ = try connection.call(Method.eventsSubscribe, SubscribeParams(events: filters), as: SubscribeResult.self)
            while let event = try connection.nextEvent() {
                Terminal.write(String(decoding: event.line, as: UTF8.self) + "\n")
            }
        } catch .connectionLost {
            throw CLIError.usage("kitd closed the connection (it stopped?)")
        } catch {
            throw CLIError(error)
        }
    }
}
