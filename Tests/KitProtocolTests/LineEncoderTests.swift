import Foundation
import KitCore
import KitProtocol
import Testing

@Suite("The streaming JSON encoder")
struct LineEncoderTests {
    /// Parses JSON text into Foundation objects, so two encoders' outputs can be compared as values.
    static func value(_ bytes: some Sequence<UInt8>) throws -> NSObject {
        try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as! NSObject
    }

    /// Whether `LineEncoder` writes what `JSONEncoder` writes, but for protocol 1's twins, which
    /// only `LineEncoder` adds (`ProtocolOne`).
    static func same(_ value: some Encodable) throws -> Bool {
        let ours = try LineEncoder().encode(value)
        let theirs = try WireCodec.encoder().encode(value)
        return try withoutTwins(Self.value(ours)) == Self.value(theirs)
    }

    /// A decoded JSON value without the members `ProtocolOne` writes beside durations.
    static func withoutTwins(_ value: NSObject) -> NSObject {
        if let object = value as? [String: NSObject] {
            return object.filter { !ProtocolOne.isReplyMember($0.key) }.mapValues(withoutTwins) as NSDictionary
        }
        if let array = value as? [NSObject] { return array.map(withoutTwins) as NSArray }
        return value
    }

    struct Primitives: Codable {
        var int8: Int8 = -8
        var uint32: UInt32 = 4_000_000_000
        var int64: Int64 = .min
        var float: Float = 0.5
        var doubles: [Double] = [0, -0.0, 0.1, 3600, 1e-7, 1.5e300, -2.25]
        var bool = true
        var absent: String? = nil
        var present: String? = "here"
        var text = "quote \" backslash \\ slash / tab \t newline \n bell \u{7} nul \u{0} 한국어 🍜"
        var nested: [[Int]] = [[], [1], [2, 3]]
        var dictionary: [String: Int] = ["b": 2, "a": 1]
        var empty: [String] = []
        var optionals: [Int?] = [1, nil, 3]
    }

