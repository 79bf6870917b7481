/// One line of JSON, checked and indexed in a single pass: a flat list of its values in document
/// order, each with its byte range in the line. `LineDecoder` reads values from it.
///
/// It is the fast way in for the lines kit reads most (small requests, replies), and it accepts
/// only what it can read exactly as Foundation's `JSONDecoder` would. The parse fails (`nil`), so
/// that the caller reads the line with `JSONDecoder` instead, on anything outside strict RFC 8259
/// JSON (`JSONDecoder` tolerates malformed values it never decodes), on a duplicate member name,
/// on a member name with an escape, on a lone UTF-16 surrogate escape, on invalid UTF-8, and past
/// `maximumDepth` levels of nesting.
public struct JSONTape: Sendable {
    public enum Kind: UInt8, Sendable {
        case object, array, string, number, `true`, `false`, null
    }

    /// One value. An object's members follow it as name, value, name, value…; an array's elements
    /// follow it; `next` is the index just past its last descendant.
    public struct Node: Sendable {
        public var kind: Kind
        /// A string with a backslash escape; a number with a fraction or an exponent.
        public var isComplex: Bool
        /// The text of a string (inside its quotes) or a number.
        public var start: Int32
        public var end: Int32
        /// Members of an object, elements of an array.
        public var count: Int32
        public var next: Int32
    }

    /// Nesting this deep or deeper is left to `JSONDecoder` (whose own limit is 512).
    public static let maximumDepth = 64
    /// An object with more members than this is checked for duplicate names with a set.
    static let pairwiseNames = 16

    public let bytes: [UInt8]
    public private(set) var nodes: [Node]

    /// Indexes `bytes`, or nil when the line must be read by `JSONDecoder` (see above).
    public init?(_ bytes: [UInt8]) {
        let parsed = bytes.withUnsafeBufferPointer { buffer -> [Node]? in
            var parser = TapeParser(input: buffer)
            guard parser.document(), !parser.sawNonASCII || String(validating: buffer, as: UTF8.self) != nil else {
                return nil
            }
            return parser.nodes
        }
        guard let parsed else { return nil }
        self.bytes = bytes
        self.nodes = parsed
    }

    /// `{}`: what a request without params is read as.
    public static let emptyObject = JSONTape(Array("{}".utf8))!

    /// The value of member `name` of the object at `object`, if it has one.
    public func member(_ name: String, of object: Int) -> Int? {
        var name = name
        return name.withUTF8 { member(utf8: $0, of: object) }
    }

    func member(utf8 name: UnsafeBufferPointer<UInt8>, of object: Int) -> Int? {
        let node = nodes[object]
        guard node.kind == .object else { return nil }
        var index = object + 1
        return bytes.withUnsafeBufferPointer { line -> Int? in
            for _ in 0..<node.count {
                let key = nodes[index]
                let length = Int(key.end - key.start)
                if length == name.count && line[Int(key.start)..<Int(key.end)].elementsEqual(name) { return index + 1 }
                index = Int(nodes[index + 1].next)
            }
            return nil
        }
    }

    /// The member names and array indices that lead from the value at `root` down to the value at
    /// `target`; nil when `target` is not inside `root`.
    func path(to target: Int, from root: Int) -> [any CodingKey]? {
        var path: [any CodingKey] = []
        var node = root
        while node != target {
            guard target > node, target < Int(nodes[node].next) else { return nil }
            let isObject = nodes[node].kind == .object
            var child = node + 1
            var inside: Int?
            for position in 0..<Int(nodes[node].count) {
                let value = isObject ? child + 1 : child
                if target < Int(nodes[value].next) {
                    path.append(isObject ? AnyKey(stringValue: string(at: child))! : AnyKey(intValue: position)!)
                    inside = value
                    break
                }
                child = Int(nodes[value].next)
            }
            guard let inside else { return nil }
            node = inside
        }
        return path
    }

