/// The shape of an iCalendar file as its lines show it: which component begins on which
/// physical line, where its bytes are, and the line of each of its properties.
///
/// libical reads components but keeps no line numbers, and quietly mends what kit must report (an
/// `END:` naming another component closes the open one; a component never closed ends with the
/// file). This scan finds those faults and gives every report a line. Values are not read here.
struct ICalendarOutline {
    struct Component {
        /// Upper-case name: `VTODO`.
        var name: String
        /// The physical line of its `BEGIN:`, counting from 1.
        var line: Int
        /// The bytes from `BEGIN:` through the end of `END:`'s line.
        var bytes: Range<Int>
        /// The name (as written) and physical line of each property directly inside it, in order.
        var properties: [(name: String, line: Int)] = []
        var components: [Component] = []
    }

    /// Components nested deeper than this (VCALENDAR being 1) are refused.
    static let maximumDepth = 8

    /// Every `VCALENDAR` in the file, in order.
    private(set) var calendars: [Component] = []

    init(_ bytes: [UInt8]) throws(ICalendarError) {
        var stack: [Component] = []
        for line in Self.contentLines(bytes) {
            let name = line.name.uppercased()
            guard name == "BEGIN" || name == "END" else {
                guard !stack.isEmpty else {
                    throw ICalendarError(line: line.number, message: "\(line.shown) stands before BEGIN:VCALENDAR")
                }
                stack[stack.count - 1].properties.append((line.name, line.number))
                continue
            }
            let component = line.value.uppercased()
            guard !component.isEmpty else {
                throw ICalendarError(line: line.number, message: "\(name) names no component")
            }
            if name == "BEGIN" {
                try Self.checkPlace(of: component, inside: stack, line: line.number)
                stack.append(Component(name: component, line: line.number, bytes: line.bytes))
                continue
            }
            guard var closed = stack.popLast() else {
                throw ICalendarError(
                    line: line.number, message: "END:\(component) has no matching BEGIN:\(component)")
            }
            guard closed.name == component else {
                throw ICalendarError(
                    line: line.number,
                    message: "END:\(component) does not match BEGIN:\(closed.name) on line \(closed.line)")
            }
            closed.bytes = closed.bytes.lowerBound..<line.bytes.upperBound
            if stack.isEmpty {
                calendars.append(closed)
            } else {
                stack[stack.count - 1].components.append(closed)
            }
        }
        if let open = stack.last {
            throw ICalendarError(line: open.line, message: "BEGIN:\(open.name) is never closed with END:\(open.name)")
        }
        guard !calendars.isEmpty else {
            throw ICalendarError(line: 1, message: "there is no BEGIN:VCALENDAR; this is not an iCalendar file")
        }
    }

    /// Where each kind of component may stand.
    private static func checkPlace(of name: String, inside stack: [Component], line: Int) throws(ICalendarError) {
        let outer = stack.last?.name
        let allowed: Bool
        switch name {
        case "VCALENDAR": allowed = outer == nil
        case "VTODO", "VEVENT", "VJOURNAL", "VFREEBUSY", "VTIMEZONE": allowed = outer == "VCALENDAR"
        case "VALARM": allowed = outer == "VTODO" || outer == "VEVENT"
        default: allowed = outer != nil
        }
        guard allowed else {
            guard let open = stack.last else {
                throw ICalendarError(line: line, message: "expected BEGIN:VCALENDAR, found BEGIN:\(name)")
            }
            throw ICalendarError(
                line: line, message: "BEGIN:\(name) cannot stand inside BEGIN:\(open.name) on line \(open.line)")
        }
        guard stack.count < maximumDepth else {
            throw ICalendarError(
                line: line, message: "BEGIN:\(name) is nested \(stack.count + 1) deep; kit reads \(maximumDepth) levels"
            )
        }
    }

    /// A content line: its physical lines unfolded, with where it starts.
    struct ContentLine {
        var number: Int
        /// Its physical lines, line ends included.
        var bytes: Range<Int>
        /// The name, up to the first `;` or `:`.
        var name: String
        /// The text after the first `:` outside quotes, trimmed (for BEGIN and END).
        var value: String
        /// The start of the line, for messages.
        var shown: String
    }

    /// Splits the file into content lines: a physical line that starts with a space or a tab
    /// continues the one before (RFC 5545 3.1). Empty lines are left out.
    static func contentLines(_ bytes: [UInt8]) -> [ContentLine] {
        var lines: [ContentLine] = []
        var start = 0
        var number = 1
        var logical: [UInt8] = []
        var logicalStart = 0
        var logicalNumber = 1
        func flush(until end: Int) {
            defer { logical.removeAll(keepingCapacity: true) }
            guard !logical.isEmpty else { return }
            lines.append(Self.line(logical, number: logicalNumber, bytes: logicalStart..<end))
        }
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 10 { end += 1 }
            var content = end
            if content > start && bytes[content - 1] == 13 { content -= 1 }
            let next = min(end + 1, bytes.count)
            if start < content && (bytes[start] == 32 || bytes[start] == 9) && !logical.isEmpty {
                logical += bytes[(start + 1)..<content]
            } else {
                flush(until: start)
                logical = Array(bytes[start..<content])
                logicalStart = start
                logicalNumber = number
            }
            start = next
            number += 1
        }
        flush(until: bytes.count)
        return lines
    }

    private static func line(_ logical: [UInt8], number: Int, bytes: Range<Int>) -> ContentLine {
        let nameEnd = logical.firstIndex { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") } ?? logical.count
        var value = ""
        var quoted = false
        for index in nameEnd..<logical.count {
            if logical[index] == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted && logical[index] == UInt8(ascii: ":") {
                value = String(decoding: logical[(index + 1)...], as: UTF8.self).trimmingWhitespace()
                break
            }
        }
        let name = String(decoding: logical[..<nameEnd], as: UTF8.self).trimmingWhitespace()
        let shown = String(decoding: logical.prefix(60), as: UTF8.self) + (logical.count > 60 ? "…" : "")
        return ContentLine(number: number, bytes: bytes, name: name, value: value, shown: "'" + shown + "'")
    }
}
