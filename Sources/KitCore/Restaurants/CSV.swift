/// RFC 4180 comma-separated values, read and written without Foundation.
///
/// Reading: fields are separated by `,` and records by CRLF, LF or a lone CR. A field in double
/// quotes may hold commas, line breaks and `""` (one quote). A byte-order mark at the start is
/// skipped, and so are empty lines between records. Refused, with the line number: a quoted field
/// that never ends, text right after a closing quote (`"a"b`), and a quote inside an unquoted field
/// (`a"b`). Text is read by Unicode scalar, so a combining mark after a quote cannot hide it.
///
/// Writing: a field is quoted when it has a comma, a quote, a line break or surrounding spaces;
/// records end with CRLF.
public enum CSV {
    /// One record and the line it starts on (1-based).
    public struct Record: Equatable, Sendable {
        public let line: Int
        public let fields: [String]
    }

    /// Why a file could not be read at all.
    public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        public let line: Int
        public let reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    public static func parse(_ text: String) throws(SyntaxError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1
        var recordLine = 1
        var quoteLine = 1
        var inQuotes = false
        var fieldWasQuoted = false
        var recordHasContent = false
        var previousWasCR = false
        var scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }

        func endField() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            fieldWasQuoted = false
        }
        func endRecord() {
            if recordHasContent || !fields.isEmpty {
                endField()
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
            field = String.UnicodeScalarView()
            fieldWasQuoted = false
            recordHasContent = false
        }

        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            index = scalars.index(after: index)
            let isCRLFTail = previousWasCR && scalar == "\n"
            previousWasCR = scalar == "\r"
            if inQuotes {
                if scalar == "\"" {
                    if index < scalars.endIndex, scalars[index] == "\"" {
                        field.append("\"")
                        index = scalars.index(after: index)
                    } else {
                        inQuotes = false
                    }
                } else {
                    if (scalar == "\n" && !isCRLFTail) || scalar == "\r" { line += 1 }
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                endField()
                recordHasContent = true
            case "\r", "\n":
                if !isCRLFTail {
                    endRecord()
                    line += 1
                }
                recordLine = line
            case "\"":
                guard field.isEmpty, !fieldWasQuoted else {
                    let reason =
                        fieldWasQuoted
                        ? "a quote follows a closing quote; write a quote inside a quoted field as \"\""
                        : "a field without quotes contains '\"'; put the field in quotes and double the quote"
                    throw SyntaxError(line: line, reason: reason)
                }
                inQuotes = true
                fieldWasQuoted = true
                recordHasContent = true
                quoteLine = line
            default:
                if fieldWasQuoted {
                    throw SyntaxError(
                        line: line,
                        reason: "text follows a closing quote; put the whole field in quotes, or add a comma")
                }
                field.append(scalar)
                recordHasContent = true
            }
        }
        if inQuotes {
            throw SyntaxError(
                line: quoteLine, reason: "a quoted field opened here never ends; add the closing quote")
        }
        endRecord()
        return records
    }

    /// The records as CSV text, each ending with CRLF.
    public static func write(_ rows: [[String]]) -> String {
        var text = ""
        for row in rows {
            text += row.map(quoted).joined(separator: ",")
            text += "\r\n"
        }
        return text
    }

    /// One field, in quotes when it needs them.
    public static func quoted(_ field: String) -> String {
        let needsQuotes =
            field.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || field.unicodeScalars.first.map { $0.properties.isWhitespace } == true
            || field.unicodeScalars.last.map { $0.properties.isWhitespace } == true
        guard needsQuotes else { return field }
        var text = "\""
        for scalar in field.unicodeScalars {
            text.unicodeScalars.append(scalar)
            if scalar == "\"" { text.unicodeScalars.append(scalar) }
        }
        return text + "\""
    }
}
