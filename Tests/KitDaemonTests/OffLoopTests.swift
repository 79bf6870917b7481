import Foundation
import Glibc
import KitClient
import KitCore
import KitProtocol
import KitTestSupport
import Synchronization
import Testing

@testable import KitDaemon

/// Requests that run off the loop, on the runtime's background worker, through a route of the
/// test's own whose work waits at a gate the test opens: the real loop, socket, worker thread
/// and eventfd, with the work's length in the test's hands instead of the machine's.
@Suite("Requests that run off the loop", .serialized)
struct OffLoopTests {
    struct Echo: WireValue, Equatable {
        var text: String
    }

    struct EchoParams: WireValue {
        var text: String
        var fail: Bool?
    }

    /// A kitd with `test.slow`: its work waits until `open()`, then gives back the text, which
    /// `finish` echoes on the loop (or a refusal, when `fail` is set); `finished` counts the
    /// finishes that ran.
    final class SlowRoute: Sendable {
        let gate = DispatchSemaphore(value: 0)
        let finished = Atomic<Int>(0)

        static let method = RPCMethod<EchoParams, Echo>("test.slow", mutates: true)

        init(on kit: DrivenDaemon) {
            kit.daemon.router.register(
                Self.method,
                .offLoop { [self] params, _ in
                    OffLoop(
                        "test.slow",
                        work: { [self] () throws(KitError) -> String in
                            gate.wait()
                            if params.fail == true { throw KitError.invalidArgument("refused off the loop") }
                            return params.text
                        },
                        finish: { [self] text in
                            finished.add(1, ordering: .relaxed)
                            return Echo(text: text)
                        })
                })
        }

        /// Lets one waiting (or the next) work through.
        func open() { gate.signal() }
    }

    /// A request line; without an id, a notification.
    static func line(_ id: Int64?, _ method: String, _ params: some Encodable) throws -> Data {
        try WireCodec.line(
            RequestEnvelope(id: id.map(RequestID.number), method: method, params: params), with: WireCodec.encoder())
    }

    /// The replies `connection` has had, turning the loop until there are `count` (or 5 s pass).
    static func replies(_ count: Int, on connection: KitConnection, from kit: DrivenDaemon) throws -> [[UInt8]] {
        var lines: [[UInt8]] = []
        try kit.run {
            while lines.count < count, let line = try? connection.readLine(timeout: .milliseconds(1)) {
                let header = try? JSONDecoder().decode(IncomingHeader.self, from: Data(line))
                if header?.id != nil { lines.append(line) }
            }
            return lines.count >= count
        }
        return lines
    }

    static func id(of line: [UInt8]) throws -> RequestID? {
        try JSONDecoder().decode(IncomingHeader.self, from: Data(line)).id
    }

    @Test("while a request runs off the loop, kitd answers other clients and fires their timers before its reply")
    func loopStaysFree() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let slow = SlowRoute(on: kit)
        defer { slow.open() }
        let first = try KitConnection.connect(to: kit.socketPath)
        try first.send(Self.line(1, "test.slow", EchoParams(text: "hello")))
        #expect(try kit.run { kit.daemon.runtime.worker.pendingCount == 1 })

