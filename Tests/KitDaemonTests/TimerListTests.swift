import Foundation
import KitClient
import KitCore
import KitProtocol
import Testing

@testable import KitDaemon

extension TimerFeature {
    /// The whole list, `limit` timers a page (kitd's default when nil), following `next`.
    func listed(all: Bool = false, limit: Int? = nil) throws -> [TimerInfo] {
        var timers: [TimerInfo] = []
        var after: String?
        repeat {
            let page = try list(TimerListParams(all: all, limit: limit, after: after))
            timers += page.timers
            after = page.next
        } while after != nil
        return timers
    }
}

/// `timer.list` comes in pages: `limit` timers at most, and `next` to pass as `after`.
@Suite("The timer list in pages", .serialized)
struct TimerListTests {
    static let second = DrivenDaemon.second

    /// `count` running timers, a few due at each instant, and every fifth of them paused.
    static func fill(_ kit: DrivenDaemon, count: Int) throws {
        for index in 0..<count {
            let timer = try kit.timers.start(
                TimerStartParams(durationNs: Int64(600 + index % 7) * second, name: "t\(index)"))
            if index % 5 == 0 { _ = try kit.timers.pause(RecordRef(String(timer.id))) }
        }
    }

    @Test("a page holds at most `limit` timers, 1000 without one, and its `next` leads on to the rest")
    func pageSizes() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        try Self.fill(kit, count: 1_205)
        let whole = try kit.timers.list(TimerListParams(limit: 10_000))
        #expect(whole.timers.count == 1_205 && whole.next == nil)

