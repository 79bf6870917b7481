/// What a phone's calendar client does to an item when it saves an edit, for the tests that
/// play the phone (through a server, or straight into a vdir): the item's lines changed, and its
/// master component stamped with the phone's clock as LAST-MODIFIED and DTSTAMP, with SEQUENCE
/// raised.
public enum PhoneEdit {
    public struct Malformed: Error, CustomStringConvertible {
        public var description: String { "the item has no VTODO or VJOURNAL to edit" }
    }

    /// An item's content lines, unfolded.
    public static func unfolded(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\r\n\t", with: "")
            .components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    /// `text` after `edit` changed its lines, stamped `stamp` (iCalendar UTC, `20301231T090000Z`)
    /// with its SEQUENCE raised by `raise`, as CRLF lines.
    public static func saved(_ text: String, stamp: String, raise: Int = 1, _ edit: (inout [String]) -> Void) throws
        -> String
    {
        var lines = unfolded(text)
        edit(&lines)
        guard let begin = lines.firstIndex(where: { $0 == "BEGIN:VTODO" || $0 == "BEGIN:VJOURNAL" }),
            let end = lines[begin...].firstIndex(where: { $0 == "END:VTODO" || $0 == "END:VJOURNAL" })
        else { throw Malformed() }
        var master = Array(lines[(begin + 1)..<end])
        let sequence =
            master.first { $0.hasPrefix("SEQUENCE:") }.flatMap { Int($0.dropFirst("SEQUENCE:".count)) } ?? 0
        master.removeAll { $0.hasPrefix("SEQUENCE:") || $0.hasPrefix("LAST-MODIFIED:") || $0.hasPrefix("DTSTAMP:") }
        master += ["DTSTAMP:\(stamp)", "LAST-MODIFIED:\(stamp)", "SEQUENCE:\(sequence + raise)"]
        lines.replaceSubrange((begin + 1)..<end, with: master)
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// Replaces, in the master component's lines named `property` (`DUE`, `DTSTART`), one text.
    public static func replace(_ lines: inout [String], _ property: String, _ old: String, _ new: String) {
        guard let end = lines.firstIndex(where: { $0 == "END:VTODO" || $0 == "END:VJOURNAL" }) else { return }
        for index in lines.indices where index < end {
            if lines[index].hasPrefix(property + ":") || lines[index].hasPrefix(property + ";") {
                lines[index] = lines[index].replacingOccurrences(of: old, with: new)
            }
        }
    }

    /// Sets the master component's `property` to `line` (adding it when it has none).
    public static func set(_ lines: inout [String], _ property: String, _ line: String) {
        guard let end = lines.firstIndex(where: { $0 == "END:VTODO" || $0 == "END:VJOURNAL" }) else { return }
        if let index = lines[..<end].firstIndex(where: { $0.hasPrefix(property + ":") || $0.hasPrefix(property + ";") })
        {
            lines[index] = line
        } else {
            lines.insert(line, at: end)
        }
    }
}
