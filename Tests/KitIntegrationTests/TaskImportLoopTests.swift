import Foundation
import Glibc
import KitClient
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension FilesIntegration {
    /// `task.import` reads its document off kitd's loop: the loop, which is the alarm clock, keeps
    /// answering and firing while a calendar of the largest size kit takes is read.
    @Suite("A calendar import does not hold kitd's loop")
    struct TaskImportLoopTests {
        static let tasks = 5_000

        /// 5,000 VTODOs, about 840 KB (900 KB as a request line): as big as `kitctl task import` takes.
        static func document(prefix: String) -> String {
            var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//kit//test//EN"]
            for index in 0..<tasks {
                let day = 1 + index % 28
                lines += [
                    "BEGIN:VTODO", "UID:\(prefix)-\(index)@test", "SUMMARY:Errand \(index)",
                    "DESCRIPTION:Bring the forms for case \(index)\\, and the receipts.",
                    "DUE;TZID=Europe/Berlin:203001\(day < 10 ? "0" : "")\(day)T090000", "END:VTODO",
                ]
            }
            lines.append("END:VCALENDAR")
            return lines.map { $0 + "\r\n" }.joined()
        }

        static func request(id: Int64, _ method: String, _ params: some Encodable) throws -> Data {
            try WireCodec.line(
                RequestEnvelope(id: .number(id), method: method, params: params), with: WireCodec.encoder())
        }

        static func result<T: Decodable>(_ line: [UInt8], as type: T.Type) throws -> T {
            try JSONDecoder().decode(ResultEnvelope<T>.self, from: Data(line)).result
        }

        /// The next reply on `connection` (events are skipped).
        static func reply(on connection: KitConnection) throws -> [UInt8] {
            while true {
                let line = try #require(try connection.readLine(timeout: .seconds(60)), "no reply within a minute")
                if try JSONDecoder().decode(IncomingHeader.self, from: Data(line)).id != nil { return line }
            }
        }

        @Test("a timer due while kitd reads a maximum-size calendar fires before the import's reply")
        func timerFiresDuringImport() throws {
            let kit = try TaskCalendarTests.kitd()
            defer { kit.tearDown() }
            let probe = try kit.connect()
            _ = try probe.call(
                Method.eventsSubscribe, SubscribeParams(events: [Event.timerFired]))
            var proven = false
            // `backgroundJobs` counts an import until its reply is out. A machine that reads a whole
            // file within a few round trips gets more files at once, until one is still being read.
            for (round, copies) in [1, 3, 9].enumerated() where !proven {
                let importers = try (0..<copies).map { index in
                    let connection = try kit.connect()
                    try connection.send(
                        Self.request(
                            id: 1, Method.taskImport.name,
                            TaskImportParams(ics: Self.document(prefix: "r\(round)-\(index)"))))
                    return connection
                }
                // Given an import that kitd is reading (its reply not yet out),
                var status = try probe.call(Method.daemonStatus, EmptyParams())
                while status.backgroundJobs == 0 && !importers.allSatisfy({ Self.hasData($0) }) {
                    status = try probe.call(Method.daemonStatus, EmptyParams())
                }
                if status.backgroundJobs ?? 0 > 0 {
                    // when a timer comes due, it fires; and kitd says the import was still being read after.
                    let timer = try probe.call(
                        Method.timerStart, TimerStartParams(durationNs: 1, name: "tea \(round)"))
                    let fired = try #require(try probe.nextEvent(timeout: .seconds(10)), "the timer never fired")
                    #expect(fired.name == Event.timerFired)
                    #expect(try fired.decode(TimerFiredEvent.self).timer.id == timer.id)
                    let after = try probe.call(Method.daemonStatus, EmptyParams())
                    proven = after.backgroundJobs ?? 0 > 0
                }
                for importer in importers {
                    let result = try Self.result(Self.reply(on: importer), as: TaskImportResult.self)
                    #expect(result.imported.count == Self.tasks)
                }
            }
            #expect(proven, "kitd never fired a timer while it read a calendar")
            let status = try probe.call(Method.daemonStatus, EmptyParams())
            #expect(status.backgroundJobs == 0)
        }

        /// Whether `connection` has something to read now.
        static func hasData(_ connection: KitConnection) -> Bool {
            var poller = pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0)
            return poll(&poller, 1, 0) > 0
        }

        @Test("requests pipelined after an import are answered in order, and see what it imported")
        func pipelined() throws {
            let kit = try TaskCalendarTests.kitd()
            defer { kit.tearDown() }
            let client = try kit.connect()
            var batch = try Self.request(
                id: 1, Method.taskImport.name, TaskImportParams(ics: Self.document(prefix: "p")))
            batch += try Self.request(id: 2, Method.taskList.name, TaskListParams(filter: .all, limit: 10_000))
            batch += try Self.request(
                id: 3, Method.timerStart.name, TimerStartParams(durationNs: .hour))
            batch += try Self.request(id: 4, Method.daemonStatus.name, EmptyParams())
            try client.send(batch)
            let replies = try (1...4).map { _ in try Self.reply(on: client) }
            let ids = try replies.map { try JSONDecoder().decode(IncomingHeader.self, from: Data($0)).id }
            #expect(ids == [.number(1), .number(2), .number(3), .number(4)])
            #expect(try Self.result(replies[0], as: TaskImportResult.self).imported.count == Self.tasks)
            #expect(try Self.result(replies[1], as: TaskListResult.self).tasks.count == Self.tasks)
            #expect(try Self.result(replies[2], as: TimerInfo.self).state == .running)
            #expect(try Self.result(replies[3], as: DaemonStatusResult.self).backgroundJobs == 0)
        }

        @Test(
            "a client that disconnects in the middle of an import leaves kitd running, with the import whole or absent")
        func clientGoneMidImport() throws {
            let kit = try TaskCalendarTests.kitd()
            defer { kit.tearDown() }
            let text = Self.document(prefix: "gone")
            let probe = try kit.connect()
            do {
                let leaving = try kit.connect()
                try leaving.send(Self.request(id: 1, Method.taskImport.name, TaskImportParams(ics: text)))
                // Leave while kitd reads the document (or, on a machine that reads it at once, right after).
                while try probe.call(Method.daemonStatus, EmptyParams())
                    .backgroundJobs == 0 && !Self.hasData(leaving)
                {}
            }  // closed here, without reading its reply
            // The same document again, from another client: the worker reads documents in turn, so
            // this one is weighed after the first is applied or dropped.
            let again = try kit.connect().call(
                Method.taskImport, TaskImportParams(ics: text))
            let alreadyHere = again.skipped.filter { $0.contains("already imported") }.count
            #expect(
                (again.imported.isEmpty && alreadyHere == Self.tasks)
                    || (again.imported.count == Self.tasks && alreadyHere == 0),
                "imported \(again.imported.count), already there \(alreadyHere)")
            let tasks = try probe.call(
                Method.taskList, TaskListParams(filter: .all, limit: 10_000)
            ).tasks
            #expect(tasks.count == Self.tasks)
            #expect(kit.kitd?.isRunning == true)
        }

        @Test("bad calendars end in a clear report: random bytes, 100,000 nested BEGIN lines, a rule without end")
        func badCalendars() throws {
            let kit = try TaskCalendarTests.kitd()
            defer { kit.tearDown() }
            var generator = SystemRandomNumberGenerator()
            let bytes = Data((0..<500_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let binary = try kit.kitctl(["task", "import", "-"], stdin: bytes)
            #expect(binary.exitCode == 1 && binary.stderr.contains("not UTF-8"), "\(binary)")

            // Random text, sent as a client other than kitctl would.
            let scalars = (0..<200_000).map { _ in
                Character(UnicodeScalar(UInt32.random(in: 0x20...0xD7FF, using: &generator))!)
            }
            do {
                _ = try kit.connect().call(
                    Method.taskImport, TaskImportParams(ics: String(scalars)))
                Issue.record("random text was imported")
            } catch ClientError.refused(let error) {
                #expect(error.code == ErrorCode.invalidArgument && error.message.contains("not an iCalendar file"))
            }

            let nested = Data(
                ("BEGIN:VCALENDAR\n" + String(repeating: "BEGIN:X\n", count: 100_000)
                    + "BEGIN:VTODO\nUID:deep@test\nSUMMARY:Deep\nDUE:20301205T100000Z\nEND:VTODO\nEND:VCALENDAR\n")
                    .utf8)
            let lenient = try kit.kitctlJSON(["task", "import", "-"], as: TaskImportResult.self, stdin: nested)
            #expect(lenient.imported.isEmpty && !lenient.rejected.isEmpty, "\(lenient)")
            #expect(lenient.rejected.allSatisfy { !$0.reason.isEmpty })
            let strict = try kit.kitctl(["task", "import", "-", "--strict"], stdin: nested)
            #expect(strict.exitCode == 2 && strict.stderr.contains("was not imported: line"), "\(strict)")

            let forever = Data(
                "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:s@test\nSUMMARY:Forever\nDUE:20301205T100000Z\nRRULE:FREQ=SECONDLY\nEND:VTODO\nEND:VCALENDAR\n"
                    .utf8)
            let rule = try kit.kitctlJSON(["task", "import", "-"], as: TaskImportResult.self, stdin: forever)
            #expect(rule.rejected.first?.reason.contains("FREQ=SECONDLY") == true, "\(rule)")

            #expect(try kit.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self).tasks.isEmpty)
            #expect(kit.kitd?.isRunning == true)
        }
    }
}
