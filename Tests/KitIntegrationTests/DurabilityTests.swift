import Foundation
import Glibc
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    /// kitd under strace: every reply to a change must follow an fdatasync of the database's
    /// write-ahead log, so what kitd acknowledged survives a power cut, not only a crash of kitd.
    @Suite("Acknowledged changes are on disk")
    struct DurabilityTests {
        @Test("each timer.start reply, one at a time, is sent after an fdatasync of the WAL")
        func repliesFollowTheirSync() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let trace = kit.root.path + "/strace.txt"
            kit.launcher = [
                "/usr/bin/strace", "-f", "-qq", "-y", "-s", "200", "-e", "trace=fdatasync,fsync,sendto", "-o", trace,
            ]
            try kit.startKitd()
            let client = try kit.connect()
            for index in 0..<5 {
                _ = try client.call(
                    Method.timerStart, TimerStartParams(durationNs: 600_000_000_000, name: "durable\(index)"))
            }
            // Under strace, kitd is strace's child: it is kitd that gets SIGTERM.
            let launcher = try #require(kit.kitd?.pid)
            let children = try String(contentsOfFile: "/proc/\(launcher)/task/\(launcher)/children", encoding: .utf8)
            let kitd = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
            kill(kitd, SIGTERM)
            #expect(kit.kitd?.wait(timeout: .seconds(10)) == 0)

            var synced = false
            var replies: [String: Bool] = [:]
            for line in try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n") {
                if line.contains("sync(") && line.contains("kit.sqlite-wal") {
                    synced = true
                } else if line.contains("sendto("),
                    let range = line.range(of: #"durable\d"#, options: .regularExpression)
                {
                    replies[String(line[range])] = synced
                    synced = false
                }
            }
            #expect(replies.count == 5, "\(replies)")
            #expect(
                replies.values.allSatisfy { $0 }, "replies sent with no fdatasync of the WAL before them: \(replies)")
        }
    }
}
