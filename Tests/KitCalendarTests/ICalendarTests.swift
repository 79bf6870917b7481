import KitCalendar
import KitCore
import KitTestValues
import Testing

@Suite("iCalendar export and import")
struct ICalendarTests {
    static let minute = 60 * Nanoseconds.second
    static let stamp = utc("2026-11-21T10:00:00Z")

    static func tasks() throws -> [CalendarTask] {
        [
            CalendarTask(
                uid: "task-1@kit", title: "Pay rent, really", note: "a; b, c \\ d\nsecond line",
                due: .local(at(2026, 11, 30, 18), tzid: "Europe/Berlin"),
                recurrence: try Recurrence.parse("monthly on day 31"),
                alerts: [1440 * minute, 60 * minute, 10 * minute]),
            CalendarTask(
                uid: "task-2@kit", title: "Dentist", due: .date(date(2026, 12, 3)), status: .completed),
            CalendarTask(
                uid: "task-3@kit", title: "Call", due: .utc(utc("2026-11-25T17:30:00Z")), alerts: [90_000_000_000]),
            CalendarTask(
                uid: "task-4@kit", title: "Stand-up", due: .local(at(2026, 11, 23, 9, 15), tzid: nil),
                recurrence: try Recurrence.parse("weekdays until 2027-01-31")),
            CalendarTask(uid: "task-5@kit", title: "Someday", status: .cancelled),
        ]
    }

