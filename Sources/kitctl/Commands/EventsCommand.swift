import ArgumentParser
import Glibc
import KitClient
import KitLocalization
import KitProtocol

struct EventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: Localized.text("Print kitd's events as JSON lines until interrupted."),
        discussion: Localized.text(
            "Each line is a JSON-RPC notification: {\"jsonrpc\":\"2.0\",\"method\":\"timer.fired\",\"params\":{...}}.\nExample: kitctl events 'timer.*' task.due"
        ))

    @OptionGroup var global: GlobalOptions

    @Argument(
        help: ArgumentHelp(
            Localized.text("Event names or prefixes such as timer.* (default: all)."), valueName: "event"))
    var filters: [String] = []

    @Flag(
        help: ArgumentHelp(
            Localized.text(
                "Print a kit.snapshot line first (after each reconnection too): {\"status\": daemon.status, \"timers\": the active timers}."
            )))
    var snapshot = false

    @Flag(help: ArgumentHelp(Localized.text("When kitd stops, wait for it and go on, instead of exiting.")))
    var reconnect = false

    func run() throws {
        var announced = false
        while true {
            do {
                try follow(try KitConnection.connect(to: global.socketPath))
            } catch let error where error.isConnectionLost || error.isNotRunning {
                guard reconnect else {
                    // Not running at all: the usual message, with how to start it.
                    if error.isNotRunning { throw CLIError(error) }
                    throw CLIError.usage(Localized.text("kitd closed the connection (it stopped?)"))
                }
                if !announced {
                    Terminal.writeError(Localized.text("kitctl: kitd is gone; waiting for it to come back"))
                }
                announced = true
                usleep(1_000_000)
                continue
            } catch {
                throw CLIError(error)
            }
        }
    }

    private func follow(_ connection: KitConnection) throws(ClientError) {
        _ = try connection.call(Method.eventsSubscribe, SubscribeParams(events: filters))
        if snapshot {
            let line = Snapshot(
                status: try connection.call(Method.daemonStatus, EmptyParams()),
                timers: try connection.allTimers(all: false))
            guard
                let data = try? WireCodec.line(
                    EventEnvelope(method: "kit.snapshot", params: line), with: WireCodec.encoder())
            else { throw .malformedReply("cannot encode the snapshot") }
            Terminal.write(String(decoding: data, as: UTF8.self))
        }
        while let event = try connection.nextEvent() {
            Terminal.write(String(decoding: event.line, as: UTF8.self) + "\n")
        }
    }

    /// What `--snapshot` prints first, as the params of a `kit.snapshot` line.
    struct Snapshot: Encodable {
        var status: DaemonStatusResult
        var timers: [TimerInfo]
    }
}

extension ClientError {
    fileprivate var isConnectionLost: Bool { if case .connectionLost = self { true } else { false } }
    fileprivate var isNotRunning: Bool { if case .notRunning = self { true } else { false } }
}
