import Foundation
import KitProtocol
import Testing

@Suite("Wire format")
struct ProtocolTests {
    let encoder = WireCodec.encoder()
    let decoder = WireCodec.decoder()

    @Test("a request round-trips: header, then typed params")
    func requestRoundTrip() throws {
        let line = try WireCodec.line(
            RequestEnvelope(
                id: .number(7), method: Method.timerStart.name,
                params: TimerStartParams(durationNs: 270_000_000_000, name: "pasta")),
            with: encoder)
        #expect(line.last == 10)
        #expect(!line.dropLast().contains(10))
        let header = try decoder.decode(RequestHeader.self, from: line)
        #expect(header.jsonrpc == "2.0" && header.id == .number(7) && header.method == "timer.start")
        #expect(header.paramsKind == .object)
        let params = try decoder.decode(ParamsEnvelope<TimerStartParams>.self, from: line).params
        #expect(params?.durationNs == 270_000_000_000 && params?.name == "pasta")
    }

    @Test(
        "ids may be numbers, strings or null, and absent means a notification",
        arguments: [
            (#"{"jsonrpc":"2.0","id":1,"method":"m"}"#, RequestID?.some(.number(1))),
            (#"{"jsonrpc":"2.0","id":"a","method":"m"}"#, .some(.string("a"))),
            (#"{"jsonrpc":"2.0","id":null,"method":"m"}"#, .some(.null)),
            (#"{"jsonrpc":"2.0","method":"m"}"#, nil),
        ])
    func requestIDs(json: String, id: RequestID?) throws {
        #expect(try decoder.decode(RequestHeader.self, from: Data(json.utf8)).id == id)
    }

    @Test("params of the wrong shape are told apart from absent ones")
    func paramsKinds() throws {
        func kind(_ json: String) throws -> RequestHeader.ParamsKind {
            try decoder.decode(RequestHeader.self, from: Data(json.utf8)).paramsKind
        }
        #expect(try kind(#"{"jsonrpc":"2.0","method":"m"}"#) == .absent)
        #expect(try kind(#"{"jsonrpc":"2.0","method":"m","params":null}"#) == .absent)
        #expect(try kind(#"{"jsonrpc":"2.0","method":"m","params":{}}"#) == .object)
        #expect(try kind(#"{"jsonrpc":"2.0","method":"m","params":[1,2]}"#) == .other)
    }

    @Test(
        "malformed messages do not decode as requests",
        arguments: ["not json", "[1,2]", "42", "\"text\"", "{\"id\":[1]}"])
    func malformed(text: String) {
        #expect(throws: (any Error).self) { try decoder.decode(RequestHeader.self, from: Data(text.utf8)) }
    }

    @Test("wrong parameter types are described by field and expected type")
    func describesWrongTypes() {
        let bad = Data(#"{"params":{"seconds":"soon"}}"#.utf8)
        do {
            _ = try decoder.decode(ParamsEnvelope<TimerStartParams>.self, from: bad)
            Issue.record("decoded a string as seconds")
        } catch {
            let described = WireCodec.describe(error, method: "timer.start")
            #expect(described.message == "invalid params for timer.start: 'seconds' must be a number")
            #expect(described.field == "seconds")
        }
        let missing = Data(#"{"params":{}}"#.utf8)
        do {
            _ = try decoder.decode(ParamsEnvelope<RefParams>.self, from: missing)
            Issue.record("decoded without ref")
        } catch {
            #expect(WireCodec.describe(error, method: "timer.get").message.contains("'ref' is required"))
        }
    }

    @Test("a duration is integer nanoseconds, and protocol 1's seconds are still taken")
    func durationForms() throws {
        func start(_ json: String) throws -> TimerStartParams {
            try decoder.decode(TimerStartParams.self, from: Data(json.utf8))
        }
        #expect(try start(#"{"durationNs":270000000001}"#).durationNs == 270_000_000_001)
        #expect(try start(#"{"seconds":270}"#).durationNs == 270_000_000_000)
        #expect(try start(#"{"seconds":90.5}"#).durationNs == 90_500_000_000)
        #expect(try start(#"{"seconds":0.000000001}"#).durationNs == 1)
        // Too large for nanoseconds: saturates, so timer.start refuses it as too long (-32003).
        #expect(try start(#"{"seconds":1e300}"#).durationNs == .max)
        #expect(try start(#"{"seconds":-1e300}"#).durationNs == .min)
        #expect(
            try decoder.decode(TimerAddParams.self, from: Data(#"{"ref":1,"seconds":-30.5}"#.utf8)).deltaNs
                == -30_500_000_000)
        let pick = try decoder.decode(PlacePickParams.self, from: Data(#"{"avoidRecentSeconds":604800}"#.utf8))
        #expect(pick.avoidRecentNs == 604_800_000_000_000)
        let create = try decoder.decode(
            StopwatchCreateParams.self, from: Data(#"{"name":"w","remindAfterSeconds":60}"#.utf8))
        #expect(create.remindAfterNs == .minute)

        func refused(_ json: String) -> (message: String, field: String?)? {
            do {
                _ = try decoder.decode(ParamsEnvelope<TimerStartParams>.self, from: Data(json.utf8))
                return nil
            } catch {
                return WireCodec.describe(error, method: "timer.start")
            }
        }
        #expect(refused(#"{"params":{"durationNs":1.5}}"#)?.field == "durationNs")
        #expect(
            refused(#"{"params":{"durationNs":"4m"}}"#)?.message
                == "invalid params for timer.start: 'durationNs' must be an integer")
        #expect(refused(#"{"params":{}}"#)?.message == "invalid params for timer.start: 'durationNs' is required")
        let both = refused(#"{"params":{"durationNs":1000000000,"seconds":1}}"#)
        #expect(both?.field == "durationNs" && both?.message.contains("not both") == true)

        // kit's requests have only the new member.
        let sent = String(
            decoding: try LineEncoder(protocolOne: false).encode(TimerStartParams(durationNs: 5)), as: UTF8.self)
        #expect(sent == #"{"durationNs":5}"#)
    }

    @Test("replies carry each duration as nanoseconds and, for protocol 1's readers, as seconds")
    func durationReplies() throws {
        var timer = TimerInfo(
            id: 1, name: nil, label: "timer 1", state: .running, durationNs: 90_500_000_000,
            remainingNs: 1_000_000_001, dueAt: nil, createdAt: "2026-11-22T00:00:00.000000Z")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(try LineEncoder().encode(timer))) as? [String: Any])
        #expect(object["durationNs"] as? Int64 == 90_500_000_000 && object["remainingNs"] as? Int64 == 1_000_000_001)
        #expect(object["durationSeconds"] as? Double == 90.5 && object["remainingSeconds"] as? Double == 1.000000001)
        timer.remainingNs = 0
        let ended = try #require(
            try JSONSerialization.jsonObject(with: Data(try LineEncoder().encode(timer))) as? [String: Any])
        #expect(ended["remainingNs"] as? Int64 == 0 && ended["remainingSeconds"] as? Double == 0)
        // The hand-written writer (`LineWritable`) writes what the containers write.
        #expect(
            try WireCodec.writtenLine(timer).dropLast() == (try LineEncoder().encodeThroughContainers(timer))[...])
        // A request has none of them; kit's own types pass over them as they read.
        let plain = LineEncoder(protocolOne: false)
        #expect(
            String(
                decoding: try plain.encode(
                    TimerFiredEvent(timer: timer, dueAt: "", firedAt: "", latenessNs: 1, late: false)), as: UTF8.self
            ).contains("Seconds") == false)
        let fired = TimerFiredEvent(
            timer: timer, dueAt: "", firedAt: "", latenessNs: 150_000, late: false)
        let event = try #require(
            try JSONSerialization.jsonObject(with: Data(try LineEncoder().encode(fired))) as? [String: Any])
        #expect(event["latenessNs"] as? Int64 == 150_000 && event["latenessMs"] as? Double == 0.15)
        let decoded = try decoder.decode(TimerFiredEvent.self, from: Data(try LineEncoder().encode(fired)))
        #expect(decoded.latenessNs == 150_000 && decoded.timer == timer)
    }

    @Test("a record reference may be an integer or a string")
    func recordRefs() throws {
        let byID = try decoder.decode(RefParams.self, from: Data(#"{"ref":7}"#.utf8))
        let byName = try decoder.decode(RefParams.self, from: Data(#"{"ref":"pasta"}"#.utf8))
        #expect(byID.ref.text == "7" && byName.ref.text == "pasta")
        #expect(throws: (any Error).self) { try decoder.decode(RefParams.self, from: Data(#"{"ref":true}"#.utf8)) }
    }

    @Test("error replies carry code, message and data, and round-trip")
    func errorRoundTrip() throws {
        let error = RPCError(
            code: ErrorCode.ambiguous, message: "two", data: RPCErrorData(candidates: ["1 (tea)", "2 (tea)"]))
        let line = try WireCodec.line(ErrorEnvelope(id: .string("x"), error: error), with: encoder)
        let header = try decoder.decode(IncomingHeader.self, from: line)
        #expect(header.error == error && header.id == .string("x") && header.method == nil)
    }

    @Test("events are notifications: a method and no id")
    func eventsAreNotifications() throws {
        let line = try WireCodec.line(
            EventEnvelope(method: Event.timerFired, params: SubscribeResult(events: [])), with: encoder)
        let header = try decoder.decode(IncomingHeader.self, from: line)
        #expect(header.method == "timer.fired" && header.id == nil)
    }

    @Test(
        "subscription patterns match names, prefixes and everything",
        arguments: [
            ("timer.fired", "timer.fired", true), ("timer.fired", "timer.*", true), ("timer.fired", "*", true),
            ("timer.fired", "timer.started", false), ("notification.shown", "timer.*", false),
            ("timerx.a", "timer.*", false),
        ])
    func eventPatterns(name: String, pattern: String, matches: Bool) {
        #expect(Event.matches(name, pattern: pattern) == matches)
    }
}

@Suite("Line framing")
struct FramingTests {
    @Test("splits lines, drops CR, and keeps a partial line for later")
    func splitsLines() {
        var framer = LineFramer(maximumLineLength: 100)
        framer.append(Array("one\r\ntwo\nthr".utf8))
        #expect(framer.next() == .line(Array("one".utf8)))
        #expect(framer.next() == .line(Array("two".utf8)))
        #expect(framer.next() == nil)
        framer.append(Array("ee\n".utf8))
        #expect(framer.next() == .line(Array("three".utf8)))
        #expect(framer.bufferedCount == 0)
    }

    @Test("a line over the limit is reported, even before its newline arrives")
    func overLongLines() {
        var framer = LineFramer(maximumLineLength: 10)
        framer.append(Array("0123456789\n".utf8))
        #expect(framer.next() == .line(Array("0123456789".utf8)))
        framer.append(Array(repeating: UInt8(ascii: "x"), count: 12))
        #expect(framer.next() == .tooLong)
    }

    @Test("the default limit is 1 MiB")
    func defaultLimit() {
        #expect(LineFramer.defaultMaximum == 1_048_576)
        var framer = LineFramer()
        framer.append([UInt8](repeating: 65, count: 1_048_576) + [10])
        #expect(framer.next().map { if case .line(let l) = $0 { l.count } else { -1 } } == 1_048_576)
    }

    @Test("byte-at-a-time input yields the same lines")
    func byteAtATime() {
        var framer = LineFramer(maximumLineLength: 100)
        var lines: [[UInt8]] = []
        for byte in Array("a\nbc\n\nd\n".utf8) {
            framer.append([byte])
            while case .line(let line)? = framer.next() { lines.append(line) }
        }
        #expect(lines == [Array("a".utf8), Array("bc".utf8), [], Array("d".utf8)])
    }
}

@Suite("Socket and data paths")
struct SocketPathTests {
    @Test("an explicit path wins, then KIT_SOCKET, then XDG_RUNTIME_DIR")
    func precedence() {
        let env = ["KIT_SOCKET": "/tmp/k.sock", "XDG_RUNTIME_DIR": "/run/user/1000"]
        #expect(SocketPath.resolve(explicit: "/x.sock", environment: env, uid: 1000).path == "/x.sock")
        #expect(SocketPath.resolve(explicit: nil, environment: env, uid: 1000).path == "/tmp/k.sock")
        let runtime = SocketPath.resolve(explicit: nil, environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], uid: 1000)
        #expect(
            runtime
                == .init(
                    path: "/run/user/1000/kit/kitd.sock", managedDirectory: "/run/user/1000/kit", isFallback: false))
    }

    @Test("without XDG_RUNTIME_DIR the socket lives in a private per-user directory in /tmp")
    func fallback() {
        let resolution = SocketPath.resolve(explicit: nil, environment: [:], uid: 1234)
        #expect(
            resolution == .init(path: "/tmp/kit-1234/kitd.sock", managedDirectory: "/tmp/kit-1234", isFallback: true))
        #expect(SocketPath.resolve(explicit: nil, environment: ["XDG_RUNTIME_DIR": "relative"], uid: 1).isFallback)
    }

    @Test("the data directory follows XDG_DATA_HOME, else ~/.local/share")
    func dataDirectory() {
        #expect(SocketPath.dataDirectory(explicit: nil, environment: ["XDG_DATA_HOME": "/d"], home: "/h") == "/d/kit")
        #expect(SocketPath.dataDirectory(explicit: nil, environment: [:], home: "/h") == "/h/.local/share/kit")
        #expect(SocketPath.dataDirectory(explicit: "/x", environment: ["XDG_DATA_HOME": "/d"], home: "/h") == "/x")
    }
}