    @Test("what the writer writes, the reader reads back unchanged")
    func roundTrip() throws {
        let tasks = try Self.tasks()
        let text = ICalendarWriter.write(tasks, stamp: Self.stamp)
        let imported = try ICalendarReader.read(text)
        // Each pre-alert is written as a VALARM, which a watched calendar reads as it stands.
        for (read, task) in zip(imported.tasks.map(\.task), tasks) {
            #expect(read.alarms.map(\.trigger) == task.alerts.map { .start(Nanoseconds(-$0.value)) })
            #expect(read.alarms.allSatisfy { $0.action == .display && $0.text == task.title })
        }
        #expect(
            imported.tasks.map {
                var task = $0.task
                task.alarms = []
                return task
            } == tasks)
        #expect(imported.tasks.allSatisfy { $0.component == "VTODO" })
        #expect(imported.skipped.isEmpty, "\(imported.skipped)")
    }

    @Test("a task with an end is written back as an event: DTSTART, DTEND, LOCATION, no DUE or STATUS; and read again")
    func eventRoundTrip() throws {
        var meeting = CalendarTask(
            uid: "meet@x", title: "주간 회의", due: .local(at(2026, 12, 10, 14), tzid: "Asia/Seoul"),
            recurrence: try Recurrence.parse("weekly"))
        meeting.end = .local(at(2026, 12, 10, 15, 30), tzid: "Asia/Seoul")
        meeting.location = "3층 대회의실, B동"
        var holiday = CalendarTask(uid: "day@x", title: "Holiday", due: .date(date(2026, 12, 25)))
        holiday.end = .date(date(2026, 12, 27))
        var todo = CalendarTask(uid: "todo@x", title: "Call", due: .utc(utc("2026-11-25T17:30:00Z")))
        todo.location = "Office"
        let text = ICalendarWriter.write([meeting, holiday, todo], stamp: Self.stamp)
        #expect(text.contains("LOCATION:3층 대회의실\\, B동\r\n"), "\(text)")
        #expect(text.contains("DTEND;TZID=Asia/Seoul:20261210T153000\r\n"))
        #expect(text.contains("DTEND;VALUE=DATE:20261227\r\n"))
        let imported = try ICalendarReader.read(text)
        #expect(imported.tasks.map(\.component) == ["VEVENT", "VEVENT", "VTODO"])
        #expect(imported.tasks.map(\.task) == [meeting, holiday, todo])
        #expect(imported.skipped.isEmpty, "\(imported.skipped)")
        // A VEVENT has no DUE, and no COMPLETED status.
        let event = text.components(separatedBy: "BEGIN:VEVENT")[1].components(separatedBy: "END:VEVENT")[0]
        #expect(!event.contains("DUE") && !event.contains("STATUS"), "\(event)")
    }

    @Test("the writer produces RFC 5545 text: CRLF, escaping, TZID, RRULE, STATUS and alarms")
    func writerOutput() throws {
        let text = ICalendarWriter.write([try Self.tasks()[0]], stamp: Self.stamp)
        let expected = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//kit//kit 0.1//EN", "CALSCALE:GREGORIAN", "BEGIN:VTODO",
            "UID:task-1@kit", "DTSTAMP:20261121T100000Z", "SUMMARY:Pay rent\\, really",
            "DESCRIPTION:a\\; b\\, c \\\\ d\\nsecond line", "DTSTART;TZID=Europe/Berlin:20261130T180000",
            "RRULE:FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1", "DUE;TZID=Europe/Berlin:20261130T180000",
            "STATUS:NEEDS-ACTION", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Pay rent\\, really", "TRIGGER:-P1D",
            "END:VALARM", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Pay rent\\, really", "TRIGGER:-PT1H",
            "END:VALARM", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Pay rent\\, really", "TRIGGER:-PT10M",
            "END:VALARM", "END:VTODO", "END:VCALENDAR",
        ]
        #expect(text == expected.map { $0 + "\r\n" }.joined())
        let others = ICalendarWriter.write(Array(try Self.tasks()[1...2]), stamp: Self.stamp)
        #expect(others.contains("DUE;VALUE=DATE:20261203\r\n"))
        #expect(others.contains("STATUS:COMPLETED\r\n"))
        #expect(others.contains("DUE:20261125T173000Z\r\n"))
        #expect(others.contains("TRIGGER:-PT1M30S\r\n"))
    }

    @Test("long Korean text is folded at 75 octets without splitting a character, and unfolded back")
    func foldsKorean() throws {
        let title = String(repeating: "마감 전에 보고서를 꼭 제출하세요. ", count: 12) + "끝"
        // (libical drops whitespace at the end of a line it reads, so neither text ends in a space.)
        let note = "첫 줄\n" + String(repeating: "한국어 설명; 쉼표, 그리고 역슬래시 \\ ", count: 10) + "끝"
        let task = CalendarTask(uid: "k@kit", title: title, note: note, due: .date(date(2026, 12, 24)))
        let text = ICalendarWriter.write([task], stamp: Self.stamp)
        let physical = text.utf8.split(separator: 10).map { Array($0) }
        for (index, line) in physical.enumerated() {
            #expect(line.last == 13, "line \(index + 1) ends with CRLF")
            #expect(line.count - 1 <= 75, "line \(index + 1) has \(line.count - 1) octets")
            #expect(String(validating: line, as: UTF8.self) != nil, "line \(index + 1) is whole UTF-8")
        }
        #expect(physical.count > 20)
        #expect(physical.filter { $0.first == 32 }.count > 10)
        let imported = try ICalendarReader.read(text)
        #expect(imported.tasks.first?.task == task)
    }

    @Test("a fold inside a UTF-8 character, as some writers make, is mended")
    func mendsSplitCharacters() throws {
        let summary = Array("SUMMARY:한국어".utf8)
        // Split after the first byte of '국'.
        let cut = 8 + 3 + 1
        let folded = summary[..<cut] + Array("\r\n ".utf8) + summary[cut...]
        let bytes =
            Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n".utf8) + folded + Array("\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        #expect(try ICalendarReader.read(bytes).tasks.first?.task.title == "한국어")
    }

    @Test("VEVENTs and VTODOs from other programs: DTSTART, TZID, all day, UTC, alarms, and LF line ends")
    func readsOtherPrograms() throws {
        let text = """
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//Example Corp//Calendar//EN
            X-WR-CALNAME:Home
            BEGIN:VTIMEZONE
            TZID:America/New_York
            BEGIN:STANDARD
            TZOFFSETFROM:-0400
            TZOFFSETTO:-0500
            DTSTART:19701101T020000
            END:STANDARD
            END:VTIMEZONE
            BEGIN:VEVENT
            UID:evt-1
            SUMMARY:Book club
            DTSTART;TZID=America/New_York:20261125T180000
            DTEND;TZID=America/New_York:20261125T200000
            RRULE:FREQ=MONTHLY;BYDAY=-1WE
            LOCATION:Library
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER;RELATED=START:-PT15M
            END:VALARM
            END:VEVENT
            BEGIN:VEVENT
            UID:evt-2
            SUMMARY:Holiday
            DTSTART;VALUE=DATE:20261225
            END:VEVENT
            BEGIN:VTODO
            UID:todo-1
            SUMMARY:Renew passport
            DUE:20261201T090000Z
            STATUS:IN-PROCESS
            X-APPLE-SORT-ORDER:3
            END:VTODO
            BEGIN:VJOURNAL
            SUMMARY:Diary
            END:VJOURNAL
            END:VCALENDAR
            """
        let imported = try ICalendarReader.read(text)
        #expect(imported.tasks.count == 3)
        let club = imported.tasks[0]
        #expect(club.component == "VEVENT")
        #expect(club.line == 13)
        #expect(club.task.due == .local(at(2026, 11, 25, 18), tzid: "America/New_York"))
        #expect(club.task.recurrence == (try Recurrence.parseRRULE("FREQ=MONTHLY;BYDAY=-1WE")))
        #expect(club.task.alerts == [15 * Self.minute])
        // An event keeps its end and place (issue 42); one without DTEND lasts its day.
        #expect(club.task.end == .local(at(2026, 11, 25, 20), tzid: "America/New_York"))
        #expect(club.task.location == "Library")
        #expect(imported.tasks[1].task.due == .date(date(2026, 12, 25)))
        #expect(imported.tasks[1].task.end == .date(date(2026, 12, 26)))
        #expect(imported.tasks[1].task.allDay)
        #expect(imported.tasks[2].task.end == nil)
        // What kit does not read is kept as it is, for an export to write back.
        #expect(imported.tasks[2].task.extra == ["X-APPLE-SORT-ORDER:3"])
        #expect(imported.tasks[2].task.due == .utc(utc("2026-12-01T09:00:00Z")))
        #expect(imported.tasks[2].task.status == .needsAction)
        #expect(
            imported.skipped.map { "\($0.name)@\($0.line)" } == [
                "X-WR-CALNAME@4", "VJOURNAL@37",
            ])
    }

    @Test("alarms kit cannot use are skipped and reported, not refused; one at a fixed UTC time is passed on")
    func unusableAlarms() throws {
        let text = Self.calendar(
            "BEGIN:VTODO", "UID:a", "SUMMARY:x", "DUE:20261201T090000Z", "BEGIN:VALARM",
            "TRIGGER;VALUE=DATE-TIME:20261201T080000Z", "END:VALARM", "BEGIN:VALARM", "TRIGGER:PT5M", "END:VALARM",
            "BEGIN:VALARM", "TRIGGER:-PT5M", "REPEAT:2", "DURATION:PT1M", "END:VALARM", "BEGIN:VALARM", "TRIGGER:PT0S",
            "END:VALARM", "BEGIN:VALARM", "TRIGGER:-P999999999W", "END:VALARM", "END:VTODO")
        let imported = try ICalendarReader.read(text)
        #expect(imported.tasks[0].task.alerts == [5 * Self.minute])
        #expect(imported.tasks[0].task.fixedAlerts == [utc("2026-12-01T08:00:00Z")])
        #expect(imported.skipped.map(\.line) == [11, 15, 16, 22])
        let floating = try ICalendarReader.read(
            Self.calendar(
                "BEGIN:VTODO", "UID:a", "DUE:20261201T090000Z", "BEGIN:VALARM",
                "TRIGGER;VALUE=DATE-TIME:20261201T080000",
                "END:VALARM", "END:VTODO"))
        #expect(floating.tasks[0].task.fixedAlerts.isEmpty)
        #expect(floating.skipped.map(\.line) == [7] && floating.skipped[0].description.contains("UTC time"))
    }

    @Test("RDATE and EXDATE lists come in as the file writes them: TZID, UTC, all day, a period's start")
    func readsSeriesDates() throws {
        let text = Self.calendar(
            "BEGIN:VEVENT", "UID:sync@google.com", "SUMMARY:sync", "DTSTART;TZID=Europe/Berlin:20270105T090000",
            "RRULE:FREQ=WEEKLY", "EXDATE;TZID=Europe/Berlin:20270112T090000,20270119T090000", "EXDATE:20270126T080000Z",
            "RDATE;VALUE=PERIOD:20270108T140000Z/PT1H", "RDATE;VALUE=DATE:20270130", "END:VEVENT")
        let task = try #require(try ICalendarReader.read(text).tasks.first?.task)
        #expect(
            task.removedDates == [
                .local(at(2027, 1, 12, 9), tzid: "Europe/Berlin"), .local(at(2027, 1, 19, 9), tzid: "Europe/Berlin"),
                .utc(utc("2027-01-26T08:00:00Z")),
            ])
        #expect(task.addedDates == [.utc(utc("2027-01-08T14:00:00Z")), .date(date(2027, 1, 30))])
    }

    @Test("a RECURRENCE-ID component is read with its range, and written back after its series")
    func overrides() throws {
        let text = Self.calendar(
            "BEGIN:VEVENT", "UID:sync@google.com", "RECURRENCE-ID;TZID=Europe/Berlin:20270112T090000",
            "DTSTART;TZID=Europe/Berlin:20270113T150000", "SUMMARY:sync (moved)", "END:VEVENT", "BEGIN:VEVENT",
            "UID:sync@google.com", "RECURRENCE-ID;RANGE=THISANDFUTURE:20270126T080000Z", "DTSTART:20270126T090000Z",
            "SUMMARY:sync (later)", "END:VEVENT")
        let read = try ICalendarReader.read(text).tasks.map(\.task)
        #expect(
            read.map(\.recurrenceID) == [
                .local(at(2027, 1, 12, 9), tzid: "Europe/Berlin"), .utc(utc("2027-01-26T08:00:00Z")),
            ])
        #expect(read.map(\.thisAndFuture) == [false, true])

        var series = CalendarTask(
            uid: "s@kit", title: "sync", due: .local(at(2027, 1, 5, 9), tzid: "Europe/Berlin"),
            recurrence: try Recurrence.parse("weekly"))
        var change = CalendarTask(
            uid: "s@kit", title: "sync (moved)", due: .local(at(2027, 1, 13, 15), tzid: "Europe/Berlin"))
        change.recurrenceID = .local(at(2027, 1, 12, 9), tzid: "Europe/Berlin")
        series.overrides = [change]
        let written = ICalendarWriter.write([series], stamp: Self.stamp)
        #expect(
            written.contains("RECURRENCE-ID;TZID=Europe/Berlin:20270112T090000\r\nSUMMARY:sync (moved)"), "\(written)")
        let again = try ICalendarReader.read(written).tasks.map(\.task)
        #expect(again.count == 2 && again[1].recurrenceID == change.recurrenceID && again[1].due == change.due)
    }

    @Test("the writer writes a series' dates in DUE's form, and the reader reads them back")
    func writesSeriesDates() throws {
        var task = CalendarTask(
            uid: "s@kit", title: "sync", due: .local(at(2027, 1, 5, 9), tzid: "Europe/Berlin"),
            recurrence: try Recurrence.parse("weekly"))
        task.addedDates = [.local(at(2027, 1, 8, 15), tzid: "Europe/Berlin")]
        task.removedDates = [.local(at(2027, 1, 12, 9), tzid: "Europe/Berlin")]
        let text = ICalendarWriter.write([task], stamp: Self.stamp)
        #expect(text.contains("\r\nRDATE;TZID=Europe/Berlin:20270108T150000\r\n"), "\(text)")
        #expect(text.contains("\r\nEXDATE;TZID=Europe/Berlin:20270112T090000\r\n"), "\(text)")
        #expect(try ICalendarReader.read(text).tasks.map(\.task) == [task])
    }

    @Test("a VTODO due after its start repeats by its due: the series moves to due times, or says it cannot")
    func dueAfterStart() throws {
        let berlin = { (civil: CivilDateTime) in CalendarDue.local(civil, tzid: "Europe/Berlin") }
        // Starts Mondays 08:00, due 18:00 the same day: the series, its EXDATE and UNTIL move by 10 h.
        let sameDay = try #require(
            try ICalendarReader.read(
                Self.calendar(
                    "BEGIN:VTODO", "UID:a", "SUMMARY:backups", "DTSTART;TZID=Europe/Berlin:20270301T080000",
                    "DUE;TZID=Europe/Berlin:20270301T180000", "RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20270329T080000",
                    "EXDATE;TZID=Europe/Berlin:20270315T080000", "END:VTODO")
            ).tasks.first?.task)
        #expect(sameDay.dueAfterStart == 10 * 3600)
        #expect(sameDay.removedDates == [berlin(at(2027, 3, 15, 18))])
        #expect(sameDay.recurrence?.end == .until(.local(at(2027, 3, 29, 18))))
        // Starts Monday, due Friday 17:00, weekly on Mondays: due weekly on Fridays.
        let friday = try ICalendarReader.read(
            Self.calendar(
                "BEGIN:VTODO", "UID:b", "SUMMARY:report", "DTSTART;TZID=Europe/Berlin:20270301T090000",
                "DUE;TZID=Europe/Berlin:20270305T170000", "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=4", "END:VTODO"))
        let weekly = try #require(friday.tasks.first?.task.recurrence)
        #expect(weekly.byDay == [.init(.friday)] && weekly.end == .count(4))
        #expect(friday.skipped.isEmpty)
        // Started on the 31st, due the next day, monthly: no rule from the due gives those days.
        let monthEnd = try ICalendarReader.read(
            Self.calendar(
                "BEGIN:VTODO", "UID:c", "SUMMARY:invoice", "DTSTART;VALUE=DATE:20270131", "DUE;VALUE=DATE:20270201",
                "RRULE:FREQ=MONTHLY;BYMONTHDAY=-1", "END:VTODO"))
        #expect(monthEnd.tasks.first?.task.dueAfterStart == 0)
        #expect(monthEnd.skipped.map(\.line) == [6] && monthEnd.skipped[0].description.contains("from DUE"))
    }

    @Test("a second RRULE is kept and written back; one kit cannot follow is left out, or refuses the file strictly")
    func moreRules() throws {
        let text = Self.calendar(
            "BEGIN:VEVENT", "UID:review", "SUMMARY:review", "DTSTART;TZID=America/New_York:20270104T090000",
            "RRULE:FREQ=MONTHLY;BYDAY=1MO", "RRULE:FREQ=MONTHLY;BYDAY=3WE", "RRULE:FREQ=MINUTELY", "END:VEVENT")
        let read = try ICalendarReader.read(text, strict: false)
        let task = try #require(read.tasks.first?.task)
        #expect(task.moreRules == [try Recurrence.parseRRULE("FREQ=MONTHLY;BYDAY=3WE")])
        #expect(read.skipped.map(\.line) == [9] && read.skipped[0].description.contains("MINUTELY"), "\(read.skipped)")
        #expect(throws: ICalendarError.self) { try ICalendarReader.read(text) }
        let written = ICalendarWriter.write([task], stamp: Self.stamp)
        #expect(written.contains("RRULE:FREQ=MONTHLY;BYDAY=1MO\r\nRRULE:FREQ=MONTHLY;BYDAY=3WE\r\n"), "\(written)")
        #expect(try ICalendarReader.read(written).tasks.first?.task.moreRules == task.moreRules)
    }

    @Test("leniently, an alarm libical cannot read costs the task only that alarm")
    func badAlarm() throws {
        let text = Self.calendar(
            "BEGIN:VTODO", "UID:a", "SUMMARY:x", "DUE:20301201T090000Z", "BEGIN:VALARM", "TRIGGER:banana",
            "END:VALARM", "BEGIN:VALARM", "TRIGGER:-PT10M", "END:VALARM", "END:VTODO")
        let read = try ICalendarReader.read(text, strict: false)
        #expect(read.tasks.map(\.task.alerts) == [[10 * Self.minute]])
        #expect(read.rejected.isEmpty)
        #expect(read.skipped.map(\.line) == [7] && read.skipped[0].description.contains("TRIGGER"), "\(read.skipped)")
        #expect(throws: ICalendarError.self) { try ICalendarReader.read(text) }
    }

    @Test(
        "leniently, an empty RRULE, COUNT with UNTIL, and an UNTIL before DTSTART import the task as well as kit can",
        arguments: [
            ("RRULE:", nil, "it is empty"),
            ("RRULE:FREQ=DAILY;COUNT=3;UNTIL=20300110T000000Z", "FREQ=DAILY;COUNT=3", "both COUNT and UNTIL"),
            (
                "RRULE:FREQ=DAILY;COUNT=30;UNTIL=20300103T235959Z", "FREQ=DAILY;UNTIL=20300103T235959Z",
                "both COUNT and UNTIL"
            ),
            ("RRULE:FREQ=DAILY;UNTIL=20291231T000000Z", nil, "does not repeat"),
        ] as [(String, String?, String)])
    func oddRules(rule: String, kept: String?, note: String) throws {
        let text = Self.calendar("BEGIN:VTODO", "UID:a", "SUMMARY:x", "DTSTART:20300101T090000Z", rule, "END:VTODO")
        let read = try ICalendarReader.read(text, strict: false)
        #expect(read.rejected.isEmpty, "\(read.rejected)")
        #expect(read.tasks.first?.task.recurrence?.rrule == kept)
        #expect(read.skipped.contains { $0.line == 7 && $0.description.contains(note) }, "\(read.skipped)")
        #expect(throws: ICalendarError.self) { try ICalendarReader.read(text) }
    }

    static func calendar(_ lines: String...) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0"] + lines + ["END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
    }

    @Test(
        "a broken file is refused whole, naming the line",
        arguments: [
            (["BEGIN:VCALENDAR", "BEGIN:VTODO", "SUMMARY:x", "END:VTODO"], 1, "never closed"),
            (
                ["BEGIN:VCALENDAR", "BEGIN:VTODO", "SUMMARY:x", "END:VEVENT", "END:VCALENDAR"], 4,
                "does not match BEGIN:VTODO on line 2"
            ),
            (
                ["BEGIN:VCALENDAR", "BEGIN:VTODO", "DUE:20260230T100000", "END:VTODO", "END:VCALENDAR"], 3,
                "'20260230T100000'"
            ),
            (
                ["BEGIN:VCALENDAR", "BEGIN:VTODO", "DUE;VALUE=DATE:2026123", "END:VTODO", "END:VCALENDAR"], 3,
                "value of DUE cannot be read"
            ),
            (
                ["BEGIN:VCALENDAR", "BEGIN:VTODO", "RRULE:FREQ=MINUTELY", "END:VTODO", "END:VCALENDAR"], 3,
                "FREQ=MINUTELY"
            ),
            (
                ["BEGIN:VCALENDAR", "BEGIN:VTODO", "SUMMARY no colon", "END:VTODO", "END:VCALENDAR"], 3,
                "not a property"
            ),
            (["BEGIN:VCALENDAR", "END:VTODO"], 2, "END:VTODO does not match BEGIN:VCALENDAR"),
            (["BEGIN:VCALENDAR", "END:VCALENDAR", "END:VCALENDAR"], 3, "no matching BEGIN"),
            (["VERSION:2.0", "BEGIN:VCALENDAR", "END:VCALENDAR"], 1, "before BEGIN:VCALENDAR"),
            (["BEGIN:VTODO", "END:VTODO"], 1, "no BEGIN:VCALENDAR"),
            ([], 1, "no BEGIN:VCALENDAR"),
            (
                ["BEGIN:VCALENDAR", "BEGIN:VTODO", "BEGIN:VTODO", "END:VTODO", "END:VTODO", "END:VCALENDAR"], 3,
                "cannot stand inside"
            ),
            (["BEGIN:VCALENDAR", "BEGIN:VALARM", "END:VALARM", "END:VCALENDAR"], 2, "cannot stand inside"),
            (
                [
                    "BEGIN:VCALENDAR", "BEGIN:VTODO", "BEGIN:VALARM", "TRIGGER:soon", "END:VALARM", "END:VTODO",
                    "END:VCALENDAR",
                ],
                4, "value of TRIGGER cannot be read"
            ),
            (
                [
                    "BEGIN:VCALENDAR", "BEGIN:VTODO", "DTSTART;VALUE=DATE:20260130", "RRULE:FREQ=MONTHLY;BYMONTH=2",
                    "END:VTODO", "END:VCALENDAR",
                ],
                4, "never occurs"
            ),
            (
                [
                    "BEGIN:VCALENDAR", "BEGIN:VTODO", "DUE;TZID=\"Europe/Berlin:20261201T090000", "END:VTODO",
                    "END:VCALENDAR",
                ], 3, "value of DUE cannot be read"
            ),
            (
                [
                    "BEGIN:VCALENDAR", "BEGIN:VTODO", "DUE;VALUE=PERIOD:20261201T090000/PT1H", "END:VTODO",
                    "END:VCALENDAR",
                ], 3, "DUE"
            ),
            (["BEGIN:VCALENDAR", "BEGIN:VTODO", "DU E:x", "END:VTODO", "END:VCALENDAR"], 3, "property name"),
        ])
    func refusesBrokenFiles(lines: [String], line: Int, hint: String) {
        let text = lines.map { $0 + "\r\n" }.joined()
        do {
            let imported = try ICalendarReader.read(text)
            Issue.record("accepted: \(imported)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.description.contains(hint), "\(error)")
            #expect(error.description.hasPrefix("line \(line): "))
        }
    }

    @Test("line numbers count physical lines, folds included")
    func lineNumbersCountFolds() {
        let long = "DESCRIPTION:" + String(repeating: "x", count: 200)
        let text = FoldedLines(lines: [
            "BEGIN:VCALENDAR", "BEGIN:VTODO", long, "DUE:2026", "END:VTODO", "END:VCALENDAR",
        ])
        do {
            _ = try ICalendarReader.read(text.folded)
            Issue.record("accepted")
        } catch {
            #expect(error.line == 6)
        }
    }

    @Test("one bad task among good ones means nothing is imported")
    func allOrNothing() {
        let text = Self.calendar(
            "BEGIN:VTODO", "UID:good", "SUMMARY:fine", "END:VTODO", "BEGIN:VTODO", "UID:bad", "DUE:tomorrow",
            "END:VTODO")
        #expect(throws: ICalendarError.self) { try ICalendarReader.read(text) }
    }

    @Test("an export keeps a month-end move its first due never meets in X-KIT-SKIP, which import reads back")
    func exportKeepsTheMonthEnd() throws {
        let quarterly = CalendarTask(
            uid: "q@kit", title: "quarterly review", due: .local(at(2030, 1, 15, 15), tzid: nil),
            recurrence: try Recurrence.parse("every 3 months"))
        let text = ICalendarWriter.write([quarterly], stamp: utc("2026-11-21T10:00:00Z"))
        #expect(text.contains("\r\nRRULE;X-KIT-SKIP=BACKWARD:FREQ=MONTHLY;INTERVAL=3\r\n"), "\(text)")
        let read = try ICalendarReader.read(text).tasks.map(\.task)
        #expect(read == [quarterly])

        // From the 31st, RFC 5545 says it alone, and the first due's own day is not kept as a
        // BYMONTHDAY the rule did not have.
        let rent = CalendarTask(
            uid: "r@kit", title: "rent", due: .local(at(2030, 1, 31, 9), tzid: nil),
            recurrence: try Recurrence.parse("monthly"))
        let rentText = ICalendarWriter.write([rent], stamp: utc("2026-11-21T10:00:00Z"))
        #expect(rentText.contains("\r\nRRULE:FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1\r\n"), "\(rentText)")
        #expect(try ICalendarReader.read(rentText).tasks.map(\.task) == [rent])
    }

    @Test("X-KIT-SKIP on a rule kit cannot move to the month's end leaves RFC 5545's reading")
    func foreignParameter() throws {
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:x", "SUMMARY:pay",
            "DTSTART:20300101T090000", "DUE:20300101T090000", "RRULE;X-KIT-SKIP=BACKWARD:FREQ=MONTHLY;BYMONTHDAY=1,31",
            "END:VTODO", "END:VCALENDAR",
        ].map { $0 + "\r\n" }.joined()
        let read = try ICalendarReader.read(text).tasks.map(\.task)
        #expect(read.first?.recurrence == (try Recurrence.parseRRULE("FREQ=MONTHLY;BYMONTHDAY=1,31")))
    }
}

/// Folds lines as a strict 75-octet writer would, for building test input.
private struct FoldedLines {
    var lines: [String]

    var folded: String {
        lines.map { line in
            var chunks: [String] = []
            var rest = Substring(line)
            var limit = 75
            while rest.utf8.count > limit {
                chunks.append(String(rest.prefix(limit)))
                rest = rest.dropFirst(limit)
                limit = 74
            }
            chunks.append(String(rest))
            return chunks.joined(separator: "\r\n ") + "\r\n"
        }.joined()
    }
}
