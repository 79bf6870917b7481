import Foundation
import KitCore
import KitProtocol
import Testing

@Suite("The tape reader of request and reply lines")
struct LineDecoderTests {
    /// Either the fast paths give up, or they read exactly what JSONDecoder reads from the line:
    /// `LineDecoder`, and the type itself when it is `TapeReadable`.
    static func agrees<T: Codable>(_ type: T.Type, _ line: String) throws -> Bool? {
        let bytes = Array(line.utf8)
        guard let tape = JSONTape(bytes) else { return nil }
        let fast = [
            LineDecoder.decode(type, from: tape), (T.self as? any TapeReadable.Type)?.init(tape: tape, at: 0) as? T,
        ].compactMap { $0 }
        guard !fast.isEmpty else { return nil }
        guard let slow = try? JSONDecoder().decode(type, from: Data(bytes)) else { return false }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let expected = try encoder.encode(slow)
        return try fast.allSatisfy { try encoder.encode($0) == expected }
    }

    /// The envelope as the tape reads it, both ways: through `LineDecoder`, and member by member.
    static func headers(_ line: String) -> [RequestHeader] {
        guard let tape = JSONTape(Array(line.utf8)) else { return [] }
        return [LineDecoder.decode(RequestHeader.self, from: tape), RequestHeader(tape: tape)].compactMap { $0 }
    }

