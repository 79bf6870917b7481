import Foundation
import KitCore
import Testing

@testable import KitDaemon

/// The alarms of a watched calendar's file, read as kitd reads them and planned on a clock the
/// test sets: every TRIGGER form of RFC 5545, REPEAT, changed and taken-out occurrences, DST.
@Suite("Watched calendar alarms")
struct WatchedAlarmTests {
    static var berlin: any UTCOffsets { SettableZones(system: "Europe/Berlin").system }
    static let now = Timestamp.parse("2027-01-01T00:00:00Z")!

    static func calendar(_ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"] + lines + ["END:VCALENDAR"])
            .map { $0 + "\r\n" }.joined()
    }

    static func alarm(_ lines: String...) -> [String] { ["BEGIN:VALARM"] + lines + ["END:VALARM"] }

    static func items(_ lines: [String], system: String = "Europe/Berlin") throws -> [WatchedItem] {
        let zones = SettableZones(system: system)
        return try WatchedCalendarReader.items(calendar(lines), zones: zones.snapshot(), now: now).get()
    }

    /// The rings from `now` on for a year, as UTC times `2027-01-04T08:50:00Z`.
    static func rings(_ item: WatchedItem, system: String = "Europe/Berlin", from: WallTime = now) -> [String] {
        let zone = SettableZones(system: system).system
        let zoned = item.task.zone.flatMap { SettableZones(system: $0).system } ?? zone
        return item.rings(after: from, through: from + 366 * 86_400 * Nanoseconds.second, in: zoned).map {
            Timestamp.rfc3339($0.at, fractionDigits: 0)
        }
    }

