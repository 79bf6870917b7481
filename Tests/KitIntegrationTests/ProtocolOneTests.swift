import Foundation
import KitClient
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    @Suite("A protocol 1 client against kitd")
    struct ProtocolOneTests {
        /// Sends one raw line and returns the reply as a JSON object.
        static func exchange(_ line: String, on connection: KitConnection) throws -> [String: Any] {
            try connection.send(Data((line + "\n").utf8))
            let reply = try #require(try connection.readLine(timeout: .seconds(5)))
            return try #require(try JSONSerialization.jsonObject(with: Data(reply)) as? [String: Any])
        }

        @Test("durations in seconds still start and change timers, and replies carry both forms")
        func secondsStillWork() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let connection = try kit.connect()

            let started = try Self.exchange(
                #"{"jsonrpc":"2.0","id":1,"method":"timer.start","params":{"seconds":90.5,"name":"old"}}"#,
                on: connection)
            let timer = try #require(started["result"] as? [String: Any])
            #expect(timer["durationNs"] as? Int64 == 90_500_000_000)
            #expect(timer["durationSeconds"] as? Double == 90.5)
            #expect((timer["remainingSeconds"] as? Double).map { $0 > 89 && $0 <= 90.5 } == true)

            let added = try Self.exchange(
                #"{"jsonrpc":"2.0","id":2,"method":"timer.add","params":{"ref":"old","seconds":-30.5}}"#,
                on: connection)
            let shorter = try #require(added["result"] as? [String: Any])
            #expect(
                shorter["durationNs"] as? Int64 == Nanoseconds.minute.value
                    && shorter["durationSeconds"] as? Double == 60)

            let both = try Self.exchange(
                #"{"jsonrpc":"2.0","id":3,"method":"timer.start","params":{"seconds":5,"durationNs":5000000000}}"#,
                on: connection)
            let error = try #require(both["error"] as? [String: Any])
            #expect(error["code"] as? Int == ErrorCode.invalidParams)
            #expect((error["data"] as? [String: Any])?["field"] as? String == "durationNs")

            let status = try #require(
                try Self.exchange(#"{"jsonrpc":"2.0","id":4,"method":"daemon.status"}"#, on: connection)["result"]
                    as? [String: Any])
            #expect(status["protocolVersion"] as? Int == 3)
            let uptime = try #require(status["uptimeNs"] as? Int64)
            #expect(status["uptimeSeconds"] as? Double == Double(uptime) / 1e9)
            #expect(try kit.kitctlJSON(["timer", "list"], as: TimerListResult.self).timers.map(\.name) == ["old"])
        }

        @Test(
            "a request with a wrong duration and another wrong member is refused for the other one, named in its type's words"
        )
        func otherMembersFirst() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let connection = try kit.connect()
            let cases = [
                (#""method":"timer.start","params":{"durationNs":1.5,"name":5}"#, "name", "'name' must be a string"),
                (
                    #""method":"place.pick","params":{"avoidRecentNs":1.5,"seed":"x"}"#, "seed",
                    "'seed' must be an integer, 0 or more"
                ),
                (
                    #""method":"timer.start","params":{"durationNs":1.5}"#, "durationNs",
                    "'durationNs' must be an integer"
                ),
            ]
            for (index, (request, field, words)) in cases.enumerated() {
                let reply = try Self.exchange(#"{"jsonrpc":"2.0","id":\#(index),\#(request)}"#, on: connection)
                let error = try #require(reply["error"] as? [String: Any], "\(reply)")
                #expect(error["code"] as? Int == ErrorCode.invalidParams, "\(reply)")
                #expect((error["data"] as? [String: Any])?["field"] as? String == field, "\(reply)")
                #expect((error["message"] as? String)?.hasSuffix(words) == true, "\(reply)")
            }
            // Nothing was started.
            #expect(try kit.kitctlJSON(["timer", "list"], as: TimerListResult.self).timers.isEmpty)
        }
    }
}
