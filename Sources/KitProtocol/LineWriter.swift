/// The bytes of one JSON line as they are written, and how each kind of value is written: what
/// `LineEncoder` writes through, and what a `LineWritable` value writes itself with.
///
/// Strings are UTF-8 with only the characters JSON requires escaped; integers are plain decimal;
/// doubles are written the way Swift prints them, without a trailing `.0`; non-finite numbers are
/// refused.
public struct LineWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 512) { bytes.reserveCapacity(capacity) }

    // MARK: Containers, for `LineWritable` values

    public mutating func openObject() { bytes.append(UInt8(ascii: "{")) }
    public mutating func closeObject() { bytes.append(UInt8(ascii: "}")) }
    public mutating func openArray() { bytes.append(UInt8(ascii: "[")) }
    public mutating func closeArray() { bytes.append(UInt8(ascii: "]")) }

    /// Writes the name of the next member of the object open last, after a comma unless it is the
    /// first. `name` is written as it is: a plain ASCII name, with nothing to escape.
    public mutating func member(_ name: StaticString) {
        if bytes.last != UInt8(ascii: "{") { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// Readies the next element of the array open last: a comma unless it is the first.
    public mutating func element() {
        if bytes.last != UInt8(ascii: "[") { bytes.append(UInt8(ascii: ",")) }
    }

    // MARK: Values

    public mutating func null() { append("null") }

    public mutating func bool(_ value: Bool) { value ? append("true") : append("false") }

    /// Appends `text` as it is: JSON punctuation, or a literal.
    mutating func append(_ text: StaticString) { text.withUTF8Buffer { bytes.append(contentsOf: $0) } }

    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    /// Copies the string's UTF-8 in runs, escaping only `"`, `\` and control characters. It reads
    /// the bytes through a pointer: long texts (a 10,000-character note in every event) are most
    /// of what kitd writes.
    public mutating func string(_ string: String) {
        var string = string
        bytes.append(UInt8(ascii: "\""))
        string.withUTF8 { utf8 in
            var start = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                    escaped(byte)
                    start = index + 1
                }
                index += 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
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
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0xF)])
            }
        }
    }

    /// Plain decimal, as `String(value)` writes it.
    public mutating func integer(_ value: some BinaryInteger) {
        if let value = Int64(exactly: value) {
            decimal(value.magnitude, negative: value < 0)
        } else if let value = UInt64(exactly: value) {
            decimal(value, negative: false)
        } else {
            bytes += String(value).utf8
        }
    }

    private mutating func decimal(_ magnitude: UInt64, negative: Bool) {
        if negative { bytes.append(UInt8(ascii: "-")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var rest = magnitude
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                count += 1
                buffer[24 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
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
        bytes += text.utf8
    }
}

/// A value that writes its own JSON with a `LineWriter`, byte for byte what `LineEncoder` writes
/// for it through its `Encodable` conformance, without the containers and boxes that costs: for
/// the replies and events kitd sends most. `LineEncoder` uses it when a value has it; tests hold
/// each to its `Encodable` output.
public protocol LineWritable: Encodable {
    func write(to line: inout LineWriter) throws
}
