import KitCore

/// The bytes of one JSON line as they are written, and how each kind of value is written: what
/// `LineEncoder` writes through, and what a `LineWritable` value writes itself with.
///
/// Strings are UTF-8 with only the characters JSON requires escaped; integers are plain decimal;
/// doubles are written the way Swift prints them, without a trailing `.0`; non-finite numbers are
/// refused.
///
/// It writes into memory of its own rather than an array: a reply is a hundred small appends,
/// and an array's checks of each cost more than the copying. So it cannot be copied.
public struct LineWriter: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    public private(set) var count = 0

    /// Whether `duration` writes protocol 1's twin beside each duration (`ProtocolOne`): in
    /// every reply and event, not in a request.
    public let protocolOne: Bool

    public init(capacity: Int = 512, protocolOne: Bool = true) {
        self.capacity = max(16, capacity)
        self.protocolOne = protocolOne
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// What has been written.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    /// Room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        let grown = max(capacity * 2, needed)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.update(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = grown
    }

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func put(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard !buffer.isEmpty else { return }
        reserve(buffer.count)
        (start + count).update(from: buffer.baseAddress!, count: buffer.count)
        count += buffer.count
    }

    @inline(__always)
    private var last: UInt8? { count > 0 ? start[count - 1] : nil }

    // MARK: Containers, for `LineWritable` values

    public mutating func openObject() { put(UInt8(ascii: "{")) }
    public mutating func closeObject() { put(UInt8(ascii: "}")) }
    public mutating func openArray() { put(UInt8(ascii: "[")) }
    public mutating func closeArray() { put(UInt8(ascii: "]")) }

    /// Writes the name of the next member of the object open last, after a comma unless it is the
    /// first. `name` is written as it is: a plain ASCII name, with nothing to escape.
    public mutating func member(_ name: StaticString) {
        reserve(name.utf8CodeUnitCount + 4)
        if last != UInt8(ascii: "{") { put(UInt8(ascii: ",")) }
        put(UInt8(ascii: "\""))
        name.withUTF8Buffer { put($0) }
        put(UInt8(ascii: "\""))
        put(UInt8(ascii: ":"))
    }

    /// Readies the next element of the array open last: a comma unless it is the first.
    public mutating func element() {
        if last != UInt8(ascii: "[") { put(UInt8(ascii: ",")) }
    }

    /// An array of `values`, each written by `write` as an element.
    public mutating func array<Element>(
        _ values: some Sequence<Element>, _ write: (inout LineWriter, Element) throws -> Void
    ) rethrows {
        openArray()
        for value in values {
            element()
            try write(&self, value)
        }
        closeArray()
    }

    /// An array of values that write themselves.
    public mutating func array(_ values: some Sequence<some LineWritable>) throws {
        try array(values) { line, value in try value.write(to: &line) }
    }

    /// A duration member, then protocol 1's twin beside it (`ProtocolOne`), as `LineEncoder`
    /// writes them: `"remainingNs":90000000000,"remainingSeconds":90`.
    /// Without `protocolOne`, the member alone.
    public mutating func duration(_ member: ProtocolOne.Member, _ value: Nanoseconds) throws {
        self.member(member.key)
        integer(value)
        guard protocolOne else { return }
        self.member(member.name)
        try double(ProtocolOne.number(value, unit: member.unit))
    }

    /// As `duration`, for an array of them.
    public mutating func durations(_ member: ProtocolOne.Member, _ values: [Nanoseconds]) throws {
        self.member(member.key)
        array(values) { line, value in line.integer(value) }
        guard protocolOne else { return }
        self.member(member.name)
        try array(values) { line, value in try line.double(ProtocolOne.number(value, unit: member.unit)) }
    }

    /// A request's id: a number, a string or null.
    public mutating func requestID(_ id: RequestID) {
        switch id {
        case .number(let number): integer(number)
        case .string(let string): self.string(string)
        case .null: null()
        }
    }

    // MARK: Values

    public mutating func null() { append("null") }

    public mutating func bool(_ value: Bool) { value ? append("true") : append("false") }

    /// Appends `text` as it is: JSON punctuation, or a literal.
    @inline(__always)
    mutating func append(_ text: StaticString) { text.withUTF8Buffer { put($0) } }

    @inline(__always)
    mutating func append(_ byte: UInt8) { put(byte) }

    /// Appends a JSON value written whole elsewhere (`WireValue`'s default, through `Encodable`).
    public mutating func json(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { put($0) } }

    /// Copies the string's UTF-8 in runs, escaping only `"`, `\` and control characters. It reads
    /// the bytes through a pointer: long texts (a 10,000-character note in every event) are most
    /// of what kitd writes.
    public mutating func string(_ string: String) {
        var string = string
        put(UInt8(ascii: "\""))
        string.withUTF8 { utf8 in
            reserve(utf8.count + 1)
            var start = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    put(UnsafeBufferPointer(rebasing: utf8[start..<index]))
                    escaped(byte)
                    start = index + 1
                }
                index += 1
            }
            put(UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        put(UInt8(ascii: "\""))
    }

    private mutating func escaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append(#"\""#)
        case UInt8(ascii: "\\"): append(#"\\"#)
        case 0x0A: append(#"\n"#)
        case 0x0D: append(#"\r"#)
        case 0x09: append(#"\t"#)
        case 0x08: append(#"\b"#)
        case 0x0C: append(#"\f"#)
        default:
            let hex: StaticString = "0123456789abcdef"
            append(#"\u00"#)
            hex.withUTF8Buffer { digits in
                put(digits[Int(byte >> 4)])
                put(digits[Int(byte & 0xF)])
            }
        }
    }

    /// A duration, as its nanoseconds.
    public mutating func integer(_ value: Nanoseconds) { integer(value.value) }

    /// Plain decimal, as `String(value)` writes it.
    public mutating func integer(_ value: some BinaryInteger) {
        if let value = Int64(exactly: value) {
            decimal(value.magnitude, negative: value < 0)
        } else if let value = UInt64(exactly: value) {
            decimal(value, negative: false)
        } else {
            var text = String(value)
            text.withUTF8 { put($0) }
        }
    }

    private mutating func decimal(_ magnitude: UInt64, negative: Bool) {
        reserve(21)
        if negative { put(UInt8(ascii: "-")) }
        var digits = 1
        var power: UInt64 = 10
        while digits < 20 && magnitude >= power {
            digits += 1
            power = power &* 10
        }
        var rest = magnitude
        for index in stride(from: count + digits - 1, through: count, by: -1) {
            start[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        count += digits
    }

    /// As Swift prints it, without a trailing `.0`: `3600`, `0.5`, `1e-07`. A whole number below
    /// 10^15 is written as the integer it is, which is what that comes to, without printing it.
    public mutating func double(_ value: Double, codingPath: [any CodingKey] = []) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) is not a JSON number"))
        }
        if value.magnitude < 1e15, value == value.rounded(.towardZero), value != 0 || value.sign == .plus {
            integer(Int64(value))
            return
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        text.withUTF8 { put($0) }
    }
}

/// A value that writes its own JSON with a `LineWriter`, byte for byte what `LineEncoder` writes
/// for it through its `Encodable` conformance, without the containers and boxes that costs: for
/// the replies and events kitd sends most. `LineEncoder` uses it when a value has it; tests hold
/// each to its `Encodable` output.
public protocol LineWritable: Encodable {
    func write(to line: inout LineWriter) throws
}