    /// The number at `index` when it is a whole number without fraction or exponent that fits
    /// `Int64`, and not `-0`: one that `JSONDecoder` reads as an integer, to the same value.
    public func int64(at index: Int) -> Int64? {
        let node = nodes[index]
        guard node.kind == .number, !node.isComplex else { return nil }
        return bytes.withUnsafeBufferPointer { line -> Int64? in
            var position = Int(node.start)
            let negative = line[position] == UInt8(ascii: "-")
            if negative { position += 1 }
            guard Int(node.end) - position <= 19 else { return nil }
            var magnitude: UInt64 = 0
            while position < Int(node.end) {
                magnitude = magnitude * 10 + UInt64(line[position] &- UInt8(ascii: "0"))
                position += 1
            }
            if negative {
                guard magnitude != 0, magnitude <= UInt64(Int64.max) + 1 else { return nil }
                return magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude)
            }
            return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
        }
    }

    /// The number at `index` as `JSONDecoder` reads it into a `Double` (with `strtod`), when this
    /// reads it to the same value: whole numbers up to 15 digits exactly, and decimals without an
    /// exponent, which can neither overflow nor round to zero at this length. Nil otherwise.
    public func double(at index: Int) -> Double? {
        let node = nodes[index]
        guard node.kind == .number else { return nil }
        let length = Int(node.end - node.start)
        if !node.isComplex && length <= 15 { return int64(at: index).map(Double.init) }
        guard length <= 40 else { return nil }
        let text = bytes[Int(node.start)..<Int(node.end)]
        guard !text.contains(where: { $0 | 0x20 == UInt8(ascii: "e") }) else { return nil }
        return Double(String(decoding: text, as: UTF8.self))
    }

    /// The text of the string at `index`, escapes read.
    public func string(at index: Int) -> String {
        let node = nodes[index]
        return bytes.withUnsafeBufferPointer { line in
            let text = UnsafeBufferPointer(rebasing: line[Int(node.start)..<Int(node.end)])
            guard node.isComplex else { return String(decoding: text, as: UTF8.self) }
            return String(unsafeUninitializedCapacity: text.count) { Self.unescape(text, into: $0) }
        }
    }

    /// Writes the string `text` (between its quotes, already checked) with its escapes read; an
    /// escaped text is never shorter written out than escaped.
    private static func unescape(_ text: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>)
        -> Int
    {
        var written = 0
        var index = 0
        func put(_ byte: UInt8) {
            output[written] = byte
            written += 1
        }
        while index < text.count {
            let byte = text[index]
            guard byte == UInt8(ascii: "\\") else {
                put(byte)
                index += 1
                continue
            }
            let escaped = text[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "b"): put(0x08)
            case UInt8(ascii: "f"): put(0x0C)
            case UInt8(ascii: "n"): put(0x0A)
            case UInt8(ascii: "r"): put(0x0D)
            case UInt8(ascii: "t"): put(0x09)
            case UInt8(ascii: "u"):
                var scalar = UInt32(TapeParser.hex4(text, at: index)!)
                index += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    let low = UInt32(TapeParser.hex4(text, at: index + 2)!)
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                for unit in UTF8.encode(Unicode.Scalar(scalar)!)! { put(unit) }
            default: put(escaped)
            }
        }
        return written
    }
}

/// The single pass that fills a `JSONTape`.
private struct TapeParser {
    let input: UnsafeBufferPointer<UInt8>
    var nodes: [JSONTape.Node] = []
    var position = 0
    var sawNonASCII = false

    init(input: UnsafeBufferPointer<UInt8>) {
        self.input = input
        nodes.reserveCapacity(16)
    }

    mutating func document() -> Bool {
        skipWhitespace()
        guard value(depth: 0) else { return false }
        skipWhitespace()
        return position == input.count
    }

