import Foundation
import KitClient
import KitCore
import KitProtocol
import KitStore
import Logging

@testable import KitDaemon

/// A whole kitd in this process, with a test clock, test zones and a popup recorder, driven
/// turn by turn from the test's thread: the real loop, socket, database on disk and scheduler.
final class DrivenDaemon {
    static let second = Nanoseconds.second

    let directory: String
    let clock = ShiftedClock()
    let zones: SettableZones
    /// What kitd showed, across restarts, as a notification server would keep it.
    let popups = RecordingPopups()
    private let names: Collation
    private var current: Daemon?
    /// The kitd running now (a new one after `restart`).
    var daemon: Daemon { current! }

    /// A kitd with `config` as its config.toml, and a vdir (`vdir(_:)`) for each collection in
    /// `vdirs` (`tasks`, `diary`, `memos`), kept by `[vdir]` with no sync command: kit's writes are
    /// the base at once, and a file changed in the vdir is read and merged as vdirsyncer's would be.
    ///
    /// Names are listed in `locale`'s order (ICU's, `ko_KR`), or in code point order for none,
    /// whatever the test's environment says.
    init(systemZone: String = "Asia/Seoul", vdirs: [String] = [], config: String = "", locale: String? = nil) throws {
        names = Collation(locale: locale)
        directory =
            FileManager.default.temporaryDirectory.path + "/kit-daemon-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var text = config
        if !vdirs.isEmpty {
            text += "\n[vdir]\n"
            for name in vdirs {
                let path = directory + "/vdir/" + name
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
                text += "\(name) = \"\(path)\"\n"
            }
        }
        if !text.isEmpty { try text.write(toFile: directory + "/config.toml", atomically: true, encoding: .utf8) }
        try Self.placeMigratedDatabase(in: directory + "/data")
        zones = SettableZones(system: systemZone)
        current = try Self.build(directory: directory, clock: clock, zones: zones, popups: popups, names: names)
    }

    /// A database with every migration made, once for the test process: SQLite parsing the
    /// migrations' SQL was about a third of what a new DrivenDaemon cost, and hundreds of tests
    /// start one. The migrations themselves are held by KitStoreTests, and every integration test
    /// starts a real kitd on a new database.
    private static let migrated: Result<Data, any Error> = Result {
        let template = FileManager.default.temporaryDirectory.path + "/kit-migrated-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: template, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: template) }
        do {
            // Closed at the end of this scope, which moves what its WAL holds into the file.
            _ = try KitDatabase.open(path: template + "/kit.sqlite", logger: Logger(label: "kit-test-template"))
        }
        return try Data(contentsOf: URL(fileURLWithPath: template + "/kit.sqlite"))
    }

    /// Puts a copy of `migrated` where kitd keeps its database, in a private data directory.
    private static func placeMigratedDatabase(in dataDirectory: String) throws {
        try FileManager.default.createDirectory(
            atPath: dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try migrated.get().write(to: URL(fileURLWithPath: dataDirectory + "/kit.sqlite"))
    }

    /// The vdir of the collection `name`, when made with `vdirs`.
    func vdir(_ name: String) -> String { directory + "/vdir/" + name }

    private static func build(
        directory: String, clock: ShiftedClock, zones: SettableZones, popups: RecordingPopups, names: Collation
    ) throws -> Daemon {
        let paths = DaemonPaths(
            socket: SocketPath.Resolution(path: directory + "/kitd.sock", managedDirectory: nil, isFallback: false),
            dataDirectory: directory + "/data", configPath: directory + "/config.toml")
        let logger = Logger(label: "kitd-test") { _ in SwiftLogNoOpLogHandler() }
        return try Daemon.build(
            paths, logger: logger, clock: clock, zones: zones,
            popups: { loop in
                try popups.attach(to: loop)
                return popups
            }, names: names)
    }

    var socketPath: String { directory + "/kitd.sock" }

    /// The daemon's features.
    var timers: TimerFeature { daemon.feature(TimerFeature.self)! }
    var ramen: RamenFeature { daemon.feature(RamenFeature.self)! }
    var stopwatches: StopwatchFeature { daemon.feature(StopwatchFeature.self)! }
    var tasks: TaskFeature { daemon.feature(TaskFeature.self)! }
    var memos: MemoFeature { daemon.feature(MemoFeature.self)! }
    var diary: DiaryFeature { daemon.feature(DiaryFeature.self)! }
    var sync: SyncFeature { daemon.feature(SyncFeature.self)! }

    /// Lets `nanoseconds` pass on both clocks, and re-arms the loop's timers for the new time.
    func advance(by nanoseconds: Nanoseconds) {
        clock.advance(by: nanoseconds)
        daemon.runtime.scheduler.rearm()
    }

    /// Stops kitd as SIGTERM does, lets `downtime` pass, and starts a new kitd on the same data.
    func restart(after downtime: Nanoseconds = 0) throws {
        current?.stop()
        current = nil  // its deinit releases the data directory's lock
        clock.advance(by: downtime)
        current = try Self.build(directory: directory, clock: clock, zones: zones, popups: popups, names: names)
    }

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

    /// Runs loop turns until `count` popups have been shown (or five seconds pass).
    @discardableResult
    func runUntilShown(_ count: Int) throws -> [Popup] {
        try run { popups.shown.count >= count }
        return popups.shown
    }

    /// A client subscribed to `filters`, its subscription confirmed by turning the loop.
    func subscriber(_ filters: [String]) throws -> KitConnection {
        let connection = try KitConnection.connect(to: socketPath)
        try connection.send(
            WireCodec.line(
                RequestEnvelope(
                    id: .number(1), method: Method.eventsSubscribe.name, params: SubscribeParams(events: filters)),
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
        current?.stop()
        current = nil
        try? FileManager.default.removeItem(atPath: directory)
    }
}