    @Test("a request's envelope reads as JSONDecoder reads it, or is left to it")
    func envelopes() throws {
        let ids = [
            "1", "-1", "0", "-0", "1.0", "1e2", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
            "-9223372036854775809", #""x""#, #""\u00e9\n""#, "null", "true", "[]", "{}", "01", "1.", "--1",
        ]
        let members = [
            #""jsonrpc":"2.0""#, #""jsonrpc":2"#, #""jsonrpc":null"#, #""method":"timer.get""#, #""method":7"#,
            #""method":"""#, #""params":{"ref":"1"}"#, #""params":null"#, #""params":[1]"#, #""params":"x""#,
            #""params":{}"#, #""extra":[1,{"a":[]}]"#, #""jsonrpc":"2.0""#,
        ]
        var read = 0
        for id in ids {
            for first in members.indices {
                for second in members.indices where second != first {
                    for line in [
                        "{\"id\":\(id),\(members[first]),\(members[second])}",
                        " {\(members[first]) , \"id\" :\(id),\(members[second])}\t",
                        "{\(members[first]),\(members[second])}",
                    ] {
                        for fast in Self.headers(line) {
                            read += 1
                            let slow = try #require(
                                try? JSONDecoder().decode(RequestHeader.self, from: Data(line.utf8)))
                            #expect(fast.jsonrpc == slow.jsonrpc, "\(line)")
                            #expect(fast.id == slow.id, "\(line)")
                            #expect(fast.method == slow.method, "\(line)")
                            #expect(fast.paramsKind == slow.paramsKind, "\(line)")
                        }
                    }
                }
            }
        }
        #expect(read > 1000)
    }

    @Test("lines JSONDecoder might read otherwise are left to it")
    func leftToJSONDecoder() {
        for line in [
            #"{"a":1,"a":2}"#, #"{"a":1} x"#, #"{"a":01}"#, #"{"a":"\x"}"#, #"{"a":"\ud800"}"#, #"{"\u0061":1}"#,
            "{\"a\":\"tab\there\"}", "\u{FEFF}{}", #"{"a":1,}"#, #"[1,]"#, #"{"a":tru}"#, #"{"a":1e}"#, "",
            String(repeating: "[", count: 64) + String(repeating: "]", count: 64),
        ] {
            #expect(JSONTape(Array(line.utf8)) == nil, "\(line)")
        }
        #expect(JSONTape(Array((String(repeating: "[", count: 63) + String(repeating: "]", count: 63)).utf8)) != nil)
        #expect(JSONTape([0x22, 0xC3, 0x22]) == nil)
        // Read by JSONDecoder as an integer, so given up on here.
        #expect(LineDecoder.decode(RefParams.self, from: JSONTape(Array(#"{"ref":1.0}"#.utf8))!) == nil)
        #expect(LineDecoder.decode(TimerStartParams.self, from: JSONTape(Array(#"{"durationNs":1e9}"#.utf8))!) == nil)
    }

    @Test("strings with escapes, surrogate pairs and non-ASCII text read the same")
    func strings() throws {
        for text in [
            #""plain""#, #""\"quoted\" \\ \/ \b\f\n\r\t""#, #""\u0041\u00e9\u4e2d\ud83c\udf5c""#, #""\u0000""#,
            "\"신라면 🍜\"", #""""#,
        ] {
            #expect(try Self.agrees(RefParams.self, #"{"ref":\#(text)}"#) == true, "\(text)")
            #expect(try Self.agrees([String].self, "[\(text),\(text)]") == true, "\(text)")
        }
    }

    @Test("numbers read as JSONDecoder reads them")
    func numbers() throws {
        for number in ["0", "-1", "3600", "1.5", "-2.25", "0.1", "123456789012345", "1234567890123456", "-0.0"] {
            #expect(try Self.agrees([Double].self, "[\(number)]") != false, "\(number)")
            #expect(try Self.agrees([Int64].self, "[\(number)]") != false, "\(number)")
            #expect(try Self.agrees([UInt8].self, "[\(number)]") != false, "\(number)")
        }
        #expect(try Self.agrees([Double].self, "[0.1,1.5,-2.25,3599.734]") == true)
    }

    struct Items: Codable {
        struct Item: Codable {
            var count: Int
            var seed: UInt64?
        }
        var items: [Item]
    }

    @Test("a number no integer member can hold is named with its path, where JSONDecoder names none")
    func wrongIntegers() throws {
        func named(_ line: String) throws -> (message: String, field: String?)? {
            let tape = try #require(JSONTape(Array(line.utf8)))
            return LineDecoder.wrongInteger(Items.self, in: tape).map { WireCodec.describe($0, method: "m") }
        }
        let refused = [
            (#"{"items":[{"count":1},{"count":1.5}]}"#, "items[1].count", "'items[1].count' must be an integer"),
            (#"{"items":[{"count":1,"seed":-1}]}"#, "items[0].seed", "'items[0].seed' must be an integer, 0 or more"),
            (
                #"{"items":[{"count":99999999999999999999}]}"#, "items[0].count",
                "'items[0].count': 99999999999999999999 is out of range: give an integer from -9223372036854775808 to 9223372036854775807"
            ),
        ]
        for (line, field, words) in refused {
            #expect(throws: (any Error).self, "\(line)") { try JSONDecoder().decode(Items.self, from: Data(line.utf8)) }
            let described = try #require(try named(line), "\(line)")
            #expect(described.field == field)
            #expect(described.message == "invalid params for m: " + words)
        }
        // What JSONDecoder may read as an integer is not named: a zero fraction, an exponent, -0,
        // and an unsigned number beyond Int64.
        for line in [
            #"{"items":[{"count":3.0}]}"#, #"{"items":[{"count":1e2}]}"#, #"{"items":[{"count":-0}]}"#,
            #"{"items":[{"count":1,"seed":18446744073709551615}]}"#, #"{"items":[{"count":1}]}"#,
        ] {
            #expect(try named(line) == nil, "\(line)")
        }
    }

    // MARK: Random params

    /// Member names of the protocol's params and results.
    static let names = [
        "added", "address", "alertSeconds", "alertsNs", "all", "allDay", "allKeys", "at", "available", "avoidRecent",
        "avoidRecentNs", "avoidRecentSeconds", "backgroundJobs", "before", "beforeNs", "beforeSeconds", "brand",
        "brandLocal", "buffer", "bufferedCount", "byCategory", "bytes", "cancelledAt", "candidateNames",
        "candidates", "canonicalText", "capabilities", "catalogSeconds", "catalogVersion", "categories", "category",
        "categoryNumbers", "categoryOfTag", "change", "clauses", "code", "codingPath", "collection", "collections",
        "command", "component", "conflicts", "constrained", "cookCount", "cookSeconds", "corrected", "count",
        "country", "counts", "countsOnly", "createdAt", "cursor", "customSeconds", "customized", "data", "database",
        "date", "days", "deleted", "deltaNs", "deltaSeconds", "description", "displayName", "done", "doneAt",
        "draft", "dropped", "dryRun", "due", "dueAt", "dueLocal", "durationMs", "durationNs", "durationSeconds",
        "effectiveZone", "elapsedNs", "elapsedSeconds", "end", "endIndex", "englishName", "entries", "entry",
        "error", "events", "everStarted", "exitStatus", "explanation", "facts", "failed", "failedCategory",
        "favourite", "favouritePosition", "favourites", "field", "fields", "file", "fileExtension", "filter",
        "filterKey", "firedAt", "firstLine", "format", "from", "headerText", "hidden", "hits", "ics", "id", "ids",
        "image", "imageData", "imagePath", "imageRemoved", "imported", "includesRecent", "initials", "intValue",
        "isAccepted", "isAtEnd", "isComplex", "isCustomized", "isEmpty", "isFallback", "isInitial", "items",
        "jsonrpc", "keys", "kind", "label", "lap", "lapNs", "lapSeconds", "laps", "lastCookedAt", "lastPickedAt",
        "lastRun", "lastSucceededAt", "lastVisitedAt", "late", "latencyMs", "latencyNs", "latenessMs", "latenessNs",
        "limit", "line", "listText", "magnitude", "managedDirectory", "match", "matching", "memo", "memos",
        "message", "messages", "method", "mimeType", "moment", "month", "mood", "nag", "nagNs", "nagSeconds", "name",
        "nameKey", "names", "nanoseconds", "nanosecondsPerUnit", "next", "nextRunAt", "nextStep", "nodes", "note",
        "notes", "notifications", "notify", "now", "null", "number", "numbers", "open", "options", "origin",
        "outcome", "output", "overdue", "ownSteps", "params", "paramsKind", "path", "paths", "paused", "pending",
        "phone", "pickedIDs", "picks", "pid", "place", "placeCount", "placeID", "placeId", "placeName", "placeTags",
        "places", "positions", "problems", "product", "products", "protocolVersion", "query", "ramen", "ramenID",
        "ramenId", "reason", "records", "ref", "rejected", "remainingNs", "remainingSeconds", "remind",
        "remindAfterNs", "remindAfterSeconds", "removeImage", "removed", "repeatRule", "repeatText", "repeating",
        "replayed", "reset", "result", "results", "romanization", "rotate", "rotationKey", "round", "rows",
        "running", "scalars", "scheduledAt", "seconds", "seed", "selected", "server", "serverId", "settings",
        "shown", "skipped", "snippet", "snoozedUntil", "socket", "sort", "sound", "source", "start", "startIndex",
        "startedAt", "startedNewRound", "state", "step", "steps", "stopwatch", "stopwatches", "strict",
        "stringValue", "subject", "succeeded", "suggestions", "summary", "tagNumbers", "tags", "task", "tasks",
        "terms", "text", "time", "timer", "timerID", "timerId", "timers", "title", "to", "tooLong", "total",
        "totalNs", "totalSeconds", "tz", "uid", "unchanged", "unreadable", "unreadableCount", "untag", "until",
        "updated", "updatedAt", "uptimeNs", "uptimeSeconds", "url", "userInfo", "value", "values", "version",
        "watched", "waterMl", "weather", "weight", "weighted", "winner", "zone",
    ]

    static func value(_ random: inout SplitMix64, depth: Int = 0) -> String {
        let strings = [
            #""tea""#, #""7""#, ##""#3""##, #""""#, #""a\"b\\c\nd""#, #""\u00e9t\u00e9""#, #""라면""#, #""2026-11-22""#,
            #""in 1h""#, #""4m30s""#, #""kind=noodle""#, #""open""#, #""FREQ=DAILY""#, #""Europe/Paris""#,
        ]
        let numbers = [
            "0", "1", "-1", "7", "3600", "3600000000000", "-0", "1.5", "2.0", "1e3", "9223372036854775807",
            "99999999999999999999", "0.25", "-3.75", "255", "256", "4294967296",
        ]
        switch Int.random(in: 0..<(depth > 2 ? 8 : 11), using: &random) {
        case 0...3: return strings.randomElement(using: &random)!
        case 4...6: return numbers.randomElement(using: &random)!
        case 7: return ["true", "false", "null"].randomElement(using: &random)!
        case 8:
            let count = Int.random(in: 0..<4, using: &random)
            return "[" + (0..<count).map { _ in value(&random, depth: depth + 1) }.joined(separator: ",") + "]"
        default: return object(&random, depth: depth + 1)
        }
    }

    static func object(_ random: inout SplitMix64, depth: Int, required: [String: String] = [:]) -> String {
        var members = required
        for _ in 0..<Int.random(in: 0..<4, using: &random) {
            members[names.randomElement(using: &random)!] = value(&random, depth: depth)
        }
        return "{" + members.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
    }

    /// Random objects for `type`, grown towards ones it accepts: a member JSONDecoder says is
    /// missing is added, one of the wrong type is drawn again.
    static func fuzz<T: Codable>(_ type: T.Type, rounds: Int, random: inout SplitMix64) throws -> (
        read: Int, tried: Int
    ) {
        var read = 0
        var tried = 0
        for _ in 0..<rounds {
            var required: [String: String] = [:]
            for _ in 0..<12 {
                let line = object(&random, depth: 0, required: required)
                tried += 1
                switch try agrees(type, line) {
                case true?: read += 1
                case false?: Issue.record("\(T.self): the tape reads \(line) otherwise")
                case nil: break
                }
                do {
                    _ = try JSONDecoder().decode(type, from: Data(line.utf8))
                    break
                } catch DecodingError.keyNotFound(let key, let context) {
                    guard context.codingPath.isEmpty else { break }
                    required[key.stringValue] = value(&random)
                } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
                    DecodingError.dataCorrupted(let context)
                {
                    guard let key = context.codingPath.first?.stringValue else { break }
                    required[key] = value(&random)
                } catch {
                    break
                }
            }
        }
        return (read, tried)
    }

    @Test("a timer reads itself from kitd's reply as JSONDecoder reads it, or is left to it")
    func timerReadByHand() throws {
        for timer in TimerInfo.samples {
            let line = String(decoding: try LineEncoder().encode(timer), as: UTF8.self)
            #expect(try Self.agrees(TimerInfo.self, line) != false, "\(line)")
            // Protocol 1's seconds beside each duration (1 ns left is written 1e-09 seconds, a
            // number with an exponent) are passed over: a timer reads its nanoseconds, exactly.
            let tape = try #require(JSONTape(Array(line.utf8)))
            let read = TimerInfo(tape: tape, at: 0)
            #expect(read == (try JSONDecoder().decode(TimerInfo.self, from: Data(line.utf8))), "\(line)")
            #expect(read?.durationNs == timer.durationNs && read?.remainingNs == timer.remainingNs)
        }
        let base = #""id":7,"label":"tea","state":"running","durationNs":60,"remainingNs":5,"createdAt":"c""#
        // Read the same: nulls for optionals, members it does not know, protocol 1's seconds.
        for extra in [
            "", #","name":null,"late":null"#, #","late":false,"other":[1,{"a":2}]"#,
            #","durationSeconds":0.00000006,"remainingSeconds":5"#, #","sound":"\u00e9""#,
            #","durationSeconds":1e3"#,
        ] {
            #expect(try Self.agrees(TimerInfo.self, "{" + base + extra + "}") == true, "\(extra)")
        }
        // Left to JSONDecoder, which reads or refuses them its own way.
        for line in [
            #"{"id":7.0,"label":"tea","state":"running","durationNs":60,"remainingNs":5,"createdAt":"c"}"#,
            #"{"id":7,"label":"tea","state":"ringing","durationNs":60,"remainingNs":5,"createdAt":"c"}"#,
            #"{"id":7,"state":"running","durationNs":60,"remainingNs":5,"createdAt":"c"}"#,
            "{" + base + #","late":1}"#, "{" + base + #","name":7}"#, "[]",
        ] {
            let tape = try #require(JSONTape(Array(line.utf8)))
            #expect(TimerInfo(tape: tape, at: 0) == nil, "\(line)")
        }
    }

    @Test("a reply's or an event's header reads from the tape as JSONDecoder reads it, or is left to it")
    func incomingHeaders() throws {
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"result":{"a":1}}"#, #"{"jsonrpc":"2.0","id":"x\n","result":null}"#,
            #"{"jsonrpc":"2.0","method":"timer.fired","params":{}}"#, #"{"id":null,"method":null}"#, "{}",
            #"{"id":-9223372036854775808,"method":"m","error":null}"#,
        ]
        for line in lines {
            let tape = try #require(JSONTape(Array(line.utf8)))
            let fast = try #require(IncomingHeader(tape: tape), "\(line)")
            let slow = try JSONDecoder().decode(IncomingHeader.self, from: Data(line.utf8))
            #expect(fast.id == slow.id && fast.method == slow.method && slow.error == nil, "\(line)")
        }
        for line in [
            #"{"id":1,"error":{"code":-32601,"message":"no such method"}}"#, #"{"id":1.5}"#, #"{"id":true}"#,
            #"{"method":7}"#, "[1]",
        ] {
            let tape = try #require(JSONTape(Array(line.utf8)))
            #expect(IncomingHeader(tape: tape) == nil, "\(line)")
        }
    }

    @Test("random params and results read as JSONDecoder reads them, or are left to it")
    func randomMembers() throws {
        var random = SplitMix64(seed: 0x6B69_745F_7461_7065)
        func run<T: Codable>(_ type: T.Type) throws -> Int { try Self.fuzz(type, rounds: 60, random: &random).read }
        var read = 0
        read += try run(EmptyParams.self) + run(TimerStartParams.self) + run(RefParams.self)
        read += try run(TimerAddParams.self) + run(TimerListParams.self) + run(SubscribeParams.self)
        read += try run(StopwatchCreateParams.self) + run(RefParams.self) + run(StopwatchRenameParams.self)
        read += try run(StopwatchLapParams.self) + run(RamenListParams.self) + run(RamenRefParams.self)
        read += try run(RamenMoveParams.self) + run(RamenSetParams.self) + run(RamenAddParams.self)
        read += try run(RamenCookParams.self) + run(TaskAddParams.self) + run(TaskListParams.self)
        read += try run(RefParams.self) + run(TaskSnoozeParams.self) + run(TaskEditParams.self)
        read += try run(TaskAgendaParams.self) + run(TaskImportParams.self) + run(PlaceAddParams.self)
        read += try run(PlaceEditParams.self) + run(RefParams.self) + run(PlaceFilterParams.self)
        read += try run(PlacePickParams.self) + run(PlaceHistoryParams.self) + run(PlaceImportParams.self)
        read += try run(MemoAddParams.self) + run(RefParams.self) + run(MemoEditParams.self)
        read += try run(SearchParams.self) + run(DiaryWriteParams.self) + run(DiaryEditParams.self)
        read += try run(RefParams.self) + run(DiaryListParams.self) + run(DiaryOnThisDayParams.self)
        read += try run(TimerInfo.self) + run(RPCError.self) + run(ErrorEnvelope.self) + run(TaskOptions.self)
        read += try run(PlaceInfo.self) + run(StopwatchInfo.self) + run(LapInfo.self) + run(RamenStep.self)
        read += try run(TimerListResult.self)
        #expect(read > 2000)
    }
}