        // Given the work waits, when another client asks, it is answered, and its timer fires.
        let other = try kit.subscriber([Event.timerFired])
        try other.send(Self.line(2, Method.daemonStatus.name, EmptyParams()))
        let status = try #require(try Self.replies(1, on: other, from: kit).first)
        #expect(
            try JSONDecoder().decode(ResultEnvelope<DaemonStatusResult>.self, from: Data(status)).result
                .backgroundJobs == 1)
        try other.send(Self.line(3, Method.timerStart.name, TimerStartParams(durationNs: 1, name: "tea")))
        let fired = try kit.events(on: other) { $0.contains { $0.name == Event.timerFired } }
        #expect(fired.contains { $0.name == Event.timerFired })
        #expect(try first.readLine(timeout: .milliseconds(1)) == nil, "no reply while the work waits")

        // Then, once the work is done, its reply comes.
        slow.open()
        let reply = try #require(try Self.replies(1, on: first, from: kit).first)
        #expect(try JSONDecoder().decode(ResultEnvelope<Echo>.self, from: Data(reply)).result == Echo(text: "hello"))
        #expect(kit.daemon.runtime.worker.pendingCount == 0)
    }

    @Test("requests pipelined after one that runs off the loop wait for it, and all are answered in order")
    func pipelinedInOrder() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let slow = SlowRoute(on: kit)
        defer { slow.open() }
        let client = try KitConnection.connect(to: kit.socketPath)
        var batch = try Self.line(1, "test.slow", EchoParams(text: "one"))
        batch += try Self.line(
            2, Method.timerStart.name, TimerStartParams(durationNs: .hour, name: "later"))
        batch += try Self.line(nil, "test.slow", EchoParams(text: "a notification"))
        batch += try Self.line(3, "test.slow", EchoParams(text: "three"))
        batch += try Self.line(4, Method.timerList.name, TimerListParams())
        try client.send(batch)
        try kit.run(for: .milliseconds(200))
        #expect(try kit.timers.listed().isEmpty, "what came after waits for the first reply")

        for _ in 0..<3 { slow.open() }
        let replies = try Self.replies(4, on: client, from: kit)
        #expect(try replies.map(Self.id) == [.number(1), .number(2), .number(3), .number(4)])
        let list = try JSONDecoder().decode(ResultEnvelope<TimerListResult>.self, from: Data(replies[3])).result
        #expect(list.timers.map(\.name) == ["later"])
        #expect(slow.finished.load(ordering: .relaxed) == 3)
    }

    @Test("results back together are finished a turn at a time when each takes longer than a turn, in order")
    func completionsTakeTurns() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let worker = kit.daemon.runtime.worker
        // The worker waits at the gate while five jobs queue behind it; they then finish together.
        let gate = DispatchSemaphore(value: 0)
        worker.submit("test gate", { gate.wait() }, then: {})
        var finished: [Int] = []
        var turnsAtFinish: [Int] = []
        let last = DispatchSemaphore(value: 0)
        for index in 0..<5 {
            worker.submit(
                "test job \(index)",
                {
                    if index == 4 { last.signal() }
                    return index
                },
                then: { value in
                    finished.append(value)
                    turnsAtFinish.append(worker.turnsRun)
                    // Longer than a turn (`BackgroundWorker.turn`): it holds the loop's thread.
                    let end = ContinuousClock.now + .milliseconds(3)
                    while ContinuousClock.now < end {}
                })
        }
        // All five are done on the worker before the loop looks (the loop runs on this thread).
        gate.signal()
        last.wait()
        try kit.run { finished.count == 5 }
        #expect(finished == [0, 1, 2, 3, 4])
        #expect(Set(turnsAtFinish).count == 5, "two finished in one turn: \(turnsAtFinish)")
    }

    @Test("task.export is made on the worker while the loop serves others; it has what came before, not what after")
    func exportOffTheLoop() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        _ = try kit.tasks.add(TaskAddParams(title: "already there", due: "2030-01-01 09:00"))
        // The worker is busy until the test lets it go: an export made there cannot be done.
        let gate = DispatchSemaphore(value: 0)
        defer { gate.signal() }
        kit.daemon.runtime.worker.submit("test gate", { gate.wait() }, then: {})
        let client = try KitConnection.connect(to: kit.socketPath)
        var batch = try Self.line(
            1, Method.taskAdd.name, TaskAddParams(title: "sent just before", due: "2030-01-02 09:00"))
        batch += try Self.line(2, Method.taskExport.name, EmptyParams())
        batch += try Self.line(3, Method.taskAdd.name, TaskAddParams(title: "sent just after", due: "2030-01-03 09:00"))
        batch += try Self.line(4, Method.taskExport.name, EmptyParams())
        try client.send(batch)
        let added = try Self.replies(1, on: client, from: kit)
        #expect(try added.map(Self.id) == [.number(1)])
        let other = try KitConnection.connect(to: kit.socketPath)
        try other.send(Self.line(9, Method.taskList.name, TaskListParams()))
        #expect(try Self.replies(1, on: other, from: kit).map(Self.id) == [.number(9)], "the loop serves others")
        try kit.run(for: .milliseconds(100))
        #expect(try client.readLine(timeout: .milliseconds(1)) == nil, "the export waits for the worker")
        #expect(try kit.tasks.list(TaskListParams()).tasks.count == 2, "and so does the request after it")

        gate.signal()
        let replies = added + (try Self.replies(3, on: client, from: kit))
        #expect(try replies.map(Self.id) == [.number(1), .number(2), .number(3), .number(4)])
        let first = try JSONDecoder().decode(ResultEnvelope<TaskExportResult>.self, from: Data(replies[1])).result
        #expect(first.count == 2)
        #expect(first.ics.contains("SUMMARY:already there") && first.ics.contains("SUMMARY:sent just before"))
        #expect(!first.ics.contains("sent just after"), "made before the request after it ran")
        let second = try JSONDecoder().decode(ResultEnvelope<TaskExportResult>.self, from: Data(replies[3])).result
        #expect(second.count == 3 && second.ics.contains("SUMMARY:sent just after"))
    }

    @Test("a failure off the loop is the request's error reply, and the connection reads on")
    func failureReply() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let slow = SlowRoute(on: kit)
        slow.open()
        let client = try KitConnection.connect(to: kit.socketPath)
        try client.send(
            Self.line(1, "test.slow", EchoParams(text: "x", fail: true))
                + Self.line(2, Method.daemonStatus.name, EmptyParams())
        )
        let replies = try Self.replies(2, on: client, from: kit)
        let error = try #require(try JSONDecoder().decode(IncomingHeader.self, from: Data(replies[0])).error)
        #expect(error.code == ErrorCode.invalidArgument && error.message == "refused off the loop")
        #expect(try Self.id(of: replies[1]) == .number(2))
        #expect(slow.finished.load(ordering: .relaxed) == 0)
    }

    @Test("a client that disconnects while its request runs off the loop: the work still ends, and kitd serves on")
    func clientGone() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let slow = SlowRoute(on: kit)
        defer { slow.open() }
        do {
            let client = try KitConnection.connect(to: kit.socketPath)
            try client.send(Self.line(1, "test.slow", EchoParams(text: "bye")))
            #expect(try kit.run { kit.daemon.runtime.worker.pendingCount == 1 })
        }  // closed here
        try kit.run(for: .milliseconds(100))
        slow.open()
        #expect(try kit.run { kit.daemon.runtime.worker.pendingCount == 0 })
        #expect(slow.finished.load(ordering: .relaxed) == 1)
        let next = try KitConnection.connect(to: kit.socketPath)
        try next.send(Self.line(5, Method.daemonStatus.name, EmptyParams()))
        #expect(try Self.replies(1, on: next, from: kit).count == 1)
        try kit.run { kit.daemon.server.connectionCount == 1 }
        #expect(kit.daemon.server.connectionCount == 1, "the gone client's connection is closed")
    }

    @Test("a last request without a newline, then the client's side closed: its late reply is still written")
    func halfClosed() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let slow = SlowRoute(on: kit)
        let client = try KitConnection.connect(to: kit.socketPath)
        var request = try Self.line(7, "test.slow", EchoParams(text: "last"))
        request.removeLast()
        try client.send(request)
        shutdown(client.fileDescriptor, Int32(SHUT_WR))
        #expect(try kit.run { kit.daemon.runtime.worker.pendingCount == 1 })
        try kit.run(for: .milliseconds(100))
        slow.open()
        let reply = try #require(try Self.replies(1, on: client, from: kit).first)
        #expect(try Self.id(of: reply) == .number(7))
    }

    @Test("kitd stopping while a request runs off the loop drops the result without running its finish")
    func stopWhilePending() throws {
        let kit = try DrivenDaemon()
        let slow = SlowRoute(on: kit)
        let client = try KitConnection.connect(to: kit.socketPath)
        try client.send(Self.line(1, "test.slow", EchoParams(text: "late")))
        #expect(try kit.run { kit.daemon.runtime.worker.pendingCount == 1 })
        kit.stop()
        slow.open()
        #expect(Wait.holds(for: .milliseconds(100)) { slow.finished.load(ordering: .relaxed) == 0 })
    }

    @Test(
        "place.add stores its image off the loop: when another client took the name meanwhile, the add is refused and its image is not kept; without an image it is answered at once"
    )
    func placeImageOffTheLoop() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        // The worker is busy until the test lets it go, so both adds are read and checked first.
        let gate = DispatchSemaphore(value: 0)
        defer { gate.signal() }
        kit.daemon.runtime.worker.submit("test gate", { gate.wait() }, then: {})
        func png(_ marker: String) -> String {
            (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data(marker.utf8))
                .base64EncodedString()
        }
        let first = try KitConnection.connect(to: kit.socketPath)
        let second = try KitConnection.connect(to: kit.socketPath)
        try first.send(Self.line(1, Method.placeAdd.name, PlaceAddParams(name: "칼국수", imageData: png("one"))))
        try second.send(Self.line(2, Method.placeAdd.name, PlaceAddParams(name: "칼국수", imageData: png("two"))))
        #expect(try kit.run { kit.daemon.runtime.worker.pendingCount == 3 }, "both adds wait for the worker")

        // A place without an image does not wait for the worker.
        let plain = try KitConnection.connect(to: kit.socketPath)
        try plain.send(Self.line(3, Method.placeAdd.name, PlaceAddParams(name: "만두")))
        let answered = try #require(try Self.replies(1, on: plain, from: kit).first)
        #expect(try JSONDecoder().decode(ResultEnvelope<PlaceInfo>.self, from: Data(answered)).result.name == "만두")
        #expect(kit.daemon.runtime.worker.pendingCount == 3)

        gate.signal()
        let added = try #require(try Self.replies(1, on: first, from: kit).first)
        let kept = try #require(
            try JSONDecoder().decode(ResultEnvelope<PlaceInfo>.self, from: Data(added)).result.image)
        let refused = try #require(try Self.replies(1, on: second, from: kit).first)
        let error = try JSONDecoder().decode(ErrorEnvelope.self, from: Data(refused)).error
        #expect(error.message.contains("exists already"), "\(error)")
        let images = kit.directory + "/data/images"
        func stored() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: images)) ?? []).filter { !$0.hasPrefix(".") }
        }
        #expect(try kit.run { stored() == [kept] }, "the refused add's image is released: \(stored())")
    }
}
