import Foundation
import KitClient
import KitProtocol
import KitTestSupport
import Synchronization

/// How long kitd's loop is held, seen from outside: a client of its own sends a cheap request
/// (`timer.get` of a timer it started) and times the round trip. A round trip is at least as long
/// as the longest stretch the loop was held while it waited.
struct LoopProbe {
    let connection: KitConnection
    private let params: RefParams

    init(_ daemon: BenchDaemon) throws {
        connection = try daemon.connect()
        let probe = try connection.call(
            Method.timerStart, TimerStartParams(durationNs: .hour, name: "probe"))
        params = RefParams(ref: String(probe.id))
    }

    /// One round trip, in milliseconds.
    func roundTrip() throws -> Double {
        let sent = monotonicSeconds()
        _ = try connection.callForLine(Method.timerGet, params)
        return (monotonicSeconds() - sent) * 1000
    }

    /// Runs `work` on a thread with a connection of its own, probing every millisecond until it
    /// ends: the longest round trip (ms), and what `work` returned.
    func longestRoundTrip<Output: Sendable>(
        whileRunning work: @escaping @Sendable (KitConnection) throws -> Output, on socket: String
    ) throws -> (longest: Double, output: Output) {
        let finished = Atomic<Bool>(false)
        let outcome = Mutex<Result<Output, any Error>?>(nil)
        let thread = Thread {
            let result = Result { try work(try KitConnection.connect(to: socket)) }
            outcome.withLock { $0 = result }
            finished.store(true, ordering: .releasing)
        }
        thread.start()
        var longest = 0.0
        while !finished.load(ordering: .acquiring) {
            longest = max(longest, try roundTrip())
            usleep(1_000)
        }
        guard let result = outcome.withLock({ $0 }) else { throw HarnessError("the work ended without a result") }
        return (longest, try result.get())
    }
}

extension ScaleFigures {
    /// Starts `daemon` on a database of `tasks` tasks filled straight in (a few overdue, half
    /// repeating, one in ten pinned to a zone), then started: its first start works out their
    /// instants.
    static func startFilled(_ daemon: BenchDaemon, tasks: Int) throws {
        try daemon.start()
        daemon.stop()
        try TaskFigures.populate(daemon.databasePath, tasks: tasks, repeatingEvery: 2, spreadDays: 365)
        try daemon.start(limit: 300)
    }
}
