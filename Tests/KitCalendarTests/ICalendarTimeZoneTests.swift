import KitCalendar
import KitCore
import KitTestValues
import Testing

@Suite("VTIMEZONE definitions for exported TZIDs")
struct ICalendarTimeZoneTests {
    /// The VTIMEZONE's lines as libical writes them.
    func lines(_ zone: ICalendarTimeZone) -> [String] { zone.component.text.split(separator: "\r\n").map(String.init) }

    @Test("New York's changes are found to the second and written as observances")
    func newYork() {
        let zone = ICalendarTimeZone(
            tzid: "America/New_York", zone: FoundationZone.newYork, firstYear: 2026, lastYear: 2027)
        #expect(
            zone.changes.map(\.at) == [
                utc("2026-03-08T07:00:00Z"), utc("2026-11-01T06:00:00Z"), utc("2027-03-14T07:00:00Z"),
                utc("2027-11-07T06:00:00Z"),
            ])
        #expect(
            lines(zone) == [
                "BEGIN:VTIMEZONE", "TZID:America/New_York",
                "BEGIN:STANDARD", "DTSTART:20260101T000000", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0500", "END:STANDARD",
                "BEGIN:DAYLIGHT", "DTSTART:20260308T020000", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400",
                "RDATE:20270314T020000", "END:DAYLIGHT",
                "BEGIN:STANDARD", "DTSTART:20261101T020000", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500",
                "RDATE:20271107T020000", "END:STANDARD",
                "END:VTIMEZONE",
            ])
    }

    @Test("a zone without changes is one STANDARD observance")
    func fixed() {
        let zone = ICalendarTimeZone(
            tzid: "Asia/Seoul", zone: FoundationZone("Asia/Seoul"), firstYear: 2025, lastYear: 2036)
        #expect(zone.changes.isEmpty)
        #expect(lines(zone).contains("TZOFFSETTO:+0900") && lines(zone).filter { $0.hasPrefix("BEGIN:") }.count == 2)
    }

    @Test("the writer defines every zone it is given before the tasks")
    func writer() {
        let zone = ICalendarTimeZone(
            tzid: "Europe/Berlin", zone: FoundationZone.berlin, firstYear: 2026, lastYear: 2026)
        let task = CalendarTask(
            uid: "u1", title: "t", note: nil, due: .local(at(2026, 11, 25, 18), tzid: "Europe/Berlin"), recurrence: nil,
            alerts: [], status: .needsAction)
        let text = ICalendarWriter.write([task], stamp: utc("2026-11-20T00:00:00Z"), timeZones: [zone])
        let begin = text.firstRange(of: "BEGIN:VTIMEZONE")
        let todo = text.firstRange(of: "BEGIN:VTODO")
        #expect(begin != nil && todo != nil && begin!.lowerBound < todo!.lowerBound)
        #expect(text.contains("DTSTART:20260329T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200"))
    }
}
