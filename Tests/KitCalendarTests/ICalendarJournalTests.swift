import Foundation
import KitCore
import KitTestValues
import Testing

@testable import KitCalendar

@Suite("Memos and diary entries as VJOURNALs")
struct ICalendarJournalTests {
    static let stamp = utc("2027-03-01T08:00:00Z")

    static func calendar(_ lines: String...) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0"] + lines + ["END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
    }

    @Test(
        "a memo and diary entries go out as one VJOURNAL each and come back exactly",
        arguments: [
            CalendarJournal(
                uid: "m1@kit", text: "Shopping\n\n- noodles; eggs, \"chili\"\n  indented \\ line", pinned: true,
                created: utc("2027-02-01T10:00:00Z"), modified: utc("2027-02-03T11:30:00Z")),
            CalendarJournal(uid: "m2@kit", text: "One line only", modified: utc("2027-02-03T11:30:00Z")),
            CalendarJournal(
                uid: "d1@kit", text: "Hiked the ridge\nCold but clear.", day: date(2027, 2, 14), place: "Bukhansan",
                weather: "sunny", mood: "glad",
                fields: [.init(key: "steps", value: "21000"), .init(key: "km", value: "12")]),
            CalendarJournal(
                uid: "d2@kit", text: "Late note", day: date(2027, 2, 15), time: TimeOfDay(hour: 23, minute: 40)),
        ])
    func roundTrip(_ journal: CalendarJournal) throws {
        let text = ICalendarJournal.write(journal, stamp: Self.stamp)
        #expect(text.contains("BEGIN:VJOURNAL\r\n") && text.hasSuffix("END:VCALENDAR\r\n"), "\(text)")
        #expect(try ICalendarJournal.read(text) == journal, "\(text)")
    }

    @Test("a diary day is a DATE, a memo has no DTSTART, and DTSTAMP is the last change")
    func shapes() {
        let diary = ICalendarJournal.write(
            CalendarJournal(uid: "d@kit", text: "x", day: date(2027, 2, 14), modified: utc("2027-02-14T20:00:00Z")),
            stamp: Self.stamp)
        #expect(diary.contains("DTSTART;VALUE=DATE:20270214\r\n") && diary.contains("DTSTAMP:20270214T200000Z\r\n"))
        let memo = ICalendarJournal.write(CalendarJournal(uid: "m@kit", text: "x"), stamp: Self.stamp)
        #expect(!memo.contains("DTSTART") && memo.contains("DTSTAMP:20270301T080000Z\r\n"))
    }

    @Test("a VJOURNAL from another program reads: SUMMARY and DESCRIPTION make the text, UTC times, folded lines")
    func foreign() throws {
        let journal = try ICalendarJournal.read(
            Self.calendar(
                "PRODID:-//techbee//jtx Board//EN", "BEGIN:VJOURNAL", "UID:1705d8a2-jtx", "DTSTAMP:20270301T080000Z",
                "CREATED:20270228T190000Z", "LAST-MODIFIED:20270301T075900Z", "DTSTART;VALUE=DATE:20270228",
                "SUMMARY:Retro notes", "DESCRIPTION:Went well: the release.\\nTo change: fewer meetings and a l",
                " onger lunch.", "CATEGORIES:work", "STATUS:FINAL", "END:VJOURNAL"))
        #expect(journal.uid == "1705d8a2-jtx" && journal.day == date(2027, 2, 28) && journal.time == nil)
        #expect(journal.text == "Retro notes\nWent well: the release.\nTo change: fewer meetings and a longer lunch.")
        #expect(journal.created == utc("2027-02-28T19:00:00Z") && journal.modified == utc("2027-03-01T07:59:00Z"))
        let bare = try ICalendarJournal.read(
            Self.calendar("BEGIN:VJOURNAL", "UID:x", "DESCRIPTION:only a description", "END:VJOURNAL"))
        #expect(bare.text == "only a description" && bare.day == nil)
    }

    @Test(
        "a file that is not one readable VJOURNAL is refused with the reason",
        arguments: [
            (calendar("BEGIN:VTODO", "UID:t", "END:VTODO"), "0 VJOURNALs"),
            (
                calendar("BEGIN:VJOURNAL", "UID:a", "END:VJOURNAL", "BEGIN:VJOURNAL", "UID:b", "END:VJOURNAL"),
                "2 VJOURNALs"
            ),
            (calendar("BEGIN:VJOURNAL", "SUMMARY:x", "END:VJOURNAL"), "no UID"),
            (calendar("BEGIN:VJOURNAL", "UID:a", "DTSTART;VALUE=DATE:20270230", "END:VJOURNAL"), "not a date"),
            (calendar("BEGIN:VJOURNAL", "UID:a", "END:VJOURNL"), "END"),
            ("random bytes \u{1}\u{2}", "VCALENDAR"),
        ])
    func refused(_ text: String, _ reason: String) {
        do {
            let journal = try ICalendarJournal.read(text)
            Issue.record("read as \(journal)")
        } catch {
            #expect(error.message.english.contains(reason), "\(error)")
        }
    }

    @Test("Python's icalendar reads what kit writes")
    func pythonReads() throws {
        let text = ICalendarJournal.write(
            CalendarJournal(
                uid: "d1@kit", text: "Hiked\nCold, clear; windy", day: date(2027, 2, 14), place: "Bukhansan",
                fields: [.init(key: "steps", value: "21000")]),
            stamp: Self.stamp)
        let script = """
            import sys, icalendar
            cal = icalendar.Calendar.from_ical(sys.stdin.read())
            j = [c for c in cal.walk() if c.name == 'VJOURNAL'][0]
            print(j['UID'], j['SUMMARY'], j.decoded('DTSTART').isoformat(), repr(str(j['DESCRIPTION'])), j['LOCATION'])
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: data, as: UTF8.self) == "d1@kit Hiked 2027-02-14 'Cold, clear; windy' Bukhansan\n")
    }
}
