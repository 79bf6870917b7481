import Foundation
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    /// Issue 15: hostile and broken clients. Every batch goes to one real kitd; after each, kitd
    /// must be alive, answer `daemon.status` on a fresh connection within 100 ms, and not have
    /// grown (its heap and stacks) by more than 10 MB since the warm-up. Inputs come from one seeded generator: a
    /// failure message names the seed, and the same seed sends the same bytes.
    @Suite("Protocol fuzz")
    struct ProtocolFuzzTests {
        static let seed: UInt64 = 0x6B69_745F_6675_7A7A

        /// Fields whose documented limit is above the fuzz's long strings (a memo or diary text, a
        /// calendar or a place file): a long string there may be taken.
        static let longTextAllowed: Set<String> = [
            "memo.add text", "memo.edit text", "diary.write text", "diary.edit text", "task.import ics",
            "place.import text",
        ]

        /// Members tried in every method, besides its own.
        static let commonParams: [ParamsSchema.Member] = [
            .init(name: "ref", kind: .ref, required: false), .init(name: "query", kind: .text, required: false),
            .init(name: "limit", kind: .integer, required: false),
        ]

        /// Error codes kitd documents for client mistakes. `-32603` (internal error) is never one.
        static let clientErrors: Set<Int> = [
            ErrorCode.parseError, ErrorCode.invalidRequest, ErrorCode.methodNotFound, ErrorCode.invalidParams,
            ErrorCode.notFound, ErrorCode.invalidState, ErrorCode.invalidArgument, ErrorCode.ambiguous,
            ErrorCode.requestTooLarge,
        ]

        @Test(
            "random bytes, broken JSON, every declared param at the boundaries of its kind, huge lines and clients that never read leave kitd alive, quick and small"
        )
        func hostileClients() throws {
            let session = try FuzzSession(seed: Self.seed)
            defer { session.tearDown() }
            let started = ContinuousClock.now
            let documented = try DocumentedMethods.load()
            let methods = try registeredMethods(session)
            try warmUp(session, documented: documented)
            session.recordBaseline()

            let (connections, bytesNote) = try randomBytes(session)
            try session.check(after: "random bytes", inputs: connections, note: bytesNote)
            try session.check(after: "truncated JSON", inputs: truncatedJSON(session, documented: documented))
            let (typed, typedNote) = try boundaryValues(session, methods: methods, documented: documented)
            try session.check(after: "boundary values, all methods", inputs: typed, note: typedNote)
            try session.check(after: "NaN, Infinity and deep nesting", inputs: nanAndNesting(session))
            try session.check(after: "lines around 1 MiB", inputs: lineLimits(session))
            try session.check(after: "invalid UTF-8", inputs: invalidUTF8(session, documented: documented))
            let (pipelined, pipelineNote) = try pipelinedNeverRead(
                session, methods: methods.map(\.name), documented: documented)
            try session.check(after: "pipelined, never read", inputs: pipelined, note: pipelineNote)
            let (produced, subscriberNote) = try subscriberNeverReads(session)
            try session.check(after: "subscriber that never reads", inputs: produced, note: subscriberNote)

            let slowest = String(format: "%.1f", session.slowestStatus.millisecondsValue)
            print(
                "\(session.tag): slowest daemon.status \(slowest) ms; "
                    + "RSS \(FuzzSession.megabytes(session.baselineRSS)) after warm-up, "
                    + "\(FuzzSession.megabytes(session.rss())) at the end; "
                    + "\(String(format: "%.1f", (ContinuousClock.now - started).millisecondsValue / 1000)) s in all")
        }

        // MARK: Methods

        /// The methods of the table, each of which kitd answers: for each first word, the `-32601`
        /// reply to an unknown method lists the known ones, and they are the declared ones.
        func registeredMethods(_ session: FuzzSession) throws -> [AnyRPCMethod] {
            let client = try FuzzClient(session.kit)
            var answered = Set<String>()
            for prefix in Set(Method.all.map { $0.name.prefix { $0 != "." } }).sorted() {
                client.send(session.line("\(prefix).no-such-method", id: session.newID()))
                let reply = try #require(try client.reply(timeout: .seconds(5)))
                #expect(reply.code == ErrorCode.methodNotFound)
                guard let known = reply.message?.components(separatedBy: "known: ").dropFirst().first else { continue }
                answered.formUnion(known.components(separatedBy: ", "))
            }
            #expect(answered == Set(Method.all.map(\.name)), "kitd answers \(answered.sorted())")
            print("\(session.tag): \(Method.all.count) methods: \(Method.all.map(\.name).joined(separator: " "))")
            return Method.all
        }

        /// Runs every example request of docs/protocol.md once, in order, so that the refs later
        /// examples (and the fuzz) use exist, and kitd has loaded everything it loads lazily.
        func warmUp(_ session: FuzzSession, documented: DocumentedMethods) throws {
            let client = try FuzzClient(session.kit)
            for (method, params) in documented.examples where method != Method.eventsSubscribe.name {
                client.send(session.line(method, params: FuzzSession.paramsText(params), id: session.newID()))
                let reply = try #require(try client.reply(timeout: .seconds(10)), "\(method) got no reply")
                #expect(reply.code != ErrorCode.internalError, "\(method) \(params): \(reply.message ?? "")")
            }
            // The long texts once each, of the right type and of a wrong one, so that the memory
            // reading a 1 MB line takes (JSONDecoder reads a member of the wrong type) is in the
            // baseline: the bound is on growth after that, which a leak would show.
            for value in FuzzInput.longValues {
                for (method, params) in [
                    (Method.timerStart.name, #"{"durationNs":60000000000,"name":\#(value.json)}"#),
                    (Method.timerStart.name, #"{"durationNs":\#(value.json)}"#),
                    (Method.taskAdd.name, #"{"title":\#(value.json),"due":"tomorrow 9:00"}"#),
                ] {
                    client.send(session.line(method, params: params, id: session.newID()))
                    let reply = try #require(try client.reply(timeout: .seconds(10)), "\(method) got no reply")
                    #expect(reply.code != nil && reply.code != ErrorCode.internalError, "\(method) took a 1 MB text")
                }
            }
            _ = try session.statusLatency()
        }

        // MARK: Batches

        /// Random bytes, with and without newlines, and soups of JSON tokens, each on its own
        /// connection that then closes its side. Every reply is a documented client error.
        func randomBytes(_ session: FuzzSession) throws -> (Int, String) {
            var clients: [FuzzClient] = []
            var bytes = 0
            var replies = 0
            for round in 0..<60 {
                let client = try FuzzClient(session.kit)
                let size = round % 20 == 19 ? session.input.int(1_048_000...1_600_000) : session.input.int(1...200_000)
                let data: Data
                if round % 2 == 0 {
                    data = session.input.garbage(size, newlineEvery: session.input.pick([0, 40, 3000, 100_000]))
                } else {
                    let soup = (0..<session.input.int(1...40)).map { _ in session.input.jsonSoup(size / 40 + 1) }
                    data = Data(soup.joined(separator: "\n").utf8)
                }
                bytes += client.send(data, within: .seconds(2))
                client.finishSending()
                clients.append(client)
            }
            for client in clients {
                for reply in try client.drain(quiet: .seconds(3)) {
                    #expect(reply.code.map(Self.clientErrors.contains) == true, "\(session.tag): \(reply)")
                    replies += 1
                }
            }
            return (clients.count, "\(FuzzSession.megabytes(bytes)) taken, \(replies) error replies")
        }

        /// Every documented example request cut short at three random places: each line gets
        /// exactly one `-32700`, and a cut last line without a newline gets one as well.
        func truncatedJSON(_ session: FuzzSession, documented: DocumentedMethods) throws -> Int {
            var lines: [Data] = []
            for (method, params) in documented.examples {
                let full = session.line(method, params: FuzzSession.paramsText(params), id: session.newID()).dropLast()
                for _ in 0..<3 { lines.append(Data(full.prefix(session.input.int(1...full.count - 1)))) }
            }
            let client = try FuzzClient(session.kit)
            client.send(FuzzSession.concatenated(lines.map { $0 + [10] }), within: .seconds(10))
            client.finishSending()
            let replies = try client.drain(quiet: .seconds(5))
            #expect(replies.count == lines.count, "\(session.tag)")
            #expect(replies.allSatisfy { $0.code == ErrorCode.parseError }, "\(session.tag)")
            for line in lines.prefix(20) {
                let last = try FuzzClient(session.kit)
                last.send(line)
                last.finishSending()
                let replies = try last.drain(quiet: .seconds(5))
                #expect(
                    replies.map(\.code) == [ErrorCode.parseError],
                    "\(session.tag): \(String(decoding: line, as: UTF8.self))")
            }
            return lines.count + 20
        }

        /// For every method of the table: each member its params read (and a few common ones)
        /// set to each boundary value of its kind and each wrong type, the other params as in the
        /// method's first example; then params that are not an object, and random objects. Sent
        /// 32 at a time without waiting, as a busy client does. No reply is an internal error, a
        /// long string is refused in every text field but the documented long texts, no request
        /// holds the loop (the time between two replies is the second one's cost, give or take a
        /// commit), and after each method kitd answers `daemon.status` in time.
        func boundaryValues(_ session: FuzzSession, methods: [AnyRPCMethod], documented: DocumentedMethods) throws -> (
            Int, String
        ) {
            struct Probe {
                var params: String
                var label: String
                /// The long text a reply must refuse, as `method param (value)`; nil for none.
                var mustRefuse: String?
            }
            var inputs = 0
            var slowest: [(Duration, String)] = []
            var taken: [String] = []
            var refusedLong = Set<String>()
            var perMethod: [(String, Int)] = []
            for declared in methods {
                let method = declared.name
                let members = declared.schema.members
                let base = documented.entry(method).examples.first ?? [:]
                var probes: [Probe] = []
                let extra = Self.commonParams.filter { common in !members.contains { $0.name == common.name } }
                for param in members + extra {
                    // A long text where one is allowed is no hostile input, and every later reply
                    // would carry it.
                    let allowed = Self.longTextAllowed.contains("\(method) \(param.name)")
                    for value in session.input.hostileValues(for: param.kind) where !(allowed && value.long != .none) {
                        // A fresh name each time, so that a name taken by the last request does
                        // not stop this one before the param under test is looked at.
                        var fresh = base
                        for key in ["name", "title"]
                        where key != param.name && base[key] is String && base["ref"] == nil {
                            fresh[key] = "fuzz \(session.newID())"
                        }
                        // A long text, or 10,000 texts, where the docs say text goes.
                        let tooMuch =
                            (value.long == .text && param.kind == .text)
                            || (value.long == .textArray && param.kind == .array(.text))
                            || (param.kind == .array(.text) && value.label == FuzzInput.manyStrings.label)
                        probes.append(
                            Probe(
                                params: FuzzSession.paramsText(fresh, replacing: (param.name, value.json)),
                                label: "\(param.name)=\(value.label)",
                                mustRefuse: tooMuch && members.contains(param)
                                    ? "\(method) \(param.name) (\(value.label))" : nil))
                    }
                }
                for params in ["[]", "[1,2]", "\"x\"", "42", "true", "NaN"] {
                    probes.append(Probe(params: params, label: "params=\(params)"))
                }
                for _ in 0..<10 {
                    let params = session.input.json(depth: 4)
                    probes.append(Probe(params: params.hasPrefix("{") ? params : "{\"x\":\(params)}", label: "random"))
                }
                let client = try FuzzClient(session.kit)
                let lines = probes.map { session.line(method, params: $0.params, id: session.newID()) }
                // Up to 32 requests, and 128 KiB of them, at a time: more could fill both socket
                // buffers while kitd waits for its replies to be read, and this client for its
                // requests to be.
                var chunks: [Range<Int>] = []
                var start = 0
                while start < lines.count {
                    var end = start + 1
                    var bytes = lines[start].count
                    while end < lines.count, end - start < 32, bytes + lines[end].count <= 128 << 10 {
                        bytes += lines[end].count
                        end += 1
                    }
                    chunks.append(start..<end)
                    start = end
                }
                // A reply over the bound may be the machine's hiccup (a commit's fsync while other
                // suites write): it is sent again alone, and only a request slow both times is
                // one that holds the loop.
                var slow: [(index: Int, took: Duration)] = []
                for range in chunks {
                    client.send(FuzzSession.concatenated(Array(lines[range])), within: .seconds(20))
                    var last = ContinuousClock.now
                    for index in range {
                        let probe = probes[index]
                        let reply = try #require(
                            try client.reply(timeout: .seconds(20)),
                            "\(session.tag): \(method) \(probe.label): no reply")
                        let took = ContinuousClock.now - last
                        last = ContinuousClock.now
                        slowest.append((took, "\(method) \(probe.label)"))
                        #expect(
                            reply.code != ErrorCode.internalError,
                            "\(session.tag): \(method) \(probe.label): \(reply.message ?? "")")
                        if took >= FuzzSession.slowRequestBound { slow.append((index, took)) }
                        if let mustRefuse = probe.mustRefuse {
                            if reply.code == nil { taken.append(mustRefuse) } else { refusedLong.insert(mustRefuse) }
                        }
                    }
                }
                for (index, took) in slow {
                    let started = ContinuousClock.now
                    client.send(lines[index], within: .seconds(20))
                    _ = try client.reply(timeout: .seconds(20))
                    let again = ContinuousClock.now - started
                    #expect(
                        again < FuzzSession.slowRequestBound,
                        "\(session.tag): \(method) \(probes[index].label) took \(took), and \(again) alone")
                }
                inputs += probes.count
                perMethod.append((method, probes.count))
                try session.check(after: "boundary values for \(method)", inputs: probes.count, quiet: true)
            }
            #expect(taken.isEmpty, "\(session.tag): long strings taken without a limit: \(taken)")
            slowest.sort { $0.0 > $1.0 }
            perMethod.sort { $0.1 < $1.1 }
            let note =
                "\(methods.count) methods, \(perMethod.first?.1 ?? 0) (\(perMethod.first?.0 ?? "")) to "
                + "\(perMethod.last?.1 ?? 0) (\(perMethod.last?.0 ?? "")) inputs each; "
                + "\(refusedLong.count) long texts or lists refused in declared params; slowest replies: "
                + slowest.prefix(3).map { "\($0.1) \(String(format: "%.1f", $0.0.millisecondsValue)) ms" }
                .joined(separator: ", ")
            return (inputs, note)
        }

        /// `NaN` and `Infinity` where JSON has no such thing, and 100,000 levels of nesting in
        /// every place a value goes. One error (or, for nesting in an ignored member, a result)
        /// per line.
        func nanAndNesting(_ session: FuzzSession) throws -> Int {
            let depth = 100_000
            let open = String(repeating: "[", count: depth)
            let closed = open + String(repeating: "]", count: depth)
            let objects = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
            let lines = [
                "NaN", "Infinity", "-Infinity", "nan", "1e999999",
                #"{"jsonrpc":"2.0","id":NaN,"method":"daemon.status"}"#,
                #"{"jsonrpc":"2.0","id":Infinity,"method":"daemon.status"}"#,
                #"{"jsonrpc":"2.0","id":1e999,"method":"daemon.status"}"#,
                #"{"jsonrpc":"2.0","id":1,"method":"timer.start","params":{"durationNs":NaN}}"#,
                #"{"jsonrpc":"2.0","id":1,"method":"timer.start","params":{"seconds":Infinity}}"#,
                #"{"jsonrpc":"2.0","id":1,"method":"timer.start","params":{"seconds":-Infinity}}"#,
                #"{"jsonrpc":"2.0","id":1,"method":"timer.start","params":{"seconds":1e999999}}"#,
                open, closed, objects, String(repeating: "{", count: depth),
                #"{"jsonrpc":"2.0","id":1,"method":"timer.start","params":{"name":\#(closed)}}"#,
                #"{"jsonrpc":"2.0","id":1,"method":"timer.start","params":{"name":\#(open)}}"#,
                #"{"jsonrpc":"2.0","id":\#(closed),"method":"daemon.status"}"#,
                #"{"jsonrpc":"2.0","id":1,"method":\#(objects)}"#,
                #"{"jsonrpc":"2.0","id":1,"method":"daemon.status","params":{"x":\#(closed)}}"#,
                #"{"jsonrpc":"2.0","id":1,"method":"daemon.status","params":\#(objects)}"#,
                #"{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"events":\#(closed)}}"#,
            ]
            let client = try FuzzClient(session.kit)
            client.send(Data(lines.joined(separator: "\n").utf8) + [10], within: .seconds(10))
            client.finishSending()
            let replies = try client.drain(quiet: .seconds(5))
            #expect(replies.count == lines.count, "\(session.tag): \(replies)")
            #expect(
                replies.allSatisfy { $0.code == nil || Self.clientErrors.contains($0.code!) },
                "\(session.tag): \(replies)")
            return lines.count
        }

        /// Lines of 1 MiB − 1 and exactly 1 MiB are read (a request padded with a member kitd
        /// ignores is answered); 1 MiB + 1 gets `-32005` and a closed connection.
        func lineLimits(_ session: FuzzSession) throws -> Int {
            let limit = LineFramer.defaultMaximum
            func padded(_ length: Int, method: String = Method.daemonStatus.name, member: String = "pad") -> Data {
                let head = #"{"jsonrpc":"2.0","id":7,"method":"\#(method)","params":{"\#(member)":""#
                let tail = #""}}"#
                let fill = String(repeating: "a", count: length - head.utf8.count - tail.utf8.count)
                return Data((head + fill + tail).utf8)
            }
            let cases: [(Data, [Int?], Bool, String)] = [
                (padded(limit - 1) + [10], [nil], false, "1 MiB − 1"),
                (padded(limit) + [10], [nil], false, "1 MiB"),
                (padded(limit - 1) + [13, 10], [nil], false, "1 MiB − 1 and CRLF"),
                (padded(limit + 1) + [10], [ErrorCode.requestTooLarge], true, "1 MiB + 1"),
                (padded(limit + 2) + [13, 10], [ErrorCode.requestTooLarge], true, "1 MiB + 2 and CRLF"),
                (padded(limit - 1), [nil], true, "1 MiB − 1, no newline, then closed"),
                (
                    Data(repeating: UInt8(ascii: "{"), count: limit - 1) + [10], [ErrorCode.parseError], false,
                    "1 MiB − 1 of {"
                ),
                (
                    padded(limit - 1, method: Method.memoAdd.name, member: "text") + [10], [ErrorCode.invalidArgument],
                    false,
                    "1 MiB − 1 memo"
                ),
                (
                    padded(limit - 1, method: Method.taskImport.name, member: "ics") + [10],
                    [ErrorCode.invalidArgument],
                    false,
                    "1 MiB − 1 calendar"
                ),
            ]
            for (bytes, codes, closes, label) in cases {
                let client = try FuzzClient(session.kit)
                client.send(bytes, within: .seconds(10))
                if label.contains("then closed") { client.finishSending() }
                var replies: [FuzzClient.Reply] = []
                while replies.count < codes.count, let reply = try client.reply(timeout: .seconds(10)) {
                    replies.append(reply)
                }
                #expect(replies.map(\.code) == codes, "\(session.tag): \(label): \(replies)")
                if closes {
                    #expect(try client.next(timeout: .seconds(5)) == nil && client.isClosed, "\(session.tag): \(label)")
                } else {
                    client.send(session.line(Method.daemonStatus.name, id: 8))
                    #expect(try client.reply(timeout: .seconds(5))?.code == nil, "\(session.tag): \(label), then")
                }
            }
            return cases.count
        }

        /// Requests with bytes that are not UTF-8 in their method, a key, a string param or
        /// between tokens: each line gets `-32700`.
        func invalidUTF8(_ session: FuzzSession, documented: DocumentedMethods) throws -> Int {
            let sequences: [[UInt8]] = [
                [0xFF], [0xFE], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],
                [0xF8, 0x88, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xBF, 0xBF], [0xC3], [0xE2, 0x82],
                [0xF0, 0x9F, 0x98],
            ]
            var lines: [Data] = []
            for (method, params) in documented.examples.prefix(120) {
                let line = session.line(method, params: FuzzSession.paramsText(params), id: session.newID()).dropLast()
                let bytes = [UInt8](line)
                let quotes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\"") }
                let at =
                    session.input.chance(0.7) ? session.input.pick(quotes) + 1 : session.input.int(1...bytes.count - 1)
                lines.append(Data(bytes[..<at] + session.input.pick(sequences) + bytes[at...]))
            }
            let client = try FuzzClient(session.kit)
            client.send(FuzzSession.concatenated(lines.map { $0 + [10] }), within: .seconds(10))
            client.finishSending()
            let replies = try client.drain(quiet: .seconds(5))
            #expect(replies.count == lines.count, "\(session.tag)")
            #expect(replies.allSatisfy { $0.code == ErrorCode.parseError }, "\(session.tag): \(replies.map(\.code))")
            for sequence in sequences {
                let last = try FuzzClient(session.kit)
                last.send(session.line(Method.daemonStatus.name, id: 1).dropLast() + sequence)
                last.finishSending()
                #expect(try last.drain(quiet: .seconds(5)).map(\.code) == [ErrorCode.parseError], "\(session.tag)")
            }
            return lines.count + sequences.count
        }

        /// 5,000 requests for the biggest read-only replies on a connection that never reads,
        /// and 5,000 notifications on another: kitd stops reading the first once its replies pile
        /// up, answers others meanwhile, and frees what it held when the clients go.
        func pipelinedNeverRead(_ session: FuzzSession, methods: [String], documented: DocumentedMethods) throws -> (
            Int, String
        ) {
            let readOnly = methods.filter { method in
                [".list", ".status", ".get", ".tags", ".search", ".laps", ".history", ".agenda", ".onThisDay"].contains
                {
                    method.hasSuffix($0)
                }
            }
            var requests = Data()
            var notifications = Data()
            for _ in 0..<5000 {
                let method = session.input.pick(readOnly)
                let params = FuzzSession.paramsText(documented.entry(method).examples.first ?? [:])
                requests += session.line(method, params: params, id: session.newID())
                let cheap = session.input.pick([
                    Method.daemonStatus.name, Method.timerList.name, Method.stopwatchList.name,
                ])
                notifications += session.line(cheap, params: "{}")
            }
            let hog = try FuzzClient(session.kit)
            let quiet = try FuzzClient(session.kit)
            // kitd stops reading the hog once 4 MiB of its replies wait: give up when it takes nothing.
            let sent = hog.send(requests, within: .seconds(10), stall: .milliseconds(300))
            let sentQuietly = quiet.send(notifications, within: .seconds(10))
            quiet.send(session.line(Method.daemonStatus.name, id: 1))
            var latencies: [Duration] = []
            for _ in 0..<5 {
                latencies.append(try session.statusLatency())
                Wait.passes(.milliseconds(50))
            }
            let during = session.rss()
            // Every notification is handled before the reply to the request that follows them.
            #expect(try quiet.reply(timeout: .seconds(30))?.code == nil, "\(session.tag)")
            let worst = latencies.max() ?? .zero
            #expect(
                latencies.sorted()[latencies.count / 2] <= FuzzSession.statusBound && worst <= .seconds(1),
                "\(session.tag): daemon.status waited \(latencies) behind pipelining clients")
            withExtendedLifetime((hog, quiet)) {}
            return (
                10_000,
                "kitd took \(sent) of \(requests.count) request bytes and \(sentQuietly) of \(notifications.count) "
                    + "notification bytes; meanwhile daemon.status in at most "
                    + "\(String(format: "%.1f", worst.millisecondsValue)) ms and RSS \(FuzzSession.megabytes(during))"
            )
        }

        /// A subscriber that never reads while another client edits a task's 10,000-character
        /// note again and again (each `task.changed` is about 30 KB): kitd disconnects it once 64 MiB
        /// wait for it, and answers others meanwhile.
        func subscriberNeverReads(_ session: FuzzSession) throws -> (Int, String) {
            let subscriber = try FuzzClient(session.kit)
            subscriber.send(session.line(Method.eventsSubscribe.name, params: "{}", id: 1))
            #expect(try subscriber.reply(timeout: .seconds(5))?.code == nil)
            let producer = try FuzzClient(session.kit)
            producer.send(
                session.line(Method.taskAdd.name, params: #"{"title":"fuzz notes","due":"tomorrow 9:00"}"#, id: 1))
            #expect(try producer.reply(timeout: .seconds(5))?.code == nil)
            let notes = ["가", "나"].map { String(repeating: $0, count: 10_000) }
            var produced = 0
            var latencies: [Duration] = []
            var peak = 0
            let deadline = ContinuousClock.now + .seconds(60)
            while !subscriber.isHungUp && ContinuousClock.now < deadline {
                // Notifications: no replies to write, so kitd's time goes to the events.
                var batch = Data()
                for index in 0..<100 {
                    batch += session.line(
                        Method.taskEdit.name, params: #"{"ref":"fuzz notes","note":"\#(notes[index % 2])"}"#)
                }
                producer.send(batch, within: .seconds(10))
                produced += 100
                latencies.append(try session.statusLatency())
                peak = max(peak, session.rss())
            }
            #expect(subscriber.isHungUp, "\(session.tag): a subscriber that never reads was not disconnected")
            // Not before its backlog passed 64 MiB: about 2,200 events of 30 KB.
            #expect(produced >= 2000, "\(session.tag): disconnected after \(produced) events")
            let worst = latencies.max() ?? .zero
            #expect(
                latencies.sorted()[latencies.count / 2] <= FuzzSession.statusBound && worst <= .seconds(1),
                "\(session.tag): daemon.status waited \(latencies) behind a slow subscriber")
            return (
                produced,
                "\(produced) task.changed events of 30 KB; subscriber disconnected: \(subscriber.isHungUp); "
                    + "meanwhile daemon.status in at most \(String(format: "%.1f", worst.millisecondsValue)) ms, "
                    + "RSS peak \(FuzzSession.megabytes(peak))"
            )
        }
    }
}
