import KitCalendar
import KitCore
import Testing

@Suite("No input crashes the iCalendar reader")
struct ICalendarRobustnessTests {
    static let fragments = [
        "BEGIN:", "END:", "VCALENDAR", "VTODO", "VEVENT", "VALARM", "VTIMEZONE", "\r\n", "\n", "\r\n ", "\r\n\t", ":",
        ";", "=", ",", "\"", "\\", "\\n", " ", "DUE", "DTSTART", "RRULE", "TRIGGER", "SUMMARY", "UID", "TZID=",
        "VALUE=DATE", "VALUE=DATE-TIME", "RELATED=END", "FREQ=", "DAILY", "MONTHLY", "COUNT=", "UNTIL=", "BYDAY=",
        "-1FR", "20261125", "T180000", "Z", "-P", "P", "T", "1W", "999999999D", "-PT10M", "한국어", "\u{0}", "X-",
    ]

    static func randomText(_ generator: inout SplitMix64) -> String {
        let count = Int.random(in: 0...16, using: &generator)
        return (0..<count).map { _ in fragments.randomElement(using: &generator)! }.joined()
    }

    @Test("random text inside and outside a VTODO throws or succeeds, never traps")
    func randomText() {
        var generator = SplitMix64(seed: 20_261_125)
        for _ in 0..<4000 {
            let text = Self.randomText(&generator)
            _ = try? ICalendarReader.read(
                "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n" + text + "\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
            _ = try? ICalendarReader.read(text)
        }
    }

    @Test("random bytes through the iCalendar reader never trap")
    func randomBytes() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...200, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            _ = try? ICalendarReader.read(Array("BEGIN:VCALENDAR\r\n".utf8) + bytes)
            _ = try? ICalendarReader.read(Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n".utf8) + bytes)
        }
    }

    @Test("100,000 nested BEGIN lines are refused at the line where nesting goes too deep, or left out leniently")
    func deepNesting() throws {
        let text =
            "BEGIN:VCALENDAR\r\n" + String(repeating: "BEGIN:X-DEEP\r\n", count: 100_000)
            + String(repeating: "END:X-DEEP\r\n", count: 100_000) + Self.goodTask + "END:VCALENDAR\r\n"
        #expect(throws: ICalendarError(line: 9, message: "BEGIN:X-DEEP is nested 9 deep; kit reads 8 levels")) {
            try ICalendarReader.read(text)
        }
        let lenient = try ICalendarReader.read(text, strict: false)
        #expect(lenient.tasks.map(\.task.title) == ["fine"])
        #expect(lenient.rejected.map(\.line) == [2])
    }

    static let goodTask = "BEGIN:VTODO\r\nUID:ok\r\nSUMMARY:fine\r\nDUE:20301205T100000Z\r\nEND:VTODO\r\n"

    @Test("leniently, a file of random lines after a good task still gives the task, and reports what it left out")
    func randomAfterGood() throws {
        var generator = SplitMix64(seed: 99)
        for _ in 0..<500 {
            // (X-NEXT takes a random first line that starts with a space, which would fold into END:VTODO.)
            let text = "BEGIN:VCALENDAR\r\n" + Self.goodTask + "X-NEXT:1\r\n" + Self.randomText(&generator)
            guard let read = try? ICalendarReader.read(text, strict: false) else {
                Issue.record("refused: \(text)")
                continue
            }
            #expect(read.tasks.first?.task.title == "fine", "\(text)")
        }
    }
}
