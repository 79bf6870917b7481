import KitCore

/// Where each property of a component stands in the file, and what libical's complaints about a
/// line say: the reader's bookkeeping of lines, apart from its reading of values.
extension ICalendarReader.Reader {
    /// The node's properties with their lines. libical keeps one property per content line, in
    /// order, and a line it cannot read becomes X-LIC-ERROR in its place; so each property
    /// takes the line in its position. When libical reports one line twice (an unknown VALUE
    /// type, then the value), the counts differ, and each property takes the first unused
    /// line of its name (for an error, the property its message names).
    mutating func located(_ node: ICalendarNode, _ outline: ICalendarOutline.Component) throws(ICalendarError)
        -> [ICalendarReader.Located]
    {
        let names = outline.properties.map { $0.name.uppercased() }
        var used = Array(repeating: node.properties.count == names.count, count: names.count)
        var result: [ICalendarReader.Located] = []
        for (index, property) in node.properties.enumerated() {
            var position: Int? = node.properties.count == names.count ? index : nil
            if position == nil {
                let name =
                    property.name == "X-LIC-ERROR" ? Self.named(in: property.value, among: names) : property.name
                position = names.indices.first { !used[$0] && names[$0] == name }
                if let found = position { used[found] = true }
            }
            let line = position.map { outline.properties[$0].line } ?? outline.line
            if property.name == "X-LIC-ERROR" {
                // A property named by a well-formed name libical does not know (Confluence's
                // SUBCALENDAR-ID): RFC 5545 readers ignore such a property, so kit skips the line.
                if let name = Self.unknownName(libical: property), !name.isEmpty,
                    name.utf8.allSatisfy({ Self.isNameByte($0) })
                {
                    skipped.append(
                        .init(
                            name: name, line: line,
                            reason: .message("not a property kit or libical knows; the line is ignored")))
                    continue
                }
                let error = ICalendarError(
                    line: line, message: Self.message(libical: property, name: position.map { names[$0] }))
                // An RRULE libical refuses (COUNT with UNTIL): leniently, kit reads it itself.
                if !strict, let position, names[position] == "RRULE",
                    let raw = ICalendarOutline.contentLines(Array(file[outline.properties[position].bytes])).first
                {
                    result.append(ICalendarReader.Located(property: ICalendarProperty("RRULE", raw.value), line: line))
                    continue
                }
                throw error
            }
            let raw = position.flatMap {
                ICalendarOutline.contentLines(Array(file[outline.properties[$0].bytes])).first?.text
            }
            result.append(ICalendarReader.Located(property: property, line: line, raw: raw))
        }
        return result
    }

    /// The name of a property libical refused for its name alone ("Parse error in property
    /// name: SUBCALENDAR-ID"), upper-cased; nil for any other fault.
    static func unknownName(libical error: ICalendarProperty) -> String? {
        let prefix = "Parse error in property name: "
        guard error.value.hasPrefix(prefix) else { return nil }
        return String(error.value.dropFirst(prefix.count)).trimmingWhitespace().uppercased()
    }

    /// A byte of an iana-token, as RFC 5545 names properties: a letter, a digit or `-`.
    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x2D
    }

    /// The property a libical message is about: the word before or after "property".
    static func named(in message: String, among names: [String]) -> String? {
        let words = message.split { $0 == " " || $0 == ":" || $0 == "." }.map(String.init)
        for (index, word) in words.enumerated() where word == "property" {
            for neighbour in [index - 1, index + 1] where words.indices.contains(neighbour) {
                if names.contains(words[neighbour]) { return words[neighbour] }
            }
        }
        return nil
    }

    /// libical's complaint about a line.
    static func message(libical error: ICalendarProperty, name: String?) -> KitMessage {
        let name = name.map { KitMessage(verbatim: $0) } ?? .message("a line")
        switch error.parameters["X-LIC-ERRORTYPE"] {
        case "VALUE-PARSE-ERROR":
            return .message("the value of \(name) cannot be read (libical: \(error.value))")
        case "PARAMETER-NAME-PARSE-ERROR", "PARAMETER-VALUE-PARSE-ERROR":
            return .message("a parameter of \(name) cannot be read (libical: \(error.value))")
        default:
            return .message("this line is not a property such as SUMMARY:text (libical: \(error.value))")
        }
    }
}
