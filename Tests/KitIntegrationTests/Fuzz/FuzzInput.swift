import Foundation
import KitCore
import KitProtocol

/// The inputs of the protocol fuzz suite, all drawn from one seeded generator so that a run can
/// be repeated: `FuzzInput(seed:)` with the seed a failure message prints.
struct FuzzInput {
    /// A value for a member, as JSON text (not always valid JSON: `NaN` is a hostile value too).
    struct Value {
        var label: String
        var json: String
        /// A long string (`.text`), or an array of one (`.textArray`).
        var long: Long = .none
    }

    enum Long { case none, text, textArray }

    /// The bytes of the long strings sent in every param: far past every limit on a name or a
    /// field, and, with the rest of a request, still under the 1 MiB line limit.
    static let longBytes = 1_000_000

    let seed: UInt64
    private var generator: SplitMix64

    init(seed: UInt64) {
        self.seed = seed
        generator = SplitMix64(seed: seed)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &generator) < probability }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

    mutating func bytes(_ count: Int) -> Data {
        var data = Data(count: count)
        data.withUnsafeMutableBytes { raw in
            var index = 0
            while index < raw.count {
                var word = generator.next()
                for _ in 0..<8 where index < raw.count {
                    raw[index] = UInt8(truncatingIfNeeded: word)
                    word >>= 8
                    index += 1
                }
            }
        }
        return data
    }

    /// Random bytes with a newline now and then, so that kitd reads several lines out of them.
    mutating func garbage(_ count: Int, newlineEvery: Int) -> Data {
        var data = bytes(count)
        if newlineEvery > 0 {
            for _ in 0..<(count / newlineEvery) { data[int(0...count - 1)] = 10 }
        }
        return data
    }

    /// Text made of JSON's own characters and words, which reaches deeper into the parser than bytes.
    mutating func jsonSoup(_ count: Int) -> String {
        let tokens = [
            "{", "}", "[", "]", ":", ",", "\"", "\\", "\\u", "\\ud800", "0", "-", "1e999", "1.5", "true", "false",
            "null", "NaN", "Infinity", " ", "\"jsonrpc\"", "\"2.0\"", "\"id\"", "\"method\"", "\"params\"",
            "\"timer.start\"", "\"ref\"", "é", "가", "\t",
        ]
        var text = ""
        while text.utf8.count < count { text += pick(tokens) }
        return text
    }

    /// A random JSON value, up to `depth` levels deep.
    mutating func json(depth: Int) -> String {
        switch int(0...(depth > 0 ? 9 : 6)) {
        case 0: return "null"
        case 1: return chance(0.5) ? "true" : "false"
        case 2: return String(Int64.random(in: Int64.min...Int64.max, using: &generator))
        case 3: return pick(["0", "-0", "1e308", "-1e308", "5e-324", "1.5", "1e400", "123456789012345678901234567890"])
        case 4:
            return "\"\(pick(["", " ", "tea", "#1", "0", "-1", "*", "timer.*", "2026-02-30", "in 5m", "\\u0000"]))\""
        case 5: return "\"\(String(repeating: pick(["a", "가", " ", "😀"]), count: int(1...3000)))\""
        case 6: return pick(["[]", "{}"])
        case 7, 8:
            return "[" + (0..<int(1...4)).map { _ in json(depth: depth - 1) }.joined(separator: ",") + "]"
        default:
            let keys = ["ref", "name", "title", "text", "query", "due", "seconds", "durationNs", "tags", "x"]
            return "{"
                + (0..<int(1...4)).map { _ in "\"\(pick(keys))\":\(json(depth: depth - 1))" }.joined(separator: ",")
                + "}"
        }
    }

    /// The long strings, built once, of about 1 MB each: letters, Hangul (three UTF-8 bytes
    /// each), one-letter words (for anything that splits words) and digits with dashes (for
    /// anything that reads numbers).
    static let longValues = [
        Value(label: "1 MB of ASCII letters", json: "\"\(String(repeating: "a", count: longBytes))\"", long: .text),
        Value(label: "1 MB of Hangul", json: "\"\(String(repeating: "가", count: longBytes / 3))\"", long: .text),
        Value(
            label: "1 MB of one-letter words", json: "\"\(String(repeating: "a ", count: longBytes / 2))\"",
            long: .text),
        Value(
            label: "1 MB of digits and dashes", json: "\"\(String(repeating: "1-", count: longBytes / 2))\"",
            long: .text),
    ]
    static let manyStrings = Value(
        label: "10,000 strings", json: "[" + Array(repeating: "\"a=b\"", count: 10_000).joined(separator: ",") + "]")

    /// Instants at the edges of what kit handles (1900 to 2200) and of what fits in Int64
    /// nanoseconds (1677 to 2262), as RFC 3339 and as a date, offsets that do not exist, and
    /// durations, offsets and repeats past what nanoseconds hold: every text param gets them all,
    /// so that a param read as a time, a duration or a rule is tried whatever it is named.
    static let boundaryInstants: [Value] =
        ["0001", "1677", "1899", "1900", "2200", "2201", "2262", "9999"].flatMap { year in
            [
                Value(label: "instant in \(year)", json: "\"\(year)-12-31T23:59:59Z\""),
                Value(label: "date in \(year)", json: "\"\(year)-01-01\""),
            ]
        } + [
            Value(label: "offset +99:99", json: "\"2026-11-28T09:00:00+99:99\""),
            Value(label: "offset -23:59", json: "\"2026-11-28T09:00:00-23:59\""),
            Value(label: "local time in 9999", json: "\"9999-12-31 23:59\""),
            Value(label: "Int64.max seconds", json: "\"9223372036854775807s\""),
            Value(label: "a huge duration", json: "\"99999999999d99999999999h\""),
            Value(label: "a huge offset", json: "\"in 99999999999 days\""),
            Value(label: "a negative duration", json: "\"-1s\""),
            Value(label: "a huge repeat", json: "\"every 9223372036854775807 days\""),
        ]

    /// The boundary values of a member of `kind`, and values of every wrong JSON type: numbers at
    /// the ends of Int64 and past them, literals JSON does not have, empty, NFD and control
    /// text; for a member read as text (or a ref) also a long string of one of the kinds above and
    /// the boundary instants, and for an array a long string, 10,000 strings and an array of one
    /// long string. Each member gets all of those and a few others, picked by the generator.
    mutating func hostileValues(for kind: ParamsSchema.Kind) -> [Value] {
        let long = pick(Self.longValues)
        let essential = [
            Value(label: "string", json: "\"fuzz\""),
            Value(label: "number", json: "42"),
            Value(label: "-1", json: "-1"),
            Value(label: "zero", json: "0"),
            Value(label: "Int64.max", json: "9223372036854775807"),
            Value(label: "Int64.min", json: "-9223372036854775808"),
            Value(label: "huge number", json: "1e308"),
            Value(label: "NaN", json: "NaN"),
            Value(label: "Infinity", json: "Infinity"),
            Value(label: "-Infinity", json: "-Infinity"),
            Value(label: "boolean", json: "true"),
            Value(label: "array", json: "[1,\"a\",null,{}]"),
            Value(label: "object", json: "{\"a\":1}"),
            Value(label: "null", json: "null"),
            Value(label: "empty string", json: "\"\""),
            Value(label: "NFD Hangul", json: "\"\u{1100}\u{1161}\u{11A8}\u{1102}\u{1161}\""),
            Value(label: "control characters", json: "\"\\u0000\\u0007\\u001b\""),
        ]
        var others = [
            Value(label: "white space", json: "\" \\t \""),
            Value(label: "lone surrogate", json: "\"\\ud800\""),
            Value(label: "fraction", json: "1.5"),
            Value(label: "huge negative number", json: "-1e308"),
            Value(label: "2^64", json: "18446744073709551616"),
            Value(label: "Int64.min - 1", json: "-9223372036854775809"),
            Value(label: "30 digits", json: "123456789012345678901234567890"),
            Value(label: "number past Double", json: "1e400"),
            Value(label: "empty array", json: "[]"),
            Value(label: "random JSON", json: json(depth: 3)),
        ]
        var chosen: [Value] = []
        for _ in 0..<4 { chosen.append(others.remove(at: int(0...others.count - 1))) }
        var values = essential + chosen
        switch kind {
        case .array:
            values += [
                long, Self.manyStrings,
                Value(label: "array of one " + long.label, json: "[\(long.json)]", long: .textArray),
            ]
        case .text, .ref, .instant, .unknown:
            // A long text only where text goes: elsewhere it is one more string of the wrong
            // type, and 1 MB of it costs a debug kitd tens of milliseconds to read.
            values += [long] + Self.boundaryInstants
        case .integer, .number, .boolean, .object:
            break
        }
        return values
    }
}