    struct Manual: Encodable {
        enum Keys: String, CodingKey { case a, b, c, d }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .a)
            try inner.encode(1, forKey: .b)
            var list = inner.nestedUnkeyedContainer(forKey: .c)
            try list.encode("x")
            var deep = list.nestedContainer(keyedBy: Keys.self)
            try deep.encodeNil(forKey: .d)
            // Back to the outer container: everything opened above is closed first.
            try container.encode([true, false], forKey: .b)
            var tail = container.nestedUnkeyedContainer(forKey: .c)
            try tail.encode(2.5)
        }
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    @Test("primitives, escapes, arrays, optionals and dictionaries decode the same as JSONEncoder's")
    func primitives() throws {
        #expect(try Self.same(Primitives()))
        let text = String(decoding: try LineEncoder().encode(Primitives()), as: UTF8.self)
        #expect(text.contains(#""doubles":[0,-0,0.1,3600,1e-07,1.5e+300,-2.25]"#), "\(text)")
        #expect(!text.contains("absent") && text.contains(#"slash / tab \t"#) && text.contains(#"\u0007"#))
    }

    @Test("a long text with characters to escape between runs of plain ones reads back the same")
    func longText() throws {
        let text =
            String(repeating: "가", count: 10_000) + "\"q\" back\\slash \u{1}\n" + String(repeating: "a", count: 3)
        let bytes = try LineEncoder().encode([text, "", "\"", "plain"])
        #expect(try JSONDecoder().decode([String].self, from: Data(bytes)) == [text, "", "\"", "plain"])
        #expect(String(decoding: bytes.suffix(40), as: UTF8.self).hasSuffix(#"slash \u0001\naaa","","\"","plain"]"#))
    }

    @Test("nested containers are closed in the right places")
    func nesting() throws {
        let text = String(decoding: try LineEncoder().encode(Manual()), as: UTF8.self)
        #expect(text == #"{"a":{"b":1,"c":["x",{"d":null}]},"b":[true,false],"c":[2.5]}"#)
        #expect(try Self.same(Manual()))
    }

    @Test("the protocol's own envelopes and events encode as JSONEncoder's do")
    func protocolTypes() throws {
        let info = TaskInfo(
            id: 7, uid: "u@kit", title: "pay \"rent\"", note: "line one\nline two", state: .open,
            dueAt: "2026-12-31T14:00:00.000000Z", dueLocal: "2026-12-31T09:00:00", zone: "America/New_York",
            effectiveZone: "America/New_York", allDay: false, repeatRule: "FREQ=MONTHLY", repeatText: "monthly",
            alertsNs: [.day, .hour], nagNs: nil, snoozedUntil: nil, overdue: false,
            createdAt: "2026-11-22T00:00:00.000000Z", doneAt: nil)
        let event = EventEnvelope(
            method: Event.taskDue,
            params: TaskFireEvent(
                task: info, scheduledAt: "2026-12-31T14:00:00.000000Z", firedAt: "2026-12-31T14:00:00.000150Z",
                latenessNs: 150_000, late: false, nag: nil, beforeNs: nil))
        #expect(try Self.same(event))
        #expect(try Self.same(ResponseEnvelope(id: .string("a"), result: TaskListResult(tasks: [info, info]))))
        #expect(try Self.same(ErrorEnvelope(id: .null, error: RPCError(code: -32602, message: "bad"))))
        #expect(try Self.same(RequestEnvelope(id: .number(1), method: "m", params: RefParams(ref: "3"))))
    }

    @Test("a record made of parts is one object: a place, its id, and what kitd knows beside it")
    func composedRecords() throws {
        let place = Place(
            id: 3, draft: PlaceDraft(name: "교동짬뽕", tags: [try PlaceTag(category: "kind", value: "중식")], weight: 2))
        let info = PlaceInfo(place: place, lastPickedAt: "2026-11-22T00:00:00.000000Z")
        let text = String(decoding: try LineEncoder().encode(info), as: UTF8.self)
        #expect(
            text == #"{"id":3,"name":"교동짬뽕","tags":[{"category":"kind","value":"중식"}],"weight":2,"#
                + #""lastPickedAt":"2026-11-22T00:00:00.000000Z"}"#)
        #expect(try Self.same(info))
        #expect(try Self.same(PlaceListResult(places: [info, info])))
        let decoded = try WireCodec.decoder().decode(PlaceInfo.self, from: Data(text.utf8))
        #expect(decoded == info && decoded.name == "교동짬뽕" && decoded.weight == 2)

        let add = TaskAddParams(title: "rent", due: "in 1h", options: TaskOptions(repeat: "monthly", nag: "15m"))
        let addText = String(decoding: try LineEncoder().encode(add), as: UTF8.self)
        #expect(addText == #"{"title":"rent","due":"in 1h","repeat":"monthly","nag":"15m"}"#)
        let edit = try WireCodec.decoder().decode(TaskEditParams.self, from: Data(#"{"ref":7,"tz":""}"#.utf8))
        #expect(edit.ref.text == "7" && edit.title == nil && edit.options == TaskOptions(tz: ""))
    }

    @Test("a value that encodes nothing is an empty object; non-finite numbers are refused")
    func edges() throws {
        #expect(try LineEncoder().encode(Nothing()) == Array("{}".utf8))
        #expect(try LineEncoder().encode([Nothing()]) == Array("[{}]".utf8))
        #expect(throws: EncodingError.self) { try LineEncoder().encode([1, Double.nan]) }
        #expect(throws: EncodingError.self) { try LineEncoder().encode(["x": Double.infinity]) }
    }

    @Test("WireCodec lines end in one newline and hold no other")
    func lines() throws {
        let line = try WireCodec.line(Primitives(), with: WireCodec.encoder())
        #expect(line.last == 10 && line.dropLast().allSatisfy { $0 != 10 })
    }

    @Test("numbers are written as Swift prints them, without a trailing .0")
    func numbers() throws {
        for value in [
            0, -0.0, 1, -1, 3600, 0.5, 1e-9, 1e-7, 999_999_999_999_999, 1e15, 1e16, 123_456_789.125,
            4_503_599_627_370_496,
            -999_999_999_999_999, 1.5e300, .leastNonzeroMagnitude, 90.5, 1.000000001, 0.1 + 0.2,
        ] {
            var line = LineWriter()
            try line.double(value)
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            #expect(String(decoding: line.bytes, as: UTF8.self) == text)
        }
        for value: Int64 in [0, 7, -7, 10, 999, 1_000_000, .max, .min] {
            var line = LineWriter()
            line.integer(value)
            #expect(String(decoding: line.bytes, as: UTF8.self) == String(value))
        }
        var line = LineWriter()
        line.integer(UInt64.max)
        #expect(String(decoding: line.bytes, as: UTF8.self) == String(UInt64.max))
    }

    @Test("a value that writes itself writes what its Encodable conformance writes, byte for byte")
    func writtenByHand() throws {
        let timers = TimerInfo.samples
        let fired = timers[1]
        for timer in timers {
            #expect(try LineEncoder().encode(timer) == LineEncoder().encodeThroughContainers(timer))
            for id in [RequestID.number(-3), .string("a\"b"), .null] {
                let reply = ResponseEnvelope(id: id, result: timer)
                #expect(try LineEncoder().encode(reply) == LineEncoder().encodeThroughContainers(reply))
            }
        }
        for count in 0...3 {
            for next in [nil, "r:1800000000000000000:7", "e:-1:2:3 \"\\"] {
                let list = TimerListResult(timers: Array(timers.prefix(count)), next: next)
                #expect(try LineEncoder().encode(list) == LineEncoder().encodeThroughContainers(list))
                let reply = ResponseEnvelope(id: .number(9), result: list)
                #expect(try LineEncoder().encode(reply) == LineEncoder().encodeThroughContainers(reply))
            }
        }
        let page = try #require(
            try Self.value(try LineEncoder().encode(TimerListResult(timers: [], next: "p:1"))) as? [String: Any])
        #expect(Set(page.keys) == Set(Mirror(reflecting: TimerListResult(timers: [])).children.compactMap(\.label)))
        for id in [RequestID.number(1), .string("x"), nil] {
            let request = RequestEnvelope(
                id: id, method: Method.timerGet.name, params: RefParams(ref: "tea \"7\""))
            #expect(
                try LineEncoder().encode(request) == LineEncoder(protocolOne: false).encodeThroughContainers(request))
        }
        for params in [
            TimerStartParams(durationNs: 270_000_000_000), TimerStartParams(durationNs: 1, name: "신라면 \"2\""),
            TimerStartParams(durationNs: .max, name: "", sound: "/home/a b/bell.oga"),
            TimerStartParams(durationNs: .minute, sound: "off"),
        ] {
            let request = RequestEnvelope(id: .number(3), method: Method.timerStart.name, params: params)
            // A request has no protocol 1 twins.
            let containers = try LineEncoder(protocolOne: false).encodeThroughContainers(request)
            #expect(try LineEncoder(protocolOne: false).encode(request) == containers)
            #expect(try WireCodec.writtenLine(request, protocolOne: false) == containers + [10])
            // With them (as a reply would have), both ways agree too.
            #expect(try LineEncoder().encode(request) == LineEncoder().encodeThroughContainers(request))
        }
        // Every stored property is written: a new one must be added to `write(to:)` too.
        var full = fired
        full.name = "n"
        full.dueAt = "d"
        full.cancelledAt = "c"
        let object = try #require(try Self.value(try LineEncoder().encode(full)) as? [String: Any])
        #expect(
            Set(object.keys.filter { !ProtocolOne.isReplyMember($0) })
                == Set(Mirror(reflecting: full).children.compactMap(\.label)))
        #expect(object["durationSeconds"] != nil && object["remainingSeconds"] != nil)
    }

    @Test("task replies write themselves as their Encodable conformance writes them, byte for byte")
    func tasksWrittenByHand() throws {
        let plain = TaskInfo(
            id: 3, uid: "a@kit", title: "call \"mom\"\n", note: nil, state: .open, dueAt: "2026-11-25T17:00:00Z",
            dueLocal: "2026-11-25T18:00:00", zone: nil, effectiveZone: "Europe/Berlin", allDay: false, repeatRule: nil,
            repeatText: nil, alertsNs: [], nagNs: nil, snoozedUntil: nil, overdue: false,
            createdAt: "2026-11-20T09:00:00Z", doneAt: nil)
        var full = plain
        full.note = "ünïcode ✓ \u{1}"
        full.zone = "Asia/Seoul"
        full.allDay = true
        full.repeatRule = "FREQ=WEEKLY;BYDAY=MO"
        full.repeatText = "weekly on mon"
        full.alertsNs = [.day, 10 * .minute + Nanoseconds(1)]
        full.nagNs = 900_000_000_000
        full.snoozedUntil = "2026-11-25T18:15:00Z"
        full.overdue = true
        full.state = .done
        full.doneAt = "2026-11-25T19:00:00Z"
        full.dueMovedFrom = "2026-11-24T18:00:00"
        full.endAt = "2026-11-25T19:00:00Z"
        full.location = "3층 대회의실, \"B\"\n2F"
        for task in [plain, full] {
            #expect(try LineEncoder().encode(task) == LineEncoder().encodeThroughContainers(task))
        }
        let rejection = TaskImportRejection(line: 12, component: "VEVENT", uid: "x@y", title: "t", reason: "why")
        let bare = TaskImportRejection(line: 1, component: nil, uid: nil, title: nil, reason: "no BEGIN:VCALENDAR")
        for result in [
            TaskImportResult(imported: [], skipped: []),
            TaskImportResult(
                imported: [plain, full], skipped: ["line 3: X-FOO skipped", "\"q\""], rejected: [rejection, bare],
                updated: [full], dryRun: true),
        ] {
            #expect(try LineEncoder().encode(result) == LineEncoder().encodeThroughContainers(result))
            let reply = ResponseEnvelope(id: .number(4), result: result)
            #expect(try LineEncoder().encode(reply) == LineEncoder().encodeThroughContainers(reply))
        }
        // Every stored property is written: a new one must be added to `write(to:)` too.
        func members(_ value: some LineWritable) throws -> Set<String> {
            try #require(try Self.value(try LineEncoder().encode(value)) as? [String: Any]).keys.reduce(into: []) {
                if !ProtocolOne.isReplyMember($1) { $0.insert($1) }
            }
        }
        func properties(_ value: Any) -> Set<String> { Set(Mirror(reflecting: value).children.compactMap(\.label)) }
        #expect(try members(full) == properties(full))
        #expect(try members(rejection) == properties(rejection))
        let noticed = TaskImportResult(imported: [], skipped: ["line 3: X-FOO skipped"], dryRun: false)
        #expect(try members(noticed) == properties(noticed))
    }
}
