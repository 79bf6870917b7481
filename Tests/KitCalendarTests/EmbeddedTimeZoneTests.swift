import KitCalendar
import KitCore
import KitTestValues
import Testing

@Suite("Zones a file defines in a VTIMEZONE")
struct EmbeddedTimeZoneTests {
    static func vtimezone(_ tzid: String, _ observances: [String]) -> [UInt8] {
        Array(
            (["BEGIN:VTIMEZONE", "TZID:" + tzid] + observances + ["END:VTIMEZONE"]).map { $0 + "\r\n" }.joined().utf8)
    }

    /// As Outlook writes a zone it has no Windows name for: US Eastern rules since 2007.
    static let customized = vtimezone(
        "Customized Time Zone",
        [
            "BEGIN:STANDARD", "DTSTART:16011104T020000", "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11", "TZOFFSETFROM:-0400",
            "TZOFFSETTO:-0500", "END:STANDARD", "BEGIN:DAYLIGHT", "DTSTART:16010311T020000",
            "RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "END:DAYLIGHT",
        ])

    @Test("Outlook's 'Customized Time Zone' gives New York's offsets and is matched to a zone that has them")
    func customized() throws {
        let zone = try #require(EmbeddedTimeZone(tzid: "Customized Time Zone", vtimezone: Self.customized))
        #expect(zone.offset(at: utc("2027-01-10T12:00:00Z")) == -5 * 3600)
        #expect(zone.offset(at: utc("2027-07-10T12:00:00Z")) == -4 * 3600)
        #expect(zone.offset(at: utc("2027-03-14T06:59:59Z")) == -5 * 3600)
        #expect(zone.offset(at: utc("2027-03-14T07:00:00Z")) == -4 * 3600)
        let named = zone.ianaName(
            among: ["Asia/Seoul", "Europe/Berlin", "America/New_York"], years: 2027...2037,
            zone: knownZone)
        #expect(named == "America/New_York")
        // Chicago's changes fall at the same local times, an hour later in UTC: not a match.
        #expect(zone.ianaName(among: ["America/Chicago"], years: 2027...2037, zone: knownZone) == nil)
    }

    @Test("a Thunderbird TZID that ends in an IANA name is tried first")
    func mozillaPath() throws {
        let definition = Self.vtimezone(
            "/mozilla.org/20050126_1/Europe/Berlin",
            [
                "BEGIN:STANDARD", "DTSTART:19701025T030000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10",
                "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD", "BEGIN:DAYLIGHT", "DTSTART:19700329T020000",
                "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "END:DAYLIGHT",
            ])
        let zone = try #require(EmbeddedTimeZone(tzid: "/mozilla.org/20050126_1/Europe/Berlin", vtimezone: definition))
        // Paris has the same offsets, and comes first in the list, but the TZID names Berlin.
        #expect(
            zone.ianaName(among: ["Europe/Paris"], years: 2027...2037, zone: knownZone) == "Europe/Berlin")
    }

    @Test("a zone no real zone agrees with is matched to none")
    func noMatch() throws {
        let definition = Self.vtimezone(
            "Somewhere odd",
            ["BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0547", "TZOFFSETTO:+0547", "END:STANDARD"])
        let zone = try #require(EmbeddedTimeZone(tzid: "Somewhere odd", vtimezone: definition))
        #expect(zone.offset(at: utc("2027-01-10T12:00:00Z")) == 5 * 3600 + 47 * 60)
        #expect(
            zone.ianaName(among: ["Asia/Kathmandu", "Asia/Kolkata"], years: 2027...2037, zone: knownZone)
                == nil)
    }

    @Test("libical's refusal to make a zone of something else is nil, not a crash")
    func notAZone() {
        #expect(EmbeddedTimeZone(tzid: "x", vtimezone: Array("BEGIN:VTODO\r\nEND:VTODO\r\n".utf8)) == nil)
        #expect(EmbeddedTimeZone(tzid: "x", vtimezone: Array("garbage".utf8)) == nil)
    }

    @Test("X-WR-TIMEZONE puts a Google calendar's floating times in its zone, and VTIMEZONEs are kept by TZID")
    func readerKeepsZones() throws {
        let text =
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "X-WR-TIMEZONE:Europe/Berlin",
            ].map { $0 + "\r\n" }.joined() + String(decoding: Self.customized, as: UTF8.self)
            + [
                "BEGIN:VEVENT", "UID:a@google.com", "SUMMARY:floating", "DTSTART:20300105T090000", "END:VEVENT",
                "BEGIN:VEVENT", "UID:b@google.com", "SUMMARY:custom",
                "DTSTART;TZID=Customized Time Zone:20300105T090000",
                "END:VEVENT", "END:VCALENDAR",
            ].map { $0 + "\r\n" }.joined()
        let read = try ICalendarReader.read(text)
        #expect(
            read.tasks.map(\.task.due) == [
                .local(at(2030, 1, 5, 9), tzid: "Europe/Berlin"),
                .local(at(2030, 1, 5, 9), tzid: "Customized Time Zone"),
            ])
        #expect(read.timeZones.keys.sorted() == ["Customized Time Zone"])
        #expect(read.skipped.isEmpty, "\(read.skipped)")
    }
}
