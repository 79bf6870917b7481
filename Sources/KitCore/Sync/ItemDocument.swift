/// An item file of a vdir (one VCALENDAR: a VTODO or VJOURNAL with its overrides, and the
/// VTIMEZONEs they use) as its content lines, in the words its writer chose: what the merge of
/// two versions works on (`ItemMerge`). Reading it never fails and never drops a line: a line
/// this reader does not understand is kept as it is, so that a property kit does not model
/// (PRIORITY, CATEGORIES, `X-` lines, a name libical would refuse) passes through a merge.
///
/// This is a reader of lines, not of values: a value is compared as its text, with the
/// parameters in order and an RRULE's parts in order, so that two writers' spellings of one
/// rule are one value.
public struct ItemDocument: Equatable, Sendable {
    /// One unfolded content line: `NAME;PARAM=VALUE:value`.
    public struct Line: Equatable, Sendable {
        /// The line as written, unfolded.
        public var text: String
        /// Its name in upper case: `DUE`.
        public var name: String
        /// The line as compared: name, sorted parameters, value (an RRULE's parts sorted).
        public var key: String

        public init(_ text: String) {
            self.text = text
            let parts = Self.split(text)
            name = parts.name.uppercased()
            var value = parts.value
            // Parameter values as meant: without their quotes.
            var parameters = parts.parameters.map { $0.filter { $0 != "\"" } }
            if name == "RRULE" || name == "EXRULE" {
                value = value.split(separator: ";").map { $0.uppercased() }.sorted().joined(separator: ";")
            } else if Self.instantNames.contains(name) {
                // A time in UTC, however a writer spells it: `TZID=GMT:…T100000` (kit, under a
                // system zone named GMT), `TZID=GMT:…T100000Z` (Radicale's vobject), `…T100000Z`.
                parameters.removeAll { $0 == "VALUE=DATE-TIME" }
                let zone = parameters.first { $0.hasPrefix("TZID=") }.map { String($0.dropFirst(5)).uppercased() }
                if value.uppercased().hasSuffix("Z") || zone.map(Self.utcNames.contains) == true {
                    parameters.removeAll { $0.hasPrefix("TZID=") }
                    value = value.split(separator: ",").map { part in
                        part.uppercased().hasSuffix("Z") || part.count <= 8 ? String(part) : part + "Z"
                    }.joined(separator: ",")
                }
            }
            key = ([name] + parameters.sorted()).joined(separator: ";") + ":" + value
        }

        /// Properties whose value is a date or a date-time.
        static let instantNames: Set<String> = [
            "DTSTART", "DUE", "DTEND", "RECURRENCE-ID", "RDATE", "EXDATE", "COMPLETED",
        ]

        /// Zone names that mean UTC, in upper case.
        static let utcNames: Set<String> = [
            "UTC", "GMT", "Z", "ZULU", "UCT", "UNIVERSAL", "GMT0", "ETC/UTC", "ETC/GMT", "ETC/UCT", "ETC/ZULU",
            "ETC/UNIVERSAL", "ETC/GMT0", "ETC/GMT+0", "ETC/GMT-0",
        ]

        /// The value, after the first `:` outside quotes.
        public var value: String { Self.split(text).value }

        /// The name, the parameters (their names in upper case) and the value of a content line.
        static func split(_ text: String) -> (name: String, parameters: [String], value: String) {
            var name = ""
            var parameters: [String] = []
            var current = ""
            var inName = true
            var quoted = false
            var index = text.startIndex
            while index < text.endIndex {
                let character = text[index]
                if character == "\"" {
                    quoted.toggle()
                } else if !quoted && (character == ";" || character == ":") {
                    if inName {
                        name = current
                        inName = false
                    } else {
                        parameters.append(normalParameter(current))
                    }
                    current = ""
                    if character == ":" {
                        return (name, parameters, String(text[text.index(after: index)...]))
                    }
                    index = text.index(after: index)
                    continue
                }
                current.append(character)
                index = text.index(after: index)
            }
            // No value: the whole line is its name.
            return (inName ? current : name, parameters, "")
        }

        private static func normalParameter(_ text: String) -> String {
            guard let equals = text.firstIndex(of: "=") else { return text.uppercased() }
            return text[..<equals].uppercased() + text[equals...]
        }
    }

