/// The small pieces of iCalendar text: basic ISO dates, TEXT escaping, line folding and
/// durations. Shared by the RRULE code and the iCalendar reader and writer.
enum ICalendarText {
    /// `20261125`.
    static func basic(_ date: CivilDate) -> String { date.iso8601.filter { $0 != "-" } }

    /// `20261125T180000`.
    static func basic(_ dateTime: CivilDateTime) -> String {
        basic(dateTime.date) + "T" + TimeOfDay.two(dateTime.hour) + TimeOfDay.two(dateTime.minute)
            + TimeOfDay.two(dateTime.second)
    }

    /// Reads `YYYYMMDD`; nil unless it is a real date in `CivilDate.supportedYears`.
    static func date(_ text: String) -> CivilDate? {
        let bytes = Array(text.utf8)
        guard bytes.count == 8, let year = ISODigits.number(bytes, 0..<4), let month = ISODigits.number(bytes, 4..<6),
            let day = ISODigits.number(bytes, 6..<8)
        else { return nil }
        return try? CivilDate.validated(year: year, month: month, day: day)
    }

    /// Reads `YYYYMMDDTHHMMSS`; nil unless every field is valid.
    static func dateTime(_ text: String) -> CivilDateTime? {
        let bytes = Array(text.utf8)
        guard bytes.count == 15, bytes[8] == UInt8(ascii: "T"),
            let date = date(String(decoding: bytes[0..<8], as: UTF8.self)),
            let hour = ISODigits.number(bytes, 9..<11), let minute = ISODigits.number(bytes, 11..<13),
            let second = ISODigits.number(bytes, 13..<15),
            let time = try? TimeOfDay.validated(hour: hour, minute: minute, second: second)
        else { return nil }
        return CivilDateTime(date: date, time: time)
    }

    /// Escapes a TEXT value: backslash, semicolon, comma and line breaks.
    static func escape(_ text: String) -> String {
        var result = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r": result += "\\n"
            case "\n": if !previousWasCR { result += "\\n" }
            default: result.unicodeScalars.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        return result
    }

    /// Undoes `escape`; an unknown escape such as `\:` stands for the character itself.
    static func unescape(_ text: String) -> String {
        var result = ""
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                result.unicodeScalars.append(scalar == "n" || scalar == "N" ? "\n" : scalar)
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        if escaping { result += "\\" }
        return result
    }

    /// Folds a content line into physical lines of at most 75 octets, continuation lines starting
    /// with a space, never splitting a UTF-8 sequence. Each line ends with CRLF.
    static func fold(_ line: String) -> String {
        let bytes = Array(line.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 70 * 3 + 2)
        var start = 0
        var limit = 75
        while bytes.count - start > limit {
            var end = start + limit
            while end > start && bytes[end] & 0xC0 == 0x80 { end -= 1 }
            result += bytes[start..<end]
            result += [13, 10, 32]
            start = end
            limit = 74
        }
        result += bytes[start...]
        result += [13, 10]
        return String(decoding: result, as: UTF8.self)
    }

    /// An RFC 5545 duration of `seconds` (its sign written in front): `-PT10M`, `-P1D`, `-P1DT2H`.
    static func duration(seconds: Int64) -> String {
        var rest = abs(seconds)
        var text = seconds < 0 ? "-P" : "P"
        if rest >= 604_800 && rest % 604_800 == 0 { return text + "\(rest / 604_800)W" }
        if rest >= 86_400 {
            text += "\(rest / 86_400)D"
            rest %= 86_400
        }
        if rest > 0 || text.hasSuffix("P") {
            text += "T"
            if rest >= 3600 { text += "\(rest / 3600)H" }
            if rest % 3600 >= 60 { text += "\(rest % 3600 / 60)M" }
            if rest % 60 > 0 || rest == 0 { text += "\(rest % 60)S" }
        }
        return text
    }

    /// Reads an RFC 5545 duration (`-PT10M`, `P1W`, `-P1DT2H30M`, `PT0S`) as signed seconds.
    static func parseDuration(_ text: String) -> Int64? {
        var rest = Substring(text.uppercased())
        var sign: Int64 = 1
        if rest.hasPrefix("-") || rest.hasPrefix("+") {
            if rest.first == "-" { sign = -1 }
            rest = rest.dropFirst()
        }
        guard rest.hasPrefix("P") else { return nil }
        rest = rest.dropFirst()
        var total: Int64 = 0
        var inTime = false
        var sawValue = false
        var sawTimeValue = false
        while !rest.isEmpty {
            if rest.first == "T" {
                guard !inTime else { return nil }
                inTime = true
                rest = rest.dropFirst()
                continue
            }
            let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            guard !digits.isEmpty, digits.count <= 9, let number = Int64(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            guard let unit = rest.first else { return nil }
            rest = rest.dropFirst()
            switch (unit, inTime) {
            case ("W", false): total += number * 604_800
            case ("D", false): total += number * 86_400
            case ("H", true): total += number * 3600
            case ("M", true): total += number * 60
            case ("S", true): total += number
            default: return nil
            }
            sawValue = true
            if inTime { sawTimeValue = true }
        }
        guard sawValue, !inTime || sawTimeValue else { return nil }
        return sign * total
    }
}
