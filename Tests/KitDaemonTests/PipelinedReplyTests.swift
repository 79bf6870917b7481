import Foundation
import Glibc
import KitClient
import KitProtocol
import Testing

@testable import KitDaemon

/// Replies to requests a client sends many at a time, through the real loop and socket.
@Suite("Replies to pipelined requests")
struct PipelinedReplyTests {
    static func get(_ id: Int64, _ ref: String) throws -> Data {
        try OffLoopTests.line(id, Method.timerGet.name, RefParams(ref: ref))
    }

    /// The bytes that wait to be read on `fd`.
    static func readable(_ fd: Int32) -> Int {
        var count: Int32 = 0
        _ = ioctl(fd, UInt(FIONREAD), &count)
        return Int(count)
    }

    @Test(
        "a pipelining client can read its first replies while its later lines run; a change's reply waits for its commit; order is kept"
    )
    func earlyReplies() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let client = try KitConnection.connect(to: kit.socketPath)
        try client.send(
            OffLoopTests.line(0, Method.timerStart.name, TimerStartParams(durationNs: .hour)))
        let started = try #require(try OffLoopTests.replies(1, on: client, from: kit).first)
        let ref = String(try JSONDecoder().decode(ResultEnvelope<TimerInfo>.self, from: Data(started)).result.id)

        // Given 300 lines at once, the 151st a change, and a note of what the client could read
        // after each line had run.
        var batch = Data()
        for id in Int64(1)...150 { batch += try Self.get(id, ref) }
        batch += try OffLoopTests.line(
            151, Method.timerStart.name, TimerStartParams(durationNs: .hour))
        for id in Int64(152)...300 { batch += try Self.get(id, ref) }
        var readable: [Int] = []
        var atCommit: Int?
        // All 300 lines in one slice of the loop: on a busy machine a 10 ms slice can end before
        // line 150, and the replies a slice's end sends are read by the client before the next.
        kit.daemon.server.slice = .seconds(30)
        let handle = kit.daemon.server.onLine
        kit.daemon.server.onLine = { connection, line in
            handle?(connection, line)
            readable.append(Self.readable(client.fileDescriptor))
            if readable.count == 151 {
                kit.daemon.runtime.commits.onCommitted { atCommit = Self.readable(client.fileDescriptor) }
            }
        }
        try client.send(batch)
        let replies = try OffLoopTests.replies(300, on: client, from: kit)

        // Then every reply comes, in order. Replies could be read before the 151st line ran
        // (written every 64 lines while nothing waited for a commit), and the change's reply
        // only after its commit.
        #expect(try replies.map { try OffLoopTests.id(of: $0) } == (1...300).map { RequestID.number(Int64($0)) })
        func bytes(_ count: Int) -> Int { replies.prefix(count).reduce(0) { $0 + $1.count + 1 } }
        #expect(readable.count == 300)
        #expect(readable[149] >= bytes(64), "\(readable)")
        let committed = try #require(atCommit)
        #expect(committed < bytes(151), "\(readable)")
    }
}
