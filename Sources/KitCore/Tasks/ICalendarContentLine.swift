/// One logical iCalendar line, `NAME;PARAM=VALUE:value`, after unfolding.
struct ICalendarContentLine: Sendable {
    /// Upper-cased.
    var name: String
    /// Parameter names upper-cased; values as written, without surrounding quotes.
    var parameters: [String: String]
    var value: String
    /// The physical line it starts on, from 1.
    var line: Int

    /// Splits text into unfolded logical lines: a line starting with a space or a tab continues
    /// the one before (joined byte-wise, so a fold inside a UTF-8 sequence mends). Line ends may
    /// be CRLF or LF. Empty lines are dropped.
    static func unfold(_ bytes: [UInt8]) -> [(line: Int, bytes: [UInt8])] {
        var result: [(line: Int, bytes: [UInt8])] = []
        var number = 0
        for var physical in bytes.split(separator: 10, omittingEmptySubsequences: false).map(Array.init) {
            number += 1
            if physical.last == 13 { physical.removeLast() }
            if let first = physical.first, first == 32 || first == 9, !result.isEmpty {
                result[result.count - 1].bytes += physical.dropFirst()
            } else if !physical.isEmpty {
                result.append((number, physical))
            }
        }
        return result
    }

    /// Parses one logical line; a line without a colon, or with a bad name or parameter, is an error.
    init(bytes: [UInt8], line: Int) throws(ICalendarError) {
        self.line = line
        let text = String(decoding: bytes, as: UTF8.self)
        let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
        guard bytes.contains(UInt8(ascii: ":")) else {
            throw ICalendarError(line: line, message: "'\(shown)' has no ':' between the property name and its value")
        }
        var index = 0
        func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == 45
        }
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        guard index > 0, bytes[index] == UInt8(ascii: ":") || bytes[index] == UInt8(ascii: ";") else {
            throw ICalendarError(
                line: line, message: "'\(shown)' does not start with a property name such as SUMMARY or DUE")
        }
        name = String(decoding: bytes[0..<index], as: UTF8.self).uppercased()
        parameters = [:]
        while bytes[index] == UInt8(ascii: ";") {
            index += 1
            let start = index
            while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
            guard index > start, index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw ICalendarError(line: line, message: "cannot read the parameters of \(name) in '\(shown)'")
            }
            let parameter = String(decoding: bytes[start..<index], as: UTF8.self).uppercased()
            index += 1
            var value: [UInt8] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: ";"), bytes[index] != UInt8(ascii: ":") {
                if bytes[index] == UInt8(ascii: "\"") {
                    guard let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\"")) else {
                        throw ICalendarError(line: line, message: "\(name) has a parameter with an unclosed '\"'")
                    }
                    value += bytes[(index + 1)..<close]
                    index = close + 1
                } else {
                    value.append(bytes[index])
                    index += 1
                }
            }
            guard index < bytes.count else {
                throw ICalendarError(
                    line: line, message: "'\(shown)' has no ':' between the property name and its value")
            }
            parameters[parameter] = String(decoding: value, as: UTF8.self)
        }
        value = String(decoding: bytes[(index + 1)...], as: UTF8.self)
    }
}
