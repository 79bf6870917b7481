import Foundation
import KitClient
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    /// kitd gives `timer.list` in pages of 1000 timers (issue 14); kitctl follows them.
    @Suite("kitctl timer list across pages")
    struct TimerListPagingTests {
        static let count = 3_000

        /// `count` timers through one connection, sent at once as notifications (which get no
        /// reply; kitd runs them in order): ids 1…count, due in the order of their ids, names
        /// longer down the list so that the widest is on the last page. Odd ids are then
        /// cancelled and every fourth is paused: 750 running, 750 paused, 1500 ended.
        static func fill(_ kit: KitdHarness) throws {
            let encoder = WireCodec.encoder()
            func notification(_ method: String, _ params: some Encodable) throws -> Data {
                try WireCodec.line(RequestEnvelope(id: nil, method: method, params: params), with: encoder)
            }
            var lines = Data()
            for index in 1...count {
                let name = String(repeating: "n", count: 1 + index / 600) + "\(index)"
                lines += try notification(
                    Method.timerStart.name,
                    TimerStartParams(durationNs: Int64(7200 + index) * Nanoseconds.second, name: name))
            }
            for id in 1...count where id % 2 == 1 || id % 4 == 0 {
                lines += try notification(
                    (id % 2 == 1 ? Method.timerCancel : Method.timerPause).name, RefParams(ref: String(id)))
            }
            let client = try kit.connect()
            try client.send(lines)
            let status = try client.call(Method.daemonStatus, EmptyParams())
            #expect(status.timers == DaemonStatusResult.Counts(running: 750, paused: 750))
        }

        /// What a table says with its LEFT and DUE columns blanked: the time left goes on counting
        /// down between two runs of kitctl, and a running timer's due time is its boot-clock
        /// deadline said on the wall clock, which moves while the wall clock is being slewed
        /// (0.5 % on this machine once). Nil when its header is not that of a timer table.
        static func withoutTimes(_ table: String) -> [String]? {
            let lines = table.split(separator: "\n").map(String.init)
            guard let header = lines.first, let left = header.range(of: "LEFT"), header.contains("DUE")
            else { return nil }
            let start = header.distance(from: header.startIndex, to: left.lowerBound)
            return lines.map { line in String(line.prefix(start)) }
        }

        @Test("kitctl timer list prints the same table and JSON whether the timers come in one page or many")
        func sameOutputInPages() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd(arguments: [])
            try Self.fill(kit)

            for all in [[], ["--all"]] {
                let sizes = [["--page-size", "10000"], [], ["--page-size", "7"]]
                let runs = try sizes.map { size in try kit.kitctl(["timer", "list"] + all + size) }
                #expect(runs.allSatisfy { $0.exitCode == 0 && $0.stderr.isEmpty }, "\(runs.map(\.stderr))")
                let tables = runs.map { Self.withoutTimes($0.stdout) }
                let one = try #require(tables[0])
                #expect(one.count == 1 + (all.isEmpty ? 1_500 : 2_500), "a header and a row a timer")
                #expect(tables[1] == one, "kitd's own pages of 1000 \(all)")
                #expect(tables[2] == one, "pages of 7 \(all)")
                #expect(
                    one.contains { $0.hasPrefix("3000  nnnnnn3000  paused") }, "the widest name, on the second page")

                let json = try sizes.map { size in
                    try kit.kitctlJSON(["timer", "list"] + all + size, as: TimerListResult.self)
                }
                func rows(_ result: TimerListResult) -> [String] {
                    result.timers.map { "\($0.id) \($0.state) \($0.name ?? "-") \($0.dueAt == nil ? "-" : "due")" }
                }
                /// Each due time against the first run's: the same within a second (see `withoutTimes`).
                func sameDue(_ result: TimerListResult) -> Bool {
                    zip(result.timers, json[0].timers).allSatisfy { pair in
                        switch (pair.0.dueAt.flatMap(Timestamp.parse), pair.1.dueAt.flatMap(Timestamp.parse)) {
                        case (nil, nil): true
                        case (let a?, let b?): abs(a.nanoseconds - b.nanoseconds) < Nanoseconds.second.value
                        default: false
                        }
                    }
                }
                #expect(json.allSatisfy { $0.next == nil })
                #expect(rows(json[1]) == rows(json[0]) && rows(json[2]) == rows(json[0]))
                #expect(sameDue(json[1]) && sameDue(json[2]))
                #expect(Set(json[0].timers.map(\.id)).count == json[0].timers.count, "no timer twice")
                #expect(json[0].timers.filter { $0.state == .cancelled }.count == (all.isEmpty ? 0 : 1000))
            }
        }
    }
}