        let first = try kit.timers.list(TimerListParams())
        #expect(first.timers.count == 1000 && first.next != nil)
        let second = try kit.timers.list(TimerListParams(after: first.next))
        #expect(second.timers.count == 205 && second.next == nil)
        #expect((first.timers + second.timers).map(\.id) == whole.timers.map(\.id))
        for limit in [1, 7, 241, 1_204, 1_205] {
            #expect(try kit.timers.listed(limit: limit).map(\.id) == whole.timers.map(\.id), "limit \(limit)")
        }
        let exact = try kit.timers.list(TimerListParams(limit: 1_205))
        #expect(exact.timers.count == 1_205 && exact.next == nil, "no next page when the list ends with the page")
    }

    @Test("with all, the ended timers follow the active ones across pages, the last to end first")
    func endedAcrossPages() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        try Self.fill(kit, count: 30)
        for id in [3, 9, 4] { _ = try kit.timers.cancel(RecordRef(String(id))) }
        // Past the last due time (600 + 6 s): with 601 s the last ones came due only as real time
        // went on, and the wait below ran out first on a loaded machine.
        kit.advance(by: 607 * Self.second)
        #expect(try kit.run { kit.timers.counts.running == 0 }, "every running timer fired")
        let whole = try kit.timers.list(TimerListParams(all: true, limit: 10_000)).timers
        #expect(whole.count == 30)
        #expect(whole.prefix(6).allSatisfy { $0.state == .paused })
        #expect(whole.suffix(24).allSatisfy { $0.state == .fired || $0.state == .cancelled })
        #expect(Array(whole.suffix(3).map(\.id)) == [4, 9, 3], "cancelled before the others fired, the last first")
        for limit in [1, 4, 6, 7] {
            #expect(try kit.timers.listed(all: true, limit: limit).map(\.id) == whole.map(\.id), "limit \(limit)")
        }
    }

    @Test("a bad limit or cursor is refused as an invalid argument, and changes nothing")
    func badPagesAreRefused() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        try Self.fill(kit, count: 12)
        for id in ["2", "3"] { _ = try kit.timers.cancel(RecordRef(id)) }
        let before = try kit.timers.listed(all: true).map { "\($0.id) \($0.state)" }
        let counts = kit.timers.counts
        let endedCursor = try #require(try kit.timers.list(TimerListParams(all: true, limit: 11)).next)
        #expect(endedCursor.hasPrefix("e:"))

        // A limit out of its declared bounds is refused by the router, before the handler (the
        // socket test below sends one); the handler is left the cursors.
        for limit in [0, -1, 10_001, .max, .min] {
            #expect(TimerListParams.firstProblem(in: TimerListParams(limit: limit))?.contains("'limit'") == true)
        }
        var refused: [TimerListParams] = []
        let cursors = [
            "", "s:", "x", "r", "r:1", "r:1:0", "r:1:-2", "r:01:2", "r:+1:2", "r:1:2:3", "r:1:2\n", "p:0", "p:1:",
            " p:1", "e:1:2:0", "e:1:2:1000", "e:1:2", String(repeating: "9", count: 100),
            "r:1:" + String(repeating: "1", count: 100),
            "r:99999999999999999999:1", "ｒ:1:2",
        ]
        refused += cursors.map { TimerListParams(all: true, after: $0) }
        refused.append(TimerListParams(after: endedCursor))
        for params in refused {
            #expect("\(params.limit.map(String.init) ?? "") \(params.after ?? "")") {
                _ = try kit.timers.list(params)
            } throws: { error in
                guard case .invalidArgument(let message)? = error as? KitError else { return false }
                return message.english.contains(params.limit == nil ? "'after'" : "'limit'")
            }
        }
        try kit.run(for: .milliseconds(20))
        #expect(try kit.timers.listed(all: true).map { "\($0.id) \($0.state)" } == before)
        #expect(kit.timers.counts == counts)
    }

    @Test("over the socket: pages join into the list, and bad ones get -32003 with a message that says what to pass")
    func overTheSocket() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        try Self.fill(kit, count: 40)
        try kit.run(for: .milliseconds(20))
        let whole = try kit.timers.list(TimerListParams(limit: 10_000)).timers.map(\.id)
        let client = try KitConnection.connect(to: kit.socketPath)
        var listed: [Int64] = []
        var after: String?
        var pages = 0
        repeat {
            try client.send(OffLoopTests.line(1, Method.timerList.name, TimerListParams(limit: 6, after: after)))
            let reply = try #require(try OffLoopTests.replies(1, on: client, from: kit).first)
            let page = try JSONDecoder().decode(ResultEnvelope<TimerListResult>.self, from: Data(reply)).result
            listed += page.timers.map(\.id)
            after = page.next
            pages += 1
        } while after != nil
        #expect(listed == whole && pages == 7)

        let requests = [
            #"{"limit":0}"#, #"{"limit":10001}"#, #"{"after":"nope"}"#, #"{"after":"e:5:3:2"}"#, #"{"limit":"5"}"#,
            #"{"after":7}"#,
        ]
        for params in requests {
            try client.send(Data(#"{"jsonrpc":"2.0","id":2,"method":"timer.list","params":\#(params)}"#.utf8 + [10]))
        }
        let errors = try OffLoopTests.replies(requests.count, on: client, from: kit).map {
            try JSONDecoder().decode(ErrorEnvelope.self, from: Data($0)).error
        }
        #expect(errors.map(\.code) == [-32003, -32003, -32003, -32003, -32602, -32602])
        #expect(
            errors[0].message == "'limit' 0 is out of range; give 1 to 10000 timers a page, and follow 'next' for more")
        #expect(
            errors[2].message
                == "'after' (\"nope\") is not a cursor from timer.list; pass the 'next' of the page before as it came, or leave 'after' out for the first page"
        )
        #expect(errors[3].message.contains("pass \"all\": true with it"))
    }

    @Test("a cursor holds no state in kitd: it goes on from its place after kitd restarts")
    func cursorAcrossRestart() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        try Self.fill(kit, count: 25)
        try kit.run(for: .milliseconds(20))
        let whole = try kit.timers.list(TimerListParams(limit: 10_000)).timers.map(\.id)
        let first = try kit.timers.list(TimerListParams(limit: 10))
        try kit.restart()
        let rest = try kit.timers.listed(limit: 10_000)
        let after = try kit.timers.list(TimerListParams(limit: 10_000, after: first.next)).timers
        #expect(rest.map(\.id) == whole)
        #expect((first.timers + after).map(\.id) == whole)
    }
}
