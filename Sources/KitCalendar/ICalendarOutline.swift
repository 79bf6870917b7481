/// The shape of an iCalendar file as its lines show it: which component begins on which
/// physical line, where its bytes are, and the line of each of its properties.
///
/// libical reads components but keeps no line numbers, and quietly mends what kit must report (an
/// `END:` naming another component closes the open one; a component never closed ends with the
/// file). This scan finds those faults and gives every report a line. It never stops at a fault:
/// it notes it on the component it spoils (`Component.problem`), or for lines outside any
/// component in `problems`, and reads on, so a lenient import can skip just that component.
/// Values are not read here.
struct ICalendarOutline {
    struct Component {
        /// Upper-case name: `VTODO`.
        var name: String
        /// The physical line of its `BEGIN:`, counting from 1.
        var line: Int
        /// The bytes from `BEGIN:` through the end of `END:`'s line.
        var bytes: Range<Int>
        /// The name (as written), physical line and bytes of each property directly inside it, in
        /// order.
        var properties: [(name: String, line: Int, bytes: Range<Int>)] = []
        var components: [Component] = []
        /// What is wrong with its lines, when something is: it is then skipped (or, strictly,
        /// refused) whole.
        var problem: ICalendarError?

        /// The component with its own properties only, none of the components inside it: what
        /// can be read of a component that is spoiled further in (nested 100,000 deep, say).
        func flat(_ file: [UInt8]) -> [UInt8] {
            var text = Array("BEGIN:\(name)\r\n".utf8)
            for property in properties {
                text += file[property.bytes]
                if text.last != 10 { text += [13, 10] }
            }
            return text + Array("END:\(name)\r\n".utf8)
        }

        /// Its own problem, or the first of a component inside it.
        var firstProblem: ICalendarError? {
            problem ?? components.lazy.compactMap(\.firstProblem).first
        }
    }

    /// Components nested deeper than this (VCALENDAR being 1) are not read.
    static let maximumDepth = 8

    /// Every `VCALENDAR` in the file, in order.
    private(set) var calendars: [Component] = []
    /// Faults outside any component, or of a calendar itself, in the order of their lines.
    private(set) var problems: [ICalendarError] = []

    /// The first fault by line: what a strict reading refuses the file for.
    var firstProblem: ICalendarError? {
        let all = problems + calendars.flatMap { $0.components.compactMap(\.firstProblem) }
        return all.min { $0.line < $1.line }
    }

    /// Scans `bytes`. Only a file with no `BEGIN:VCALENDAR` at all is refused here.
    init(_ bytes: [UInt8]) throws(ICalendarError) {
        var stack: [Component] = []
        /// BEGIN lines past `maximumDepth` not yet ended: skipped with everything inside them.
        var tooDeep = 0
        var sawCalendar = false
        func spoil(_ index: Int, _ error: ICalendarError) {
            if stack[index].problem == nil { stack[index].problem = error }
        }
        func close(until end: Int) {
            var closed = stack.removeLast()
            closed.bytes = closed.bytes.lowerBound..<end
            if stack.isEmpty {
                if closed.name == "VCALENDAR" {
                    if let problem = closed.problem { problems.append(problem) }
                    calendars.append(closed)
                } else if let problem = closed.problem {
                    problems.append(problem)
                }
            } else {
                stack[stack.count - 1].components.append(closed)
            }
        }
        for line in Self.contentLines(bytes) {
            let name = line.name.uppercased()
            if tooDeep > 0 {
                if name == "BEGIN" { tooDeep += 1 }
                if name == "END" { tooDeep -= 1 }
                continue
            }
            guard name == "BEGIN" || name == "END" else {
                if stack.isEmpty {
                    let place = sawCalendar ? "outside" : "before"
                    problems.append(.init(line: line.number, message: "\(line.shown) stands \(place) BEGIN:VCALENDAR"))
                } else {
                    stack[stack.count - 1].properties.append((line.name, line.number, line.bytes))
                }
                continue
            }
            let component = line.value.uppercased()
            guard !component.isEmpty else {
                let error = ICalendarError(line: line.number, message: "\(name) names no component")
                if stack.isEmpty { problems.append(error) } else { spoil(stack.count - 1, error) }
                continue
            }
            if name == "BEGIN" {
                if component == "VCALENDAR" && stack.isEmpty { sawCalendar = true }
                guard stack.count < Self.maximumDepth else {
                    spoil(
                        stack.count - 1,
                        .init(
                            line: line.number,
                            message:
                                "BEGIN:\(component) is nested \(stack.count + 1) deep; kit reads \(Self.maximumDepth) levels"
                        ))
                    tooDeep = 1
                    continue
                }
                var opened = Component(name: component, line: line.number, bytes: line.bytes)
                opened.problem = Self.misplaced(component, inside: stack, line: line.number)
                stack.append(opened)
                continue
            }
            guard !stack.isEmpty else {
                problems.append(
                    .init(line: line.number, message: "END:\(component) has no matching BEGIN:\(component)"))
                continue
            }
            if let open = stack.lastIndex(where: { $0.name == component }), open < stack.count - 1 {
                // END of an outer component: those inside it were never closed.
                for index in (open + 1)..<stack.count {
                    spoil(
                        index,
                        .init(
                            line: stack[index].line,
                            message: "BEGIN:\(stack[index].name) is never closed with END:\(stack[index].name)"))
                }
                while stack.count > open + 1 { close(until: line.bytes.lowerBound) }
            } else if stack[stack.count - 1].name != component {
                let top = stack[stack.count - 1]
                spoil(
                    stack.count - 1,
                    .init(
                        line: line.number,
                        message: "END:\(component) does not match BEGIN:\(top.name) on line \(top.line)"))
            }
            close(until: line.bytes.upperBound)
        }
        while !stack.isEmpty {
            let open = stack[stack.count - 1]
            spoil(
                stack.count - 1,
                .init(line: open.line, message: "BEGIN:\(open.name) is never closed with END:\(open.name)"))
            close(until: bytes.count)
        }
        guard sawCalendar else {
            throw ICalendarError(line: 1, message: "there is no BEGIN:VCALENDAR; this is not an iCalendar file")
        }
        problems.sort { $0.line < $1.line }
    }

    /// Why a component cannot stand where it begins, or nil when it can.
    private static func misplaced(_ name: String, inside stack: [Component], line: Int) -> ICalendarError? {
        let outer = stack.last?.name
        let allowed: Bool
        switch name {
        case "VCALENDAR": allowed = outer == nil
        case "VTODO", "VEVENT", "VJOURNAL", "VFREEBUSY", "VTIMEZONE": allowed = outer == "VCALENDAR"
        case "VALARM": allowed = outer == "VTODO" || outer == "VEVENT"
        default: allowed = outer != nil
        }
        if allowed { return nil }
        guard let open = stack.last else {
            return ICalendarError(line: line, message: "expected BEGIN:VCALENDAR, found BEGIN:\(name)")
        }
        return ICalendarError(
            line: line, message: "BEGIN:\(name) cannot stand inside BEGIN:\(open.name) on line \(open.line)")
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
        /// The whole line, unfolded.
        var text: String
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
        return ContentLine(
            number: number, bytes: bytes, name: name, value: value, shown: "'" + shown + "'",
            text: String(decoding: logical, as: UTF8.self))
    }
}
