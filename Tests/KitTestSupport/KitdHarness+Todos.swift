import Foundation

extension KitdHarness {
    /// Imports `count` VTODOs through `kitctl task import`, each made of its index: its UID, its
    /// title, and its DUE (an iCalendar date-time such as `20300101T090000Z`). Returns the
    /// command's exit code.
    public func importTodos(
        _ count: Int, uid: (Int) -> String, title: (Int) -> String, due: (Int) -> String
    ) throws -> Int32 {
        var ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//kit tests//EN\r\n"
        for index in 0..<count {
            ics += "BEGIN:VTODO\r\nUID:\(uid(index))\r\nSUMMARY:\(title(index))\r\nDUE:\(due(index))\r\nEND:VTODO\r\n"
        }
        ics += "END:VCALENDAR\r\n"
        let file = root.path + "/todos-\(count).ics"
        try ics.write(toFile: file, atomically: true, encoding: .utf8)
        return try kitctl(["task", "import", file]).exitCode
    }
}