    /// A component: its name, its own lines (BEGIN and END aside), and those inside it.
    public struct Component: Equatable, Sendable {
        /// Upper case: `VTODO`.
        public var name: String
        public var lines: [Line]
        public var components: [Component]

        public init(name: String, lines: [Line] = [], components: [Component] = []) {
            self.name = name
            self.lines = lines
            self.components = components
        }

        /// The value of its first line named `name`.
        public func value(_ name: String) -> String? { lines.first { $0.name == name }?.value }

        /// The component and what is inside it as unfolded lines.
        func unfolded() -> [String] {
            ["BEGIN:" + name] + lines.map(\.text) + components.flatMap { $0.unfolded() } + ["END:" + name]
        }
    }

    /// The VCALENDAR's own lines (VERSION, PRODID, …).
    public var calendarLines: [Line]
    /// The components inside the VCALENDAR, in order.
    public var components: [Component]

    public init(calendarLines: [Line] = [], components: [Component] = []) {
        self.calendarLines = calendarLines
        self.components = components
    }

    /// Reads the first VCALENDAR of `text`; lines outside it are ignored, and a component never
    /// ended ends with the file.
    public init(_ text: String) {
        var stack: [Component] = []
        var calendar: Component?
        for raw in Self.unfold(text) {
            let line = Line(raw)
            if line.name == "BEGIN" {
                stack.append(Component(name: line.value.uppercased()))
            } else if line.name == "END" {
                guard let closed = stack.popLast() else { continue }
                if stack.isEmpty {
                    if calendar == nil && closed.name == "VCALENDAR" { calendar = closed }
                } else {
                    stack[stack.count - 1].components.append(closed)
                }
            } else if !stack.isEmpty {
                stack[stack.count - 1].lines.append(line)
            }
        }
        while calendar == nil, let open = stack.popLast() {
            if stack.isEmpty {
                if open.name == "VCALENDAR" { calendar = open }
            } else {
                stack[stack.count - 1].components.append(open)
            }
        }
        calendarLines = calendar?.lines ?? []
        components = calendar?.components ?? []
    }

    /// The document as iCalendar text: CRLF line ends, lines folded at 75 octets (never inside
    /// a character).
    public var text: String {
        var result = ""
        for line in Component(name: "VCALENDAR", lines: calendarLines, components: components).unfolded() {
            Self.fold(line, into: &result)
        }
        return result
    }

    /// The document without its zone definitions: what a merge reads of a base (it compares the
    /// items' lines; a TZID is compared as its name), at a sixth of the size for a zone with
    /// daylight saving time defined over a dozen years.
    public var withoutZones: ItemDocument {
        ItemDocument(calendarLines: calendarLines, components: components.filter { $0.name != "VTIMEZONE" })
    }

    /// The components that are items (VTODO, VEVENT, VJOURNAL), each with its UID and its
    /// RECURRENCE-ID's key (nil for a master).
    public var items: [(uid: String, recurrence: String?, component: Component)] {
        components.compactMap { component in
            guard Self.itemNames.contains(component.name) else { return nil }
            let recurrence = component.lines.first { $0.name == "RECURRENCE-ID" }
            return (component.value("UID") ?? "", recurrence.map(Self.recurrenceKey), component)
        }
    }

    static let itemNames: Set<String> = ["VTODO", "VEVENT", "VJOURNAL"]

    /// A RECURRENCE-ID as compared: its instant as written (`20300110T090000`), so that a
    /// TZID spelled otherwise or a RANGE parameter does not make another occurrence.
    static func recurrenceKey(_ line: Line) -> String {
        line.value.uppercased().filter { $0 != "Z" }
    }

    /// The lines of `text` with their folds undone, CRLF or LF ends, empty lines dropped.
    static func unfold(_ text: String) -> [String] {
        var lines: [String] = []
        for physical in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var line = Substring(physical)
            if line.last == "\r" { line = line.dropLast() }
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += line.dropFirst()
            } else if !line.isEmpty {
                lines.append(String(line))
            }
        }
        return lines
    }

    /// Appends `line` folded at 75 octets, with CRLF ends.
    static func fold(_ line: String, into result: inout String) {
        var octets = 0
        var limit = 75
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if octets + size > limit {
                result += "\r\n "
                octets = 0
                limit = 74
            }
            result.unicodeScalars.append(scalar)
            octets += size
        }
        result += "\r\n"
    }
}