    @Test("every TRIGGER form: before and after the start, from the end, at a UTC instant, and repeated")
    func triggerForms() throws {
        let event =
            [
                "BEGIN:VEVENT", "UID:meeting@example.com", "SUMMARY:Meeting",
                "DTSTART;TZID=Europe/Berlin:20270104T100000", "DTEND;TZID=Europe/Berlin:20270104T110000",
            ]
            + Self.alarm("ACTION:DISPLAY", "TRIGGER:-PT10M", "DESCRIPTION:None")
            + Self.alarm("ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT5M", "DESCRIPTION:wrap up")
            + Self.alarm("ACTION:AUDIO", "TRIGGER:PT15M")
            + Self.alarm("ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:20270104T080000Z")
            + Self.alarm("ACTION:DISPLAY", "TRIGGER:-PT30M", "REPEAT:2", "DURATION:PT5M")
            + Self.alarm("ACTION:EMAIL", "TRIGGER:-PT1H", "ATTENDEE:mailto:a@example.com")
            + ["END:VEVENT"]
        let item = try #require(try Self.items(event).first)
        #expect(item.alarms.count == 5, "EMAIL is not kept: \(item.alarms)")
        #expect(item.alarms[0].text == nil, "khal's DESCRIPTION:None is no text")
        #expect(item.alarms[1].text == "wrap up")
        #expect(item.alarms[2].action == .audio)
        #expect(
            Self.rings(item)
                == [
                    "2027-01-04T08:30:00Z", "2027-01-04T08:35:00Z", "2027-01-04T08:40:00Z",  // -PT30M, twice again
                    "2027-01-04T08:50:00Z",  // -PT10M before 10:00 Berlin
                    "2027-01-04T08:00:00Z",  // the UTC instant
                    "2027-01-04T09:15:00Z",  // PT15M after the start
                    "2027-01-04T09:55:00Z",  // 5 min before the end
                ].sorted())
    }

    @Test("a to-do's alarms come from its DUE (RELATED=END) and its DTSTART; one done rings no more")
    func todos() throws {
        let due = [
            "BEGIN:VTODO", "UID:report@example.com", "SUMMARY:Report", "DTSTART;TZID=Europe/Berlin:20270105T090000",
            "DUE;TZID=Europe/Berlin:20270105T180000",
        ]
        let todo = try #require(
            try Self.items(
                due + Self.alarm("ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT1H")
                    + Self.alarm("ACTION:DISPLAY", "TRIGGER:-PT1H") + ["END:VTODO"]
            ).first)
        #expect(Self.rings(todo) == ["2027-01-05T07:00:00Z", "2027-01-05T16:00:00Z"])
        // Without DTSTART, the start is the DUE (as todoman and Tasks.org write them).
        let bare = try #require(
            try Self.items(
                [
                    "BEGIN:VTODO", "UID:bins@example.com", "SUMMARY:Bins", "DUE;TZID=Europe/Berlin:20270105T180000",
                ] + Self.alarm("ACTION:DISPLAY", "TRIGGER:-PT10M") + ["END:VTODO"]
            ).first)
        #expect(Self.rings(bare) == ["2027-01-05T16:50:00Z"])
        let done = try #require(
            try Self.items(
                due + ["STATUS:COMPLETED"] + Self.alarm("ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT1H") + ["END:VTODO"]
            ).first)
        #expect(Self.rings(done).isEmpty)
        #expect(try Self.items(due + ["STATUS:CANCELLED", "END:VTODO"]).isEmpty)
    }

    @Test("a series rings for each occurrence but those taken out; a changed one rings by its own alarms")
    func series() throws {
        let lines =
            [
                "BEGIN:VEVENT", "UID:standup@example.com", "SUMMARY:Standup",
                "DTSTART;TZID=Europe/Berlin:20270104T100000", "DTEND;TZID=Europe/Berlin:20270104T101500",
                "RRULE:FREQ=WEEKLY;COUNT=5", "EXDATE;TZID=Europe/Berlin:20270111T100000",
            ]
            + Self.alarm("ACTION:DISPLAY", "TRIGGER:-PT10M")
            + Self.alarm("ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:20270103T120000Z")
            + [
                "END:VEVENT", "BEGIN:VEVENT", "UID:standup@example.com", "SUMMARY:Standup (moved)",
                "RECURRENCE-ID;TZID=Europe/Berlin:20270118T100000", "DTSTART;TZID=Europe/Berlin:20270118T140000",
                "DTEND;TZID=Europe/Berlin:20270118T141500",
            ]
            + Self.alarm("ACTION:DISPLAY", "TRIGGER:-PT1H")
            + [
                "END:VEVENT", "BEGIN:VEVENT", "UID:standup@example.com", "SUMMARY:Standup",
                "RECURRENCE-ID;TZID=Europe/Berlin:20270125T100000", "DTSTART;TZID=Europe/Berlin:20270125T100000",
                "DTEND;TZID=Europe/Berlin:20270125T101500", "END:VEVENT",
            ]
        let item = try #require(try Self.items(lines).first)
        #expect(
            Self.rings(item) == [
                "2027-01-03T12:00:00Z",  // the absolute alarm, once for the series
                "2027-01-04T08:50:00Z",  // the 11th is taken out
                "2027-01-18T12:00:00Z",  // moved to 14:00, with its own -PT1H
                // the 25th's change has no alarm: none
                "2027-02-01T08:50:00Z",
            ])
        let moved = try #require(
            item.rings(after: Self.now, through: Self.now + 40 * 86_400 * Nanoseconds.second, in: Self.berlin).first {
                $0.start == Timestamp.parse("2027-01-18T13:00:00Z")!
            })
        #expect(
            moved.occurrence
                == CivilDateTime(date: CivilDate(year: 2027, month: 1, day: 18), hour: 10, minute: 0, second: 0))
    }

    @Test("an alarm keeps its local time across a DST change, and an all-day event's day starts at midnight")
    func localTimes() throws {
        let weekly = try #require(
            try Self.items(
                [
                    "BEGIN:VEVENT", "UID:church@example.com", "SUMMARY:Service",
                    "DTSTART;TZID=America/New_York:20270307T090000", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=3",
                ] + Self.alarm("ACTION:DISPLAY", "TRIGGER:-PT15M") + ["END:VEVENT"]
            ).first)
        // 2027-03-14 is the US spring-forward day: 08:45 is EST before it, EDT from it.
        #expect(
            Self.rings(weekly) == ["2027-03-07T13:45:00Z", "2027-03-14T12:45:00Z", "2027-03-21T12:45:00Z"])
        let allDay = try #require(
            try Self.items(
                [
                    "BEGIN:VEVENT", "UID:birthday@example.com", "SUMMARY:Birthday", "DTSTART;VALUE=DATE:20270110",
                    "DTEND;VALUE=DATE:20270111",
                ] + Self.alarm("ACTION:DISPLAY", "TRIGGER:-PT15H")
                    + Self.alarm("ACTION:DISPLAY", "TRIGGER;RELATED=END:PT0S")
                    + ["END:VEVENT"]
            ).first)
        // 09:00 the day before, in the system zone (Berlin, UTC+1), and the midnight it ends.
        #expect(Self.rings(allDay) == ["2027-01-09T08:00:00Z", "2027-01-10T23:00:00Z"])
        let floating = try #require(
            try Self.items(
                ["BEGIN:VEVENT", "UID:call@example.com", "SUMMARY:Call", "DTSTART:20270106T120000"]
                    + Self.alarm("ACTION:DISPLAY", "TRIGGER:-PT5M") + ["END:VEVENT"], system: "Asia/Seoul"
            ).first)
        #expect(Self.rings(floating, system: "Asia/Seoul") == ["2027-01-06T02:55:00Z"])
    }

    @Test("only the window's rings are planned, however far the rule runs or the alarm is")
    func window() throws {
        let hourly = try #require(
            try Self.items(
                [
                    "BEGIN:VEVENT", "UID:drink@example.com", "SUMMARY:Drink water",
                    "DTSTART;TZID=Europe/Berlin:20200101T000000", "RRULE:FREQ=HOURLY",
                ] + Self.alarm("ACTION:DISPLAY", "TRIGGER:-P7D") + ["END:VEVENT"]
            ).first)
        let hour = 3600 * Nanoseconds.second
        let rings = hourly.rings(after: Self.now, through: Self.now + 3 * hour, in: Self.berlin)
        #expect(
            rings.map { Timestamp.rfc3339($0.at, fractionDigits: 0) } == [
                "2027-01-01T01:00:00Z", "2027-01-01T02:00:00Z", "2027-01-01T03:00:00Z",
            ])
        #expect(rings.allSatisfy { $0.start - $0.at == 7 * 24 * hour })
        // A limit caps what one look returns.
        #expect(hourly.rings(after: Self.now, through: Self.now + 1000 * hour, in: Self.berlin, limit: 5).count == 5)
    }

    @Test("a file that is not a calendar says why, and one without VEVENT or VTODO gives nothing")
    func unreadable() throws {
        let zones = SettableZones(system: "Europe/Berlin").snapshot()
        guard case .failure(let error) = WatchedCalendarReader.items("hello", zones: zones, now: Self.now) else {
            Issue.record("read as a calendar")
            return
        }
        #expect(error.reason.english.contains("BEGIN:VCALENDAR"), "\(error.reason.english)")
        #expect(try Self.items(["BEGIN:VJOURNAL", "UID:j", "END:VJOURNAL"]).isEmpty)
    }

    @Test("history is not kept: an item rings again only while an alarm of it can come")
    func history() throws {
        func item(_ lines: [String]) throws -> WatchedItem {
            try #require(
                try Self.items(
                    ["BEGIN:VEVENT", "UID:h@example.com", "SUMMARY:H"] + lines
                        + Self.alarm("ACTION:DISPLAY", "TRIGGER:-PT10M") + ["END:VEVENT"]
                ).first)
        }
        func mayRing(_ item: WatchedItem) -> Bool { item.mayRing(after: Self.now, in: Self.berlin) }
        #expect(try !mayRing(item(["DTSTART:20200101T100000Z"])))
        #expect(try mayRing(item(["DTSTART:20270101T100000Z"])))
        #expect(try !mayRing(item(["DTSTART:20200101T100000Z", "RRULE:FREQ=WEEKLY;COUNT=3"])))
        #expect(try mayRing(item(["DTSTART:20200101T100000Z", "RRULE:FREQ=YEARLY"])))
        // An event that ended a minute ago with an alarm 30 min after its end still rings.
        let ended = try #require(
            try Self.items(
                [
                    "BEGIN:VEVENT", "UID:e@example.com", "SUMMARY:E", "DTSTART:20261231T230000Z",
                    "DTEND:20261231T235900Z",
                ] + Self.alarm("ACTION:DISPLAY", "TRIGGER;RELATED=END:PT30M") + ["END:VEVENT"]
            ).first)
        #expect(mayRing(ended))
        // What is kept of an item: never the properties kit does not read, and once compacted,
        // the note's first line.
        let kept = try #require(
            try Self.items([
                "BEGIN:VEVENT", "UID:k@example.com", "SUMMARY:K", "DTSTART:20270101T100000Z", "PRIORITY:1",
                "DESCRIPTION:first line\\nsecond line", "END:VEVENT",
            ]).first)
        #expect(kept.task.extra.isEmpty && kept.task.note == "first line\nsecond line")
        #expect(kept.compacted.task.extra.isEmpty && kept.compacted.task.note == "first line")
    }
}