    private mutating func skipWhitespace() {
        while position < input.count {
            switch input[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) -> Bool {
        guard position < input.count else { return false }
        switch input[position] {
        case UInt8(ascii: "{"): return container(.object, depth: depth + 1)
        case UInt8(ascii: "["): return container(.array, depth: depth + 1)
        case UInt8(ascii: "\""): return string(isName: false)
        case UInt8(ascii: "t"): return literal("true", .true)
        case UInt8(ascii: "f"): return literal("false", .false)
        case UInt8(ascii: "n"): return literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return false
        }
    }

    private mutating func open(_ kind: JSONTape.Kind) -> Int {
        nodes.append(JSONTape.Node(kind: kind, isComplex: false, start: Int32(position), end: 0, count: 0, next: 0))
        return nodes.count - 1
    }

    private mutating func close(_ index: Int, count: Int) {
        nodes[index].count = Int32(count)
        nodes[index].end = Int32(position)
        nodes[index].next = Int32(nodes.count)
    }

    /// An object or an array, from its opening byte: its items, each a value (after a name and a
    /// colon, in an object), separated by commas, up to the closing byte.
    private mutating func container(_ kind: JSONTape.Kind, depth: Int) -> Bool {
        guard depth < JSONTape.maximumDepth else { return false }
        let closing = kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let index = open(kind)
        position += 1
        skipWhitespace()
        var count = 0
        var names: Set<[UInt8]>?
        if position < input.count && input[position] == closing {
            position += 1
            close(index, count: 0)
            return true
        }
        while true {
            if kind == .object {
                guard name(in: index, count: count, names: &names) else { return false }
            }
            guard value(depth: depth) else { return false }
            count += 1
            skipWhitespace()
            guard position < input.count else { return false }
            if input[position] == UInt8(ascii: ",") {
                position += 1
                skipWhitespace()
            } else if input[position] == closing {
                position += 1
                close(index, count: count)
                return true
            } else {
                return false
            }
        }
    }

    /// An object's member name, new in the object, and the colon after it.
    @inline(__always)
    private mutating func name(in object: Int, count: Int, names: inout Set<[UInt8]>?) -> Bool {
        guard position < input.count, input[position] == UInt8(ascii: "\""), string(isName: true) else {
            return false
        }
        guard isNewName(nodes.count - 1, in: object, count: count, names: &names) else { return false }
        skipWhitespace()
        guard position < input.count, input[position] == UInt8(ascii: ":") else { return false }
        position += 1
        skipWhitespace()
        return true
    }

    /// Whether the name just read differs from the `count` names before it in the object.
    private func isNewName(_ name: Int, in object: Int, count: Int, names: inout Set<[UInt8]>?) -> Bool {
        let node = nodes[name]
        let text = UnsafeBufferPointer(rebasing: input[Int(node.start)..<Int(node.end)])
        if count >= JSONTape.pairwiseNames {
            if names == nil {
                var all = Set<[UInt8]>()
                var index = object + 1
                for _ in 0..<count {
                    all.insert(Array(input[Int(nodes[index].start)..<Int(nodes[index].end)]))
                    index = Int(nodes[index + 1].next)
                }
                names = all
            }
            return names!.insert(Array(text)).inserted
        }
        var index = object + 1
        for _ in 0..<count {
            let other = nodes[index]
            if other.end - other.start == node.end - node.start
                && text.elementsEqual(input[Int(other.start)..<Int(other.end)])
            {
                return false
            }
            index = Int(nodes[index + 1].next)
        }
        return true
    }

    private mutating func literal(_ word: StaticString, _ kind: JSONTape.Kind) -> Bool {
        let length = word.utf8CodeUnitCount
        guard input.count - position >= length,
            word.withUTF8Buffer({ input[position..<position + length].elementsEqual($0) })
        else { return false }
        nodes.append(
            JSONTape.Node(
                kind: kind, isComplex: false, start: Int32(position), end: Int32(position + length), count: 0,
                next: Int32(nodes.count + 1)))
        position += length
        return true
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() -> Bool {
        let start = position
        var complex = false
        if input[position] == UInt8(ascii: "-") { position += 1 }
        guard position < input.count else { return false }
        if input[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            guard digits() else { return false }
        }
        if position < input.count && input[position] == UInt8(ascii: ".") {
            position += 1
            complex = true
            guard digits() else { return false }
        }
        if position < input.count && (input[position] | 0x20) == UInt8(ascii: "e") {
            position += 1
            complex = true
            if position < input.count && (input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-"))
            {
                position += 1
            }
            guard digits() else { return false }
        }
        nodes.append(
            JSONTape.Node(
                kind: .number, isComplex: complex, start: Int32(start), end: Int32(position), count: 0,
                next: Int32(nodes.count + 1)))
        return true
    }

    /// One or more digits.
    private mutating func digits() -> Bool {
        let start = position
        while position < input.count && input[position] &- UInt8(ascii: "0") < 10 { position += 1 }
        return position > start
    }

    private mutating func string(isName: Bool) -> Bool {
        position += 1
        let start = position
        var complex = false
        while position < input.count {
            let byte = input[position]
            if byte == UInt8(ascii: "\"") {
                nodes.append(
                    JSONTape.Node(
                        kind: .string, isComplex: complex, start: Int32(start), end: Int32(position), count: 0,
                        next: Int32(nodes.count + 1)))
                position += 1
                return true
            }
            if byte < 0x20 { return false }
            if byte >= 0x80 {
                sawNonASCII = true
                position += 1
            } else if byte == UInt8(ascii: "\\") {
                guard !isName, escape() else { return false }
                complex = true
            } else {
                position += 1
            }
        }
        return false
    }

    /// One escape sequence at `position`, the backslash included.
    private mutating func escape() -> Bool {
        guard position + 1 < input.count else { return false }
        switch input[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
            return true
        case UInt8(ascii: "u"):
            guard let unit = Self.hex4(input, at: position + 2) else { return false }
            position += 6
            if (0xDC00..<0xE000).contains(unit) { return false }
            guard (0xD800..<0xDC00).contains(unit) else { return true }
            guard position + 1 < input.count, input[position] == UInt8(ascii: "\\"),
                input[position + 1] == UInt8(ascii: "u"), let low = Self.hex4(input, at: position + 2),
                (0xDC00..<0xE000).contains(low)
            else { return false }
            position += 6
            return true
        default:
            return false
        }
    }

    /// The four hex digits at `start`, if they are there.
    static func hex4(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt16? {
        guard start + 4 <= text.count else { return nil }
        var value: UInt16 = 0
        for index in start..<start + 4 {
            let byte = text[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}
