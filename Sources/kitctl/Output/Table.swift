/// A plain text table: a header row and left-aligned columns, padded by display width so that
/// Korean and Japanese names line up.
struct Table {
    var headers: [String]
    var rows: [[String]] = []

    init(_ headers: String...) { self.headers = headers }

    mutating func add(_ cells: String...) { rows.append(cells) }

    func render() -> String {
        var widths = headers.map(DisplayWidth.of)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], DisplayWidth.of(cell))
            }
        }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (index, cell) in cells.enumerated() {
                let isLast = index == cells.count - 1
                text += isLast ? cell : cell + String(repeating: " ", count: widths[index] - DisplayWidth.of(cell) + 2)
            }
            // No trailing blanks when the last cells are empty.
            while text.last == " " { text.removeLast() }
            return text
        }
        return ([line(headers)] + rows.map(line)).joined(separator: "\n")
    }
}
