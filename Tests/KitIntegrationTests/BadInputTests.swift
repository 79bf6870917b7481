import Foundation
import Glibc
import KitClient
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    @Suite("Bad input")
    struct BadInputTests {
        /// Sends `bytes` on a fresh connection and returns the error codes of the replies it gets
        /// before `timeout`, and whether kitd closed the connection.
        func send(
            _ bytes: Data, to kit: KitdHarness, expectReplies: Int, wait: Duration = .seconds(5)
        ) throws -> (codes: [Int], closed: Bool) {
            let connection = try kit.connect()
            // kitd may close the connection before all of an over-long line is sent; what it
            // replied before closing is still there to read.
            try? connection.send(bytes)
            var codes: [Int] = []
            do {
                while codes.count < expectReplies, let line = try connection.readLine(timeout: wait) {
                    let header = try JSONDecoder().decode(IncomingHeader.self, from: Data(line))
                    codes.append(header.error?.code ?? 0)
                }
            } catch ClientError.connectionLost {
                return (codes, true)
            }
            return (codes, false)
        }

        func daemonStillAnswers(_ kit: KitdHarness) throws {
            let connection = try kit.connect()
            let status = try connection.call(Method.daemonStatus, EmptyParams())
            #expect(status.protocolVersion == KitVersion.protocolVersion)
        }

        @Test("malformed requests get JSON-RPC errors and kitd answers the next client")
        func malformedRequests() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let cases: [(String, Int)] = [
                ("{not json", ErrorCode.parseError),
                (#"[{"jsonrpc":"2.0","id":1,"method":"daemon.status"}]"#, ErrorCode.invalidRequest),
                (#"{"jsonrpc":"1.0","id":1,"method":"daemon.status"}"#, ErrorCode.invalidRequest),
                (#"{"jsonrpc":"2.0","id":1}"#, ErrorCode.invalidRequest),
                (#"{"jsonrpc":"2.0","id":1,"method":"timer.explode"}"#, ErrorCode.methodNotFound),
                (
                    #"{"jsonrpc":"2.0","id":1,"method":"timer.start","params":{"seconds":"soon"}}"#,
                    ErrorCode.invalidParams
                ),
                (#"{"jsonrpc":"2.0","id":1,"method":"timer.start","params":[5]}"#, ErrorCode.invalidParams),
                (#"{"jsonrpc":"2.0","id":1,"method":"timer.start","params":{}}"#, ErrorCode.invalidParams),
                (
                    #"{"jsonrpc":"2.0","id":1,"method":"timer.start","params":{"seconds":-5}}"#,
                    ErrorCode.invalidArgument
                ),
                (
                    #"{"jsonrpc":"2.0","id":1,"method":"timer.start","params":{"seconds":1e300}}"#,
                    ErrorCode.invalidArgument
                ),
                (#"{"jsonrpc":"2.0","id":1,"method":"timer.get","params":{"ref":true}}"#, ErrorCode.invalidParams),
                (
                    #"{"jsonrpc":"2.0","id":1,"method":"timer.pause","params":{"ref":"nothing-here"}}"#,
                    ErrorCode.notFound
                ),
                (
                    #"{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"events":["nope.*"]}}"#,
                    ErrorCode.invalidArgument
                ),
                (#"{"jsonrpc":"2.0","id":1.5,"method":"daemon.status"}"#, ErrorCode.invalidRequest),
                (#"{"jsonrpc":"2.0","id":1,"method":"timer.get","params":{"ref":0}}"#, ErrorCode.notFound),
            ]
            for (line, code) in cases {
                let result = try send(Data((line + "\n").utf8), to: kit, expectReplies: 1)
                #expect(result.codes == [code], "\(line)")
            }
            // Invalid UTF-8 inside a string is a parse error, not a params error.
            var invalid = Data(#"{"jsonrpc":"2.0","id":1,"method":"timer.start","params":{"seconds":5,"name":""#.utf8)
            invalid.append(contentsOf: [0xFF, 0xFE])
            invalid.append(Data("\"}}\n".utf8))
            #expect(try send(invalid, to: kit, expectReplies: 1).codes == [ErrorCode.parseError])
            // Several on one connection, one reply each, in order; a notification gets none.
            let pipelined =
                [
                    #"{"jsonrpc":"2.0","method":"daemon.status"}"#, "garbage",
                    #"{"jsonrpc":"2.0","id":2,"method":"daemon.status"}"#,
                ].joined(separator: "\n") + "\n"
            #expect(try send(Data(pipelined.utf8), to: kit, expectReplies: 2).codes == [ErrorCode.parseError, 0])
            try daemonStillAnswers(kit)
        }

        @Test("error messages name the field and what it must be")
        func errorMessagesAreSpecific() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            func message(_ line: String) throws -> RPCError? {
                let connection = try kit.connect()
                try connection.send(Data((line + "\n").utf8))
                guard let reply = try connection.readLine(timeout: .seconds(5)) else { return nil }
                return try JSONDecoder().decode(IncomingHeader.self, from: Data(reply)).error
            }
            let subscribe = try message(
                #"{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"events":"timer.*"}}"#)
            #expect(subscribe?.message == "invalid params for events.subscribe: 'events' must be an array")
            let element = try message(#"{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"events":[1]}}"#)
            #expect(element?.data?.field == "events[0]")
            let huge = try message(#"{"jsonrpc":"2.0","id":1,"method":"timer.start","params":{"seconds":1e300}}"#)
            #expect(huge?.message.contains("366 days") == true)
            // Foundation's reader names no member for these; kitd finds it on the tape.
            let negative = try message(#"{"jsonrpc":"2.0","id":1,"method":"place.pick","params":{"seed":-1}}"#)
            #expect(negative?.message == "invalid params for place.pick: 'seed' must be an integer, 0 or more")
            #expect(negative?.data?.field == "seed")
            let fraction = try message(#"{"jsonrpc":"2.0","id":1,"method":"task.list","params":{"limit":1.5}}"#)
            #expect(fraction?.message == "invalid params for task.list: 'limit' must be an integer")
            #expect(fraction?.data?.field == "limit")
            let badID = try message(#"{"jsonrpc":"2.0","id":true,"method":"daemon.status"}"#)
            #expect(badID?.message.contains("\"id\"") == true)
        }

        @Test(
            "a name near the 1 MiB line limit is refused with the name limit, and kitd answers the next client: no search runs over it"
        )
        func nearMegabyteName() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let name = String(repeating: "가", count: 340_000)
            for (method, field) in [
                (Method.ramenCook.name, "ref"), (Method.timerCancel.name, "ref"), (Method.taskGet.name, "ref"),
                (Method.memoGet.name, "ref"),
            ] {
                let line = try JSONSerialization.data(
                    withJSONObject: ["jsonrpc": "2.0", "id": 1, "method": method, "params": [field: name]])
                let reply = try send(line + Data("\n".utf8), to: kit, expectReplies: 1, wait: .seconds(30))
                #expect(reply.codes.count == 1 && reply.codes[0] != 0, "\(method): \(reply)")
                try daemonStillAnswers(kit)
            }
            let connection = try kit.connect()
            #expect {
                _ = try connection.call(Method.ramenCook, RamenCookParams(ref: name))
            } throws: { error in
                guard case ClientError.refused(let rpc) = error else { return false }
                return rpc.code == ErrorCode.invalidArgument && rpc.message.contains("the limit is 200")
            }
        }

        @Test("a last request without a newline is still answered")
        func lastLineWithoutNewline() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let connection = try kit.connect()
            try connection.send(Data(#"{"jsonrpc":"2.0","id":9,"method":"daemon.status"}"#.utf8))
            shutdown(connection.fileDescriptor, Int32(SHUT_WR))
            let reply = try #require(try connection.readLine(timeout: .seconds(5)))
            #expect(try JSONDecoder().decode(IncomingHeader.self, from: Data(reply)).id == .number(9))
        }

        @Test("a 2 MiB line gets an error and a closed connection")
        func overLongLine() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            var huge = Data(#"{"jsonrpc":"2.0","id":1,"method":"timer.start","params":{"name":""#.utf8)
            huge.append(Data(repeating: UInt8(ascii: "a"), count: 2 << 20))
            huge.append(Data("\"}}\n".utf8))
            let result = try send(huge, to: kit, expectReplies: 2)
            #expect(result.codes == [ErrorCode.requestTooLarge])
            #expect(result.closed)
            try daemonStillAnswers(kit)
        }

        @Test("a 50 MB task.import from a client other than kitctl gets an error naming the limit and what to do")
        func fiftyMegabyteImport() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            var huge = Data(#"{"jsonrpc":"2.0","id":1,"method":"task.import","params":{"ics":"BEGIN:VCALENDAR\n"#.utf8)
            let filler = Data(String(repeating: "X-FILLER:0123456789abcdef\\n", count: 40_000).utf8)
            while huge.count < 50_000_000 { huge.append(filler) }
            huge.append(Data(#"END:VCALENDAR\n"}}"#.utf8 + [10]))
            let connection = try kit.connect()
            // kitd stops reading after 1 MiB and closes, so the rest cannot be sent.
            try? connection.send(huge)
            let reply = try #require(try connection.readLine(timeout: .seconds(10)))
            let error = try #require(try JSONDecoder().decode(IncomingHeader.self, from: Data(reply)).error)
            #expect(error.code == ErrorCode.requestTooLarge)
            #expect(error.message.contains("1048576 bytes") && error.message.contains("split"), "\(error.message)")
            try daemonStillAnswers(kit)
        }

        @Test("random binary gets errors or a closed connection, never a crash")
        func randomBinary() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            var generator = SystemRandomNumberGenerator()
            for size in [1, 100, 10_000, 300_000, 3_000_000] {
                let bytes = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
                _ = try? send(bytes, to: kit, expectReplies: 1_000_000, wait: .milliseconds(300))
                #expect(kit.kitd?.isRunning == true)
                try daemonStillAnswers(kit)
            }
            // A client that vanishes mid-request does no harm either.
            let connection = try kit.connect()
            try connection.send(Data(#"{"jsonrpc":"2.0","id":1,"meth"#.utf8))
            _ = connection
            try daemonStillAnswers(kit)
        }

        @Test("kitctl: usage errors and a missing daemon exit 1, refusals exit 2, never a Swift error dump")
        func kitctlExitCodes() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let noDaemon = try kit.kitctl(["status"])
            #expect(noDaemon.exitCode == 1)
            #expect(
                noDaemon.stderr
                    == "kitctl: kitd is not running (no socket at \(kit.socketPath)); start it with `systemctl --user start kitd.socket` or run `kitd`\n"
            )

            try kit.startKitd()
            for arguments in [
                ["frobnicate"], ["timer", "start"], ["timer", "start", "soon"], ["timer", "start", "0"],
                ["timer", "add", "1"], ["timer", "list", "--bogus"],
            ] {
                let result = try kit.kitctl(arguments)
                #expect(result.exitCode == 1, "\(arguments): \(result)")
                #expect(!result.stderr.isEmpty)
                #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Swift."), "\(result.stderr)")
            }
            _ = try kit.kitctl(["timer", "start", "1h", "--name", "dup"])
            let clash = try kit.kitctl(["timer", "start", "2h", "--name", "dup"])
            #expect(clash.exitCode == 0 && clash.stderr.contains("so this one is 'dup (2)'"), "\(clash)")
            let paused = try kit.kitctlJSON(["timer", "pause", "dup"], as: TimerInfo.self)
            #expect(paused.id == 1 && paused.name == "dup")
            let missing = try kit.kitctl(["timer", "cancel", "nothing"])
            #expect(missing.exitCode == 2 && missing.stderr.contains("no timer named 'nothing'"))
            #expect(try kit.kitctl(["--help"]).exitCode == 0)
            #expect(try kit.kitctl(["--version"]).exitCode == 0)
        }
    }
}
