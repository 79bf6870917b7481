import Foundation
import KitClient
import KitCore
import KitProtocol
import Logging

@testable import KitDaemon

/// A whole kitd in this process, with a test clock and test zones, driven turn by turn from
/// the test's thread: the real loop, socket, database on disk and scheduler.
final class DrivenDaemon {
    let directory: String
    let clock = ShiftedClock()
    let zones: SettableZones
    let daemon: Daemon

    init(systemZone: String = "Asia/Seoul") throws {
        directory =
            FileManager.default.temporaryDirectory.path + "/kit-daemon-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        zones = SettableZones(system: systemZone)
        let configuration = DaemonConfiguration(
            socket: SocketPath.Resolution(path: directory + "/kitd.sock", managedDirectory: nil, isFallback: false),
            dataDirectory: directory + "/data", configPath: directory + "/config.toml")
        let logger = Logger(label: "kitd-test") { _ in SwiftLogNoOpLogHandler() }
        daemon = try Daemon.build(configuration, logger: logger, clock: clock, zones: zones)
    }

    var socketPath: String { directory + "/kitd.sock" }

    /// The daemon's tasks feature.
    var tasks: TaskFeature { daemon.feature(TaskFeature.self)! }

    /// Runs loop turns until `done` holds or `timeout` passes; returns whether it held.
    @discardableResult
    func run(for timeout: Duration = .seconds(5), until done: () -> Bool = { false }) throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !done() {
            guard ContinuousClock.now < deadline else { return false }
            try daemon.loop.runOnce(timeout: 20_000)
        }
        return true
    }

    /// A client subscribed to `filters`, its subscription confirmed by turning the loop.
    func subscriber(_ filters: [String]) throws -> KitConnection {
        let connection = try KitConnection.connect(to: socketPath)
        try connection.send(
            WireCodec.line(
                RequestEnvelope(
                    id: .number(1), method: Method.eventsSubscribe, params: SubscribeParams(events: filters)),
                with: WireCodec.encoder()))
        var reply: [UInt8]?
        try run {
            reply = try? connection.readLine(timeout: .milliseconds(1))
            return reply != nil
        }
        return connection
    }

    /// Events that have reached `connection`, turning the loop until `done` holds.
    func events(
        on connection: KitConnection, for timeout: Duration = .seconds(5), until done: ([IncomingEvent]) -> Bool
    )
        throws -> [IncomingEvent]
    {
        var seen: [IncomingEvent] = []
        try run(for: timeout) {
            while let event = try? connection.nextEvent(timeout: .milliseconds(1)) { seen.append(event) }
            return done(seen)
        }
        return seen
    }

    func stop() {
        daemon.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
