import Foundation

/// Every request's text in one Unicode form, NFC, before anything reads it: a name typed on a
/// Mac keyboard or pasted from a file (NFD, `ᄉ ᅵ ᆫ` for `신`) is the same name as one typed
/// precomposed, so `신라면` is found, and two stopwatches whose names differ only in
/// normalisation are one name.
///
/// JSON `\uXXXX` escapes of non-ASCII characters (Python's `json.dumps` writes them) are written
/// out first, so escaped text is normalised too. The line stays the same JSON: only string
/// contents change, and NFC never joins a character to JSON's ASCII punctuation.
enum RequestText {
    /// Whether `line` is ASCII, and so valid UTF-8 as it is.
    static func isASCII(_ line: [UInt8]) -> Bool {
        line.withUnsafeBufferPointer { bytes in !bytes.contains { $0 >= 0x80 } }
    }

    /// `line` in NFC; `isASCII` when the caller knows it already.
    static func normalized(_ line: [UInt8], isASCII: Bool? = nil) -> [UInt8] {
        let hasNonASCII = !(isASCII ?? Self.isASCII(line))
        let hasEscape = hasUnicodeEscape(line)
        guard hasNonASCII || hasEscape else { return line }
        let text = String(decoding: hasEscape ? unescapingNonASCII(line) : line, as: UTF8.self)
        return Array(text.precomposedStringWithCanonicalMapping.utf8)
    }

    private static func hasUnicodeEscape(_ line: [UInt8]) -> Bool {
        line.withUnsafeBufferPointer { line in
            var index = 0
            while index + 1 < line.count {
                if line[index] == UInt8(ascii: "\\") {
                    if line[index + 1] == UInt8(ascii: "u") { return true }
                    index += 2
                } else {
                    index += 1
                }
            }
            return false
        }
    }

    /// The line with each `\uXXXX` of a character at or above U+0080 (a surrogate pair as one
    /// character) written as UTF-8; other escapes, and lone surrogates, stay as they are.
    static func unescapingNonASCII(_ line: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(line.count)
        var index = 0
        while index < line.count {
            let byte = line[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < line.count else {
                output.append(byte)
                index += 1
                continue
            }
            guard line[index + 1] == UInt8(ascii: "u"), let unit = hex(line, at: index + 2) else {
                output.append(contentsOf: line[index..<min(index + 2, line.count)])
                index += 2
                continue
            }
            var scalar: Unicode.Scalar?
            var consumed = 6
            if (0xD800..<0xDC00).contains(unit), index + 12 <= line.count, line[index + 6] == UInt8(ascii: "\\"),
                line[index + 7] == UInt8(ascii: "u"), let low = hex(line, at: index + 8),
                (0xDC00..<0xE000).contains(low)
            {
                scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                consumed = 12
            } else if unit >= 0x80 {
                scalar = Unicode.Scalar(unit)
            }
            if let scalar {
                output.append(contentsOf: Array(String(Character(scalar)).utf8))
                index += consumed
            } else {
                output.append(contentsOf: line[index..<index + 6])
                index += 6
            }
        }
        return output
    }

    private static func hex(_ line: [UInt8], at start: Int) -> UInt32? {
        guard start + 4 <= line.count else { return nil }
        var value: UInt32 = 0
        for byte in line[start..<start + 4] {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        return value
    }
}
