import Foundation
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension FilesIntegration {
    @Suite("Tasks in iCalendar files")
    struct TaskCalendarTests {
        /// Checks an exported file with Python's `icalendar` (Debian's python3-icalendar): every
        /// VTODO has what kit promises, and every TZID is defined by a VTIMEZONE. Prints one
        /// line per VTODO: `SUMMARY|DUE|RRULE|TRIGGER,TRIGGER`.
        static let validator = """
            import sys, icalendar
            calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            assert calendar['VERSION'] == '2.0' and 'PRODID' in calendar
            zones = {str(z['TZID']) for z in calendar.walk('VTIMEZONE')}
            for zone in calendar.walk('VTIMEZONE'):
                assert zone.walk('STANDARD') or zone.walk('DAYLIGHT'), zone
            for todo in calendar.walk('VTODO'):
                for key in ('UID', 'DTSTAMP', 'SUMMARY', 'DUE', 'STATUS'):
                    assert key in todo, (key, todo)
                due = todo['DUE']
                tzid = due.params.get('TZID')
                assert tzid is None or tzid in zones, ('undefined TZID', tzid, zones)
                if 'RRULE' in todo:
                    assert todo['DTSTART'].to_ical() == due.to_ical(), 'DTSTART must equal DUE'
                triggers = [a['TRIGGER'].to_ical().decode() for a in todo.walk('VALARM')]
                for alarm in todo.walk('VALARM'):
                    assert alarm['ACTION'] == 'DISPLAY' and 'DESCRIPTION' in alarm
                rule = todo['RRULE'].to_ical().decode() if 'RRULE' in todo else ''
                print('%s|%s|%s|%s' % (todo['SUMMARY'], due.to_ical().decode(), rule, ','.join(triggers)))
            """

        static func validate(_ path: String, in directory: TemporaryDirectory) throws -> [String] {
            let script = directory.path + "/validate.py"
            try validator.write(toFile: script, atomically: true, encoding: .utf8)
            let result = try Subprocess.run(
                "/usr/bin/python3", [script, path], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
                outputDirectory: directory.path, timeout: .seconds(30))
            #expect(result.exitCode == 0, "icalendar refused the export: \(result)")
            return result.stdout.split(separator: "\n").map(String.init).sorted()
        }

        /// The fields an export carries, for comparing tasks across kitds.
        struct Portable: Equatable {
            var title: String
            var note: String?
            var dueLocal: String
            var zone: String
            var allDay: Bool
            var rule: String?
            var alerts: [Nanoseconds]

            init(_ task: TaskInfo) {
                title = task.title
                note = task.note
                dueLocal = task.dueLocal
                zone = task.effectiveZone
                allDay = task.allDay
                rule = task.repeatRule
                alerts = task.alertsNs
            }
        }

        @Test("an export passes a real iCalendar parser and round-trips through import into another kitd")
        func roundTrip() throws {
            let source = try Self.kitd()
            defer { source.tearDown() }
            let adds: [[String]] = [
                ["pay rent", "--due", "2030-01-31 09:00", "--repeat", "monthly", "--remind", "1d,1h"],
                ["standup", "--due", "2030-01-07 10:00", "--repeat", "weekdays", "--tz", "Europe/Berlin"],
                ["leap birthday", "--due", "2032-02-29", "--repeat", "yearly"],
                [
                    "dentist", "--due", "2030-03-10 02:30", "--tz", "America/New_York", "--note",
                    "bring the card, and\nthe form",
                ],
                ["짜파게티 day", "--due", "2030-04-05 12:00", "--repeat", "monthly on the 2nd tue for 5 times"],
                ["quarterly review", "--due", "2030-01-15 15:00", "--repeat", "every 3 months until 2031-12-31"],
            ]
            for add in adds { #expect(try source.kitctl(["task", "add"] + add).exitCode == 0, "\(add)") }
            let file = source.root.path + "/tasks.ics"
            let exported = try source.kitctl(["task", "export", "--ics", file])
            #expect(exported.exitCode == 0 && exported.stdout.contains("6 tasks"), "\(exported)")
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n") && text.contains("BEGIN:VTIMEZONE\r\nTZID:America/New_York"))

            let checked = try Self.validate(file, in: source.root)
            #expect(checked.count == 6)
            #expect(
                checked.contains("pay rent|20300131T090000|FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1|-P1D,-PT1H"))
            // (icalendar writes the rule's parts in an order of its own.)
            #expect(checked.contains("leap birthday|20320229|FREQ=YEARLY;BYMONTHDAY=28,29;BYMONTH=2;BYSETPOS=-1|"))

            let target = try Self.kitd()
            defer { target.tearDown() }
            let imported = try target.kitctlJSON(["task", "import", file], as: TaskImportResult.self)
            #expect(imported.imported.count == 6 && imported.skipped.isEmpty, "\(imported.skipped)")
            let before = try source.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self).tasks
            let after = try target.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self).tasks
            #expect(after.map(Portable.init) == before.map(Portable.init))
            #expect(Set(after.map(\.uid)) == Set(before.map(\.uid)))
            // Importing the same file again adds nothing: the UIDs are already there.
            let again = try target.kitctlJSON(["task", "import", file], as: TaskImportResult.self)
            #expect(again.imported.isEmpty && again.skipped.count == 6)
            #expect(try target.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self).tasks.count == 6)
        }

        @Test("a month-end task exported after a short month keeps its day: done in the copy lands on the 31st again")
        func monthEndAfterDone() throws {
            let source = try Self.kitd()
            defer { source.tearDown() }
            #expect(
                try source.kitctl(["task", "add", "rent", "--due", "2030-01-31 09:00", "--repeat", "monthly"]).exitCode
                    == 0)
            let moved = try source.kitctlJSON(["task", "done", "rent"], as: TaskInfo.self)
            #expect(moved.dueLocal == "2030-02-28T09:00:00")
            let file = source.root.path + "/rent.ics"
            #expect(try source.kitctl(["task", "export", "--ics", file]).exitCode == 0)
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.contains("RRULE:FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1\r\n"), "\(text)")
            let target = try Self.kitd()
            defer { target.tearDown() }
            #expect(try target.kitctl(["task", "import", file]).exitCode == 0)
            #expect(
                try target.kitctlJSON(["task", "done", "rent"], as: TaskInfo.self).dueLocal == "2030-03-31T09:00:00")
        }

        @Test(
            "importing an old calendar: cancelled items are skipped, past ones are overdue without a popup, repeats move on"
        )
        func pastItems() throws {
            let kit = try KitdHarness(desktop: try DesktopSession())
            defer { kit.tearDown() }
            try kit.startKitd()
            let file = kit.root.path + "/old.ics"
            try """
            BEGIN:VCALENDAR
            BEGIN:VTODO
            UID:old-1
            SUMMARY:Old errand
            DUE:20200105T100000Z
            END:VTODO
            BEGIN:VTODO
            UID:old-2
            SUMMARY:Called off
            STATUS:CANCELLED
            DUE:20300105T100000Z
            END:VTODO
            BEGIN:VEVENT
            UID:old-3
            SUMMARY:Weekly sync
            DTSTART;TZID=Europe/Berlin:20200106T100000
            RRULE:FREQ=WEEKLY
            END:VEVENT
            END:VCALENDAR

            """.write(toFile: file, atomically: true, encoding: .utf8)
            let result = try kit.kitctlJSON(["task", "import", file], as: TaskImportResult.self)
            #expect(result.imported.map(\.title).sorted() == ["Old errand", "Weekly sync"])
            #expect(
                result.skipped.contains { $0.contains("Called off") && $0.contains("cancelled") }, "\(result.skipped)")
            let errand = try kit.kitctlJSON(["task", "show", "Old errand"], as: TaskInfo.self)
            #expect(errand.overdue && errand.state == .open)
            let sync = try kit.kitctlJSON(["task", "show", "Weekly sync"], as: TaskInfo.self)
            let next = try #require(Timestamp.parse(sync.dueAt))
            let now = WallTime(seconds: Date().timeIntervalSince1970)
            #expect(next > now && next - now <= 7 * 86_400 * Nanoseconds.second, "the next Monday 10:00: \(sync.dueAt)")
            #expect(sync.dueLocal.hasSuffix("T10:00:00") && !sync.overdue)
            #expect(
                try Wait.holds(for: .seconds(1)) { try kit.desktop!.notifications().isEmpty },
                "an import is not a reason for popups")
        }

        @Test("events and todos from other programs import; unknown properties are reported and skipped")
        func foreignFile() throws {
            let kit = try Self.kitd()
            defer { kit.tearDown() }
            let file = kit.root.path + "/other.ics"
            try """
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//Example//Other//EN
            BEGIN:VEVENT
            UID:event-1@example.com
            DTSTAMP:20261101T000000Z
            DTSTART;TZID=Asia/Seoul:20301201T190000
            RRULE:FREQ=WEEKLY;BYDAY=TU,TH;COUNT=4
            SUMMARY:Choir practice
            LOCATION:Hall
            X-WR-SOMETHING:odd
            END:VEVENT
            BEGIN:VTODO
            UID:todo-1@example.com
            DTSTAMP:20261101T000000Z
            DUE:20301205T100000Z
            SUMMARY:File taxes
            END:VTODO
            END:VCALENDAR

            """.write(toFile: file, atomically: true, encoding: .utf8)
            let result = try kit.kitctl(["task", "import", file])
            #expect(result.exitCode == 0, "\(result)")
            #expect(
                result.stdout.contains("Imported 2 tasks") && !result.stdout.contains("LOCATION"), "\(result.stdout)")
            // A property kit does not read is kept, not skipped, and an export writes it back.
            #expect(!result.stdout.contains("X-WR-SOMETHING"), "\(result.stdout)")
            let exported = kit.root.path + "/back.ics"
            #expect(try kit.kitctl(["task", "export", "--ics", exported]).exitCode == 0)
            let back = try String(contentsOfFile: exported, encoding: .utf8)
            #expect(back.contains("X-WR-SOMETHING:odd\r\n"), "\(back)")
            let choir = try kit.kitctlJSON(["task", "show", "Choir practice"], as: TaskInfo.self)
            // DTSTART is the first occurrence even off the rule's days (RFC 5545), and counts.
            #expect(choir.zone == "Asia/Seoul" && choir.dueLocal == "2030-12-01T19:00:00")
            #expect(choir.repeatRule == "FREQ=WEEKLY;BYDAY=TU,TH;COUNT=4")
            #expect(choir.location == "Hall" && choir.endAt == choir.dueAt, "an event without DTEND ends as it starts")
            let taxes = try kit.kitctlJSON(["task", "show", "File taxes"], as: TaskInfo.self)
            #expect(taxes.dueAt == "2030-12-05T10:00:00.000000Z")
        }

        @Test("an Outlook meeting in a Windows zone imports in the IANA zone CLDR maps it to")
        func windowsZone() throws {
            let kit = try Self.kitd(zone: "Asia/Seoul")
            defer { kit.tearDown() }
            let file = kit.root.path + "/outlook.ics"
            try [
                "BEGIN:VCALENDAR", "PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN", "VERSION:2.0",
                "METHOD:PUBLISH", "X-MS-OLK-FORCEINSPECTOROPEN:TRUE", "BEGIN:VTIMEZONE", "TZID:Pacific Standard Time",
                "BEGIN:STANDARD", "DTSTART:16011104T020000", "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11",
                "TZOFFSETFROM:-0700", "TZOFFSETTO:-0800", "END:STANDARD", "BEGIN:DAYLIGHT", "DTSTART:16010311T020000",
                "RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3", "TZOFFSETFROM:-0800", "TZOFFSETTO:-0700", "END:DAYLIGHT",
                "END:VTIMEZONE", "BEGIN:VEVENT", "UID:040000008200E00074C5B7101A82E00800000000A0B1C2D3E4F5",
                "SUMMARY:Quarterly planning", "DTSTART;TZID=Pacific Standard Time:20300610T090000",
                "DTEND;TZID=Pacific Standard Time:20300610T100000", "X-MICROSOFT-CDO-BUSYSTATUS:BUSY", "END:VEVENT",
                "END:VCALENDAR",
            ].icsText.write(toFile: file, atomically: true, encoding: .utf8)
            let result = try kit.kitctl(["task", "import", file])
            #expect(result.exitCode == 0, "\(result)")
            let meeting = try kit.kitctlJSON(["task", "show", "Quarterly planning"], as: TaskInfo.self)
            // 09:00 PDT (-07:00) on June 10.
            #expect(
                meeting.zone == "America/Los_Angeles" && meeting.dueAt == "2030-06-10T16:00:00.000000Z", "\(meeting)")
        }

        @Test(
            "with --strict, a malformed or unsupported file changes nothing",
            arguments: [
                "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTODO\nUID:a\nSUMMARY:cut short\nDUE:20301205T100000Z\n",
                "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:good\nDUE:20301205T100000Z\nEND:VTODO\nBEGIN:VTODO\nUID:b\nSUMMARY:bad date\nDUE:20301345T100000Z\nEND:VTODO\nEND:VCALENDAR\n",
                "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:zone\nDUE;TZID=Nowhere/Land:20301205T100000\nEND:VTODO\nEND:VCALENDAR\n",
                "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:rule\nDUE:20301205T100000Z\nRRULE:FREQ=SOMETIMES\nEND:VTODO\nEND:VCALENDAR\n",
                "this is not a calendar at all\n",
            ])
        func malformed(text: String) throws {
            let kit = try Self.kitd()
            defer { kit.tearDown() }
            #expect(try kit.kitctl(["task", "add", "existing", "--due", "2030-01-01 09:00"]).exitCode == 0)
            let file = kit.root.path + "/broken.ics"
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let result = try kit.kitctl(["task", "import", file, "--strict"])
            #expect(result.exitCode != 0 && !result.stderr.isEmpty, "\(result)")
            let tasks = try kit.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self).tasks
            #expect(tasks.map(\.title) == ["existing"])
        }

        /// A file with good items among ones kit cannot read or represent.
        static let mixed = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//Mixed//EN",
            "BEGIN:VTODO", "UID:good-1@example.com", "SUMMARY:Water plants", "DUE:20301205T100000Z", "END:VTODO",
            "BEGIN:VEVENT", "UID:typo@example.com", "SUMMARY:Misspelt end", "DTSTART:20301206T100000Z", "END:VEVNT",
            "BEGIN:VTODO", "UID:date@example.com", "SUMMARY:Bad date", "DUE:20301345T100000Z", "END:VTODO",
            "BEGIN:VTODO", "UID:zone@example.com", "SUMMARY:Nowhere", "DUE;TZID=Nowhere/Land:20301205T100000",
            "END:VTODO",
            "BEGIN:VEVENT", "UID:good-2@example.com", "SUMMARY:Choir", "DTSTART;TZID=Asia/Seoul:20301201T190000",
            "RRULE:FREQ=WEEKLY", "END:VEVENT",
            "END:VCALENDAR",
        ].icsText

        @Test("a file with bad components imports the good ones and reports each bad one with its line, UID and reason")
        func lenient() throws {
            let kit = try Self.kitd()
            defer { kit.tearDown() }
            let file = kit.root.path + "/mixed.ics"
            try Self.mixed.write(toFile: file, atomically: true, encoding: .utf8)

            // A dry run says what would happen and changes nothing.
            let dry = try kit.kitctl(["task", "import", file, "--dry-run"])
            #expect(dry.exitCode == 0, "\(dry)")
            #expect(dry.stdout.contains("Would import 2 tasks") && dry.stdout.contains("left out 3"), "\(dry.stdout)")
            #expect(dry.stdout.contains("+ Water plants") && dry.stdout.contains("+ Choir"), "\(dry.stdout)")
            #expect(try kit.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self).tasks.isEmpty)

            let result = try kit.kitctlJSON(["task", "import", file], as: TaskImportResult.self)
            #expect(result.imported.map(\.title) == ["Water plants", "Choir"])
            #expect(result.dryRun == nil)
            #expect(result.rejected.map(\.line) == [9, 14, 19], "\(result.rejected)")
            #expect(result.rejected.map(\.uid) == ["typo@example.com", "date@example.com", "zone@example.com"])
            #expect(result.rejected.allSatisfy { $0.component != nil && $0.title != nil })
            #expect(
                result.rejected[0].reason.contains("END:VEVNT does not match BEGIN:VEVENT"), "\(result.rejected[0])")
            #expect(result.rejected[1].reason.contains("20301345T100000Z"), "\(result.rejected[1])")
            #expect(result.rejected[2].reason.contains("unknown time zone 'Nowhere/Land'"), "\(result.rejected[2])")
            #expect(
                result.skipped.contains {
                    $0.hasPrefix("line 14: VTODO 'Bad date' (UID date@example.com) not imported")
                })
            let tasks = try kit.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self).tasks
            #expect(Set(tasks.map(\.title)) == ["Water plants", "Choir"])
        }

        @Test(
            "a Google meeting with a cancelled week (EXDATE) and an extra day (RDATE): the agenda, done and export honour both"
        )
        func seriesDates() throws {
            let kit = try Self.kitd(zone: "Europe/Berlin")
            defer { kit.tearDown() }
            let text = [
                "BEGIN:VCALENDAR", "PRODID:-//Google Inc//Google Calendar 70.9054//EN", "VERSION:2.0",
                "X-WR-TIMEZONE:Europe/Berlin", "BEGIN:VEVENT", "DTSTART;TZID=Europe/Berlin:20300107T100000",
                "DTEND;TZID=Europe/Berlin:20300107T103000", "RRULE:FREQ=WEEKLY;BYDAY=MO",
                "EXDATE;TZID=Europe/Berlin:20300114T100000", "RDATE:20300117T140000Z",
                "UID:7kukuqrfedlm2f9t0vs8a3tbd3@google.com", "SUMMARY:Team sync", "END:VEVENT", "END:VCALENDAR",
            ].icsText
            let imported = try kit.kitctlJSON(
                ["task", "import", "-"], as: TaskImportResult.self, stdin: Data(text.utf8))
            #expect(imported.imported.map(\.title) == ["Team sync"] && imported.rejected.isEmpty, "\(imported)")
            let agenda = { (harness: KitdHarness) in try Self.january(harness).map(\.dueAt) }
            // Mondays at 10:00 CET, without the 14th, with Thursday the 17th at 15:00 CET.
            let expected = [
                "2030-01-07T09:00:00.000000Z", "2030-01-17T14:00:00.000000Z", "2030-01-21T09:00:00.000000Z",
                "2030-01-28T09:00:00.000000Z",
            ]
            #expect(try agenda(kit) == expected)
            let done = try kit.kitctlJSON(["task", "done", "Team sync"], as: TaskInfo.self)
            #expect(done.dueAt == "2030-01-17T14:00:00.000000Z")

            let file = kit.root.path + "/sync.ics"
            #expect(try kit.kitctl(["task", "export", "--ics", file]).exitCode == 0)
            let exported = try String(contentsOfFile: file, encoding: .utf8)
            #expect(exported.contains("RDATE;TZID=Europe/Berlin:20300117T150000\r\n"), "\(exported)")
            // The EXDATE is history now: the file's series starts on the 17th.
            #expect(!exported.contains("EXDATE"))
            let copy = try Self.kitd(zone: "Europe/Berlin")
            defer { copy.tearDown() }
            #expect(try copy.kitctl(["task", "import", file]).exitCode == 0)
            #expect(try agenda(copy) == Array(expected.dropFirst()))
        }

        @Test(
            "Google's changes to single meetings, written before their series: moved, renamed and cancelled occurrences survive import, done and a round trip"
        )
        func overrides() throws {
            let kit = try Self.kitd(zone: "Europe/Berlin")
            defer { kit.tearDown() }
            let text = [
                "BEGIN:VCALENDAR", "PRODID:-//Google Inc//Google Calendar 70.9054//EN", "VERSION:2.0",
                "X-WR-TIMEZONE:Europe/Berlin",
                "BEGIN:VEVENT", "DTSTART;TZID=Europe/Berlin:20300116T150000",
                "DTEND;TZID=Europe/Berlin:20300116T153000",
                "UID:weekly-sync@google.com", "RECURRENCE-ID;TZID=Europe/Berlin:20300114T100000", "SEQUENCE:1",
                "SUMMARY:Team sync (moved)", "END:VEVENT",
                "BEGIN:VEVENT", "DTSTART;TZID=Europe/Berlin:20300121T100000", "UID:weekly-sync@google.com",
                "RECURRENCE-ID;TZID=Europe/Berlin:20300121T100000", "STATUS:CANCELLED", "SUMMARY:Team sync",
                "END:VEVENT",
                "BEGIN:VEVENT", "DTSTART;TZID=Europe/Berlin:20300107T100000",
                "DTEND;TZID=Europe/Berlin:20300107T103000",
                "RRULE:FREQ=WEEKLY;BYDAY=MO", "UID:weekly-sync@google.com", "SUMMARY:Team sync", "END:VEVENT",
                "END:VCALENDAR",
            ].icsText
            let imported = try kit.kitctlJSON(
                ["task", "import", "-"], as: TaskImportResult.self, stdin: Data(text.utf8))
            #expect(imported.imported.map(\.title) == ["Team sync"], "\(imported)")
            #expect(imported.rejected.isEmpty && !imported.skipped.contains { $0.contains("already imported") })
            let agenda = { (harness: KitdHarness) in try Self.january(harness).map { "\($0.dueAt) \($0.title)" } }
            let expected = [
                "2030-01-07T09:00:00.000000Z Team sync", "2030-01-16T14:00:00.000000Z Team sync (moved)",
                "2030-01-28T09:00:00.000000Z Team sync",
            ]
            #expect(try agenda(kit) == expected)
            let done = try kit.kitctlJSON(["task", "done", "Team sync"], as: TaskInfo.self)
            #expect(done.dueAt == "2030-01-16T14:00:00.000000Z")

            let file = kit.root.path + "/sync.ics"
            #expect(try kit.kitctl(["task", "export", "--ics", file]).exitCode == 0)
            let exported = try String(contentsOfFile: file, encoding: .utf8)
            #expect(exported.contains("RECURRENCE-ID;TZID=Europe/Berlin:20300114T100000\r\n"), "\(exported)")
            let copy = try Self.kitd(zone: "Europe/Berlin")
            defer { copy.tearDown() }
            #expect(try copy.kitctl(["task", "import", file]).exitCode == 0)
            #expect(try agenda(copy) == Array(expected.dropFirst()))
        }

        @Test(
            "a change to this and future meetings splits the series: later ones move and rename, through done and a round trip"
        )
        func thisAndFuture() throws {
            let kit = try Self.kitd(zone: "Europe/Berlin")
            defer { kit.tearDown() }
            let text = [
                "BEGIN:VCALENDAR", "PRODID:-//Example//EN", "VERSION:2.0",
                "BEGIN:VEVENT", "UID:steering@example.com", "SEQUENCE:1",
                "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20300114T100000",
                "DTSTART;TZID=Europe/Berlin:20300114T113000", "SUMMARY:Steering (new slot)", "END:VEVENT",
                "BEGIN:VEVENT", "UID:steering@example.com", "DTSTART;TZID=Europe/Berlin:20300107T100000",
                "RRULE:FREQ=WEEKLY;COUNT=6", "SUMMARY:Steering", "END:VEVENT", "END:VCALENDAR",
            ].icsText
            let imported = try kit.kitctlJSON(
                ["task", "import", "-"], as: TaskImportResult.self, stdin: Data(text.utf8))
            #expect(imported.imported.map(\.title) == ["Steering"] && imported.skipped.isEmpty, "\(imported)")
            let agenda = { (harness: KitdHarness) in try Self.january(harness).map { "\($0.dueAt) \($0.title)" } }
            let expected = [
                "2030-01-07T09:00:00.000000Z Steering", "2030-01-14T10:30:00.000000Z Steering (new slot)",
                "2030-01-21T10:30:00.000000Z Steering (new slot)", "2030-01-28T10:30:00.000000Z Steering (new slot)",
            ]
            #expect(try agenda(kit) == expected)
            for _ in 0..<2 { #expect(try kit.kitctl(["task", "done", "Steering"]).exitCode == 0) }
            let current = try kit.kitctlJSON(["task", "show", "Steering"], as: TaskInfo.self)
            #expect(current.dueAt == "2030-01-21T10:30:00.000000Z")

            // Exported past the split, the file starts at Jan 21 and says the move from there.
            let file = kit.root.path + "/steering.ics"
            #expect(try kit.kitctl(["task", "export", "--ics", file]).exitCode == 0)
            let exported = try String(contentsOfFile: file, encoding: .utf8)
            #expect(
                exported.contains("RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20300121T100000\r\n")
                    || exported.contains("RECURRENCE-ID;TZID=Europe/Berlin;RANGE=THISANDFUTURE:20300121T100000\r\n"),
                "\(exported)")
            let copy = try Self.kitd(zone: "Europe/Berlin")
            defer { copy.tearDown() }
            #expect(try copy.kitctl(["task", "import", file]).exitCode == 0)
            #expect(try agenda(copy) == Array(expected.dropFirst(2)))
            let february = try copy.connect().call(
                Method.taskAgenda, TaskAgendaParams(from: "2030-02-01T00:00:00Z", to: "2030-03-01T00:00:00Z"))
            #expect(
                (february.items ?? []).map { "\($0.dueAt) \($0.title)" } == [
                    "2030-02-04T10:30:00.000000Z Steering (new slot)",
                    "2030-02-11T10:30:00.000000Z Steering (new slot)",
                ])
        }

        @Test("a cancellation of this and future meetings ends the series there; from its first, it cancels it whole")
        func cancelledFromHereOn() throws {
            let kit = try Self.kitd(zone: "Europe/Berlin")
            defer { kit.tearDown() }
            let series = { (uid: String, title: String, cancelledFrom: String) in
                [
                    "BEGIN:VEVENT", "UID:" + uid, "DTSTART;TZID=Europe/Berlin:20300108T100000",
                    "RRULE:FREQ=WEEKLY;COUNT=10", "RDATE;TZID=Europe/Berlin:20300125T100000", "SUMMARY:" + title,
                    "END:VEVENT", "BEGIN:VEVENT", "UID:" + uid, "STATUS:CANCELLED", "SUMMARY:" + title,
                    "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:" + cancelledFrom,
                    "DTSTART;TZID=Europe/Berlin:" + cancelledFrom, "END:VEVENT",
                ]
            }
            let text =
                (["BEGIN:VCALENDAR", "VERSION:2.0"] + series("retro@x", "Retro", "20300122T100000")
                + series("gone@x", "Gone", "20300108T100000") + ["END:VCALENDAR"]).icsText
            let imported = try kit.kitctlJSON(
                ["task", "import", "-"], as: TaskImportResult.self, stdin: Data(text.utf8))
            #expect(imported.imported.map(\.title) == ["Retro"], "\(imported)")
            #expect(
                imported.skipped.contains { $0.contains("'Gone'") && $0.contains("cancelled") }, "\(imported.skipped)")
            #expect(
                try Self.january(kit).map { "\($0.dueAt) \($0.title)" } == [
                    "2030-01-08T09:00:00.000000Z Retro", "2030-01-15T09:00:00.000000Z Retro",
                ])
        }

        @Test("an occurrence completed on the phone (a COMPLETED change) is passed over by done, and exported as done")
        func occurrenceDoneElsewhere() throws {
            let kit = try Self.kitd(zone: "Europe/Berlin")
            defer { kit.tearDown() }
            let text = [
                "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTODO", "UID:backups@x", "SUMMARY:Check backups",
                "DTSTART;TZID=Europe/Berlin:20300107T180000", "DUE;TZID=Europe/Berlin:20300107T180000",
                "RRULE:FREQ=WEEKLY", "END:VTODO", "BEGIN:VTODO", "UID:backups@x", "SUMMARY:Check backups",
                "RECURRENCE-ID;TZID=Europe/Berlin:20300114T180000", "DUE;TZID=Europe/Berlin:20300114T180000",
                "STATUS:COMPLETED", "COMPLETED:20300113T120000Z", "END:VTODO", "END:VCALENDAR",
            ].icsText
            let imported = try kit.kitctlJSON(
                ["task", "import", "-"], as: TaskImportResult.self, stdin: Data(text.utf8))
            #expect(imported.imported.first?.dueAt == "2030-01-07T17:00:00.000000Z", "\(imported)")
            // Exported, the change still says the Jan 14 occurrence is done; a copy reads it so.
            let file = kit.root.path + "/backups.ics"
            #expect(try kit.kitctl(["task", "export", "--ics", file]).exitCode == 0)
            let exported = try String(contentsOfFile: file, encoding: .utf8)
            let change = exported.components(separatedBy: "BEGIN:VTODO").first {
                $0.contains("RECURRENCE-ID;TZID=Europe/Berlin:20300114T180000")
            }
            #expect(change?.contains("STATUS:COMPLETED") == true, "\(exported)")
            let copy = try Self.kitd(zone: "Europe/Berlin")
            defer { copy.tearDown() }
            #expect(try copy.kitctl(["task", "import", file]).exitCode == 0)
            for harness in [kit, copy] {
                let done = try harness.kitctlJSON(["task", "done", "Check backups"], as: TaskInfo.self)
                #expect(done.dueAt == "2030-01-21T17:00:00.000000Z")
            }
        }

        /// A kitd started in `zone` (the system zone otherwise), or torn down if it cannot start.
        static func kitd(zone: String? = nil) throws -> KitdHarness {
            let kit = try KitdHarness()
            if let zone { kit.extraEnvironment["TZ"] = zone }
            do {
                try kit.startKitd()
            } catch {
                kit.tearDown()
                throw error
            }
            return kit
        }

        /// The agenda of January 2030, through the protocol.
        static func january(_ harness: KitdHarness) throws -> [AgendaItem] {
            let result = try harness.connect().call(
                Method.taskAgenda, TaskAgendaParams(from: "2030-01-01T00:00:00Z", to: "2030-02-01T00:00:00Z"))
            return result.items ?? []
        }

        static func event(_ uid: String, _ title: String, start: String, version: [String]) -> [String] {
            ["BEGIN:VEVENT", "UID:" + uid, "SUMMARY:" + title, "DTSTART:" + start] + version + ["END:VEVENT"]
        }

        static func calendar(_ events: [[String]]) -> Data {
            Data(
                (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//EN"] + events.flatMap { $0 } + ["END:VCALENDAR"])
                    .map { $0 + "\r\n" }.joined().utf8)
        }

        @Test("one version per UID: in a file and against what kit has, the higher SEQUENCE wins, then LAST-MODIFIED")
        func versions() throws {
            let kit = try Self.kitd()
            defer { kit.tearDown() }
            // The newer copy comes first in the file: it wins, and the older one is said.
            let first = try kit.kitctlJSON(
                ["task", "import", "-"], as: TaskImportResult.self,
                stdin: Self.calendar([
                    Self.event("lunch@x", "Lunch (moved)", start: "20301205T120000Z", version: ["SEQUENCE:2"]),
                    Self.event("lunch@x", "Lunch", start: "20301205T110000Z", version: ["SEQUENCE:0"]),
                    Self.event("dentist@x", "Dentist", start: "20301206T100000Z", version: ["SEQUENCE:0"]),
                ]))
            #expect(first.imported.map(\.title) == ["Lunch (moved)", "Dentist"], "\(first)")
            #expect(first.skipped.contains { $0.contains("'Lunch' skipped (a newer version of UID lunch@x") })
            let dentist = try #require(first.imported.last)

            // A newer version updates the task in place and says what changed.
            let second = try kit.kitctlJSON(
                ["task", "import", "-"], as: TaskImportResult.self,
                stdin: Self.calendar([
                    Self.event(
                        "dentist@x", "Dentist (Dr. Kim)", start: "20301206T110000Z",
                        version: ["SEQUENCE:1", "LAST-MODIFIED:20301101T000000Z"])
                ]))
            #expect(second.imported.isEmpty && second.updated.map(\.id) == [dentist.id], "\(second)")
            #expect(second.updated.first?.title == "Dentist (Dr. Kim)")
            #expect(second.updated.first?.dueAt == "2030-12-06T11:00:00.000000Z")
            #expect(second.skipped.contains { $0.contains("updated to a newer version (title, due)") }, "\(second)")

            // The same SEQUENCE with a later LAST-MODIFIED is newer too; an older copy changes nothing.
            let third = try kit.kitctlJSON(
                ["task", "import", "-"], as: TaskImportResult.self,
                stdin: Self.calendar([
                    Self.event(
                        "dentist@x", "Dentist (Dr. Kim, room 3)", start: "20301206T110000Z",
                        version: ["SEQUENCE:1", "LAST-MODIFIED:20301102T000000Z"]),
                    Self.event("lunch@x", "Lunch", start: "20301205T110000Z", version: ["SEQUENCE:1"]),
                ]))
            #expect(third.updated.map(\.title) == ["Dentist (Dr. Kim, room 3)"], "\(third)")
            #expect(third.skipped.contains { $0.contains("'Lunch' skipped (already imported") })
            let titles = try kit.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self).tasks.map(\.title)
            #expect(titles.sorted() == ["Dentist (Dr. Kim, room 3)", "Lunch (moved)"])
        }

        @Test("Outlook's 'Customized Time Zone' is read from its VTIMEZONE and pinned to the zone that agrees with it")
        func customizedZone() throws {
            let kit = try Self.kitd(zone: "Asia/Seoul")
            defer { kit.tearDown() }
            let text = [
                "BEGIN:VCALENDAR", "PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN", "VERSION:2.0",
                "BEGIN:VTIMEZONE", "TZID:Customized Time Zone", "BEGIN:STANDARD", "DTSTART:16011104T020000",
                "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "END:STANDARD",
                "BEGIN:DAYLIGHT", "DTSTART:16010311T020000", "RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3",
                "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "END:DAYLIGHT", "END:VTIMEZONE", "BEGIN:VEVENT",
                "UID:040000008200E00074C5B7101A82E00800000000C0FFEE", "SUMMARY:Board call",
                "DTSTART;TZID=Customized Time Zone:20300715T090000", "END:VEVENT", "BEGIN:VEVENT",
                "UID:040000008200E00074C5B7101A82E00800000000BADBAD", "SUMMARY:Nowhere call",
                "DTSTART;TZID=Made Up Zone:20300715T090000", "END:VEVENT", "END:VCALENDAR",
            ].icsText
            let result = try kit.kitctlJSON(["task", "import", "-"], as: TaskImportResult.self, stdin: Data(text.utf8))
            let call = try #require(result.imported.first)
            // 09:00 EDT (-04:00) on July 15.
            #expect(call.title == "Board call" && call.zone == "America/New_York", "\(call)")
            #expect(call.dueAt == "2030-07-15T13:00:00.000000Z")
            #expect(result.rejected.map(\.title) == ["Nowhere call"])
            #expect(result.rejected.first?.reason.contains("unknown time zone 'Made Up Zone'") == true)
        }

        @Test(
            "a 'Customized Time Zone' no IANA zone matches is used as written: kept across kill -9, one name per definition, exported"
        )
        func legacyZone() throws {
            let kit = try Self.kitd(zone: "Asia/Seoul")
            defer { kit.tearDown() }
            // US Eastern before 2007: daylight time from the first Sunday of April to the last of October.
            let legacy = [
                "BEGIN:VTIMEZONE", "TZID:Customized Time Zone", "BEGIN:STANDARD", "DTSTART:16011028T020000",
                "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "END:STANDARD",
                "BEGIN:DAYLIGHT", "DTSTART:16010401T020000", "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4",
                "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "END:DAYLIGHT", "END:VTIMEZONE",
            ]
            let fixed = [
                "BEGIN:VTIMEZONE", "TZID:Customized Time Zone", "BEGIN:STANDARD", "DTSTART:16010101T000000",
                "TZOFFSETFROM:+0317", "TZOFFSETTO:+0317", "END:STANDARD", "END:VTIMEZONE",
            ]
            let event = { (uid: String, title: String) in
                [
                    "BEGIN:VEVENT", "UID:" + uid, "SUMMARY:" + title,
                    "DTSTART;TZID=Customized Time Zone:20300311T090000", "RRULE:FREQ=WEEKLY;COUNT=6", "END:VEVENT",
                ]
            }
            let calendar = { (zone: [String], events: [String]) in
                Data((["BEGIN:VCALENDAR", "VERSION:2.0"] + zone + events + ["END:VCALENDAR"]).icsText.utf8)
            }
            let first = try kit.kitctlJSON(
                ["task", "import", "-"], as: TaskImportResult.self, stdin: calendar(legacy, event("a@x", "Ops review")))
            let review = try #require(first.imported.first, "\(first)")
            #expect(review.zone == "Customized Time Zone")
            // March 11 2030 is before the first Sunday of April: 09:00 at UTC-5, where New York is at UTC-4.
            #expect(review.dueAt == "2030-03-11T14:00:00.000000Z")
            // The same definition again is the same zone; another under the same TZID gets a number.
            let again = try kit.kitctlJSON(
                ["task", "import", "-"], as: TaskImportResult.self, stdin: calendar(legacy, event("b@x", "Ops sync")))
            #expect(again.imported.first?.zone == "Customized Time Zone")
            let other = try kit.kitctlJSON(
                ["task", "import", "-"], as: TaskImportResult.self, stdin: calendar(fixed, event("c@x", "Standup")))
            #expect(other.imported.first?.zone == "Customized Time Zone (2)")
            #expect(other.imported.first?.dueAt == "2030-03-11T05:43:00.000000Z")

            _ = kit.stopKitd(signal: SIGKILL)
            try kit.startKitd()
            let agenda = try kit.connect().call(
                Method.taskAgenda, TaskAgendaParams(from: "2030-04-01T00:00:00Z", to: "2030-04-15T00:00:00Z"))
            // Apr 1 is before that zone's change (Apr 7): 14:00Z; Apr 8 after it: 13:00Z.
            #expect(
                (agenda.items ?? []).filter { $0.title == "Ops review" }.map(\.dueAt) == [
                    "2030-04-01T14:00:00.000000Z", "2030-04-08T13:00:00.000000Z",
                ])
            let file = kit.root.path + "/legacy.ics"
            #expect(try kit.kitctl(["task", "export", "--ics", file]).exitCode == 0)
            let exported = try String(contentsOfFile: file, encoding: .utf8)
            #expect(
                exported.contains("TZID:Customized Time Zone\r\n")
                    && exported.contains("TZID:Customized Time Zone (2)\r\n"))
        }

        @Test(
            "an Apple reminder's alarm at a fixed time becomes a pre-alert; on a repeating task it is skipped and said")
        func fixedAlarm() throws {
            let kit = try Self.kitd()
            defer { kit.tearDown() }
            let text = [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 17.0//EN", "BEGIN:VTODO",
                "UID:6F1C2E0A-3B7D-4C21-9E55-0A1B2C3D4E5F", "SUMMARY:Passport photos", "DUE:20301205T100000Z",
                "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:20301205T090000Z", "END:VALARM",
                "END:VTODO", "BEGIN:VTODO", "UID:9A8B7C6D-1111-2222-3333-444455556666", "SUMMARY:Gym",
                "DTSTART:20301202T070000Z", "DUE:20301202T070000Z", "RRULE:FREQ=WEEKLY", "BEGIN:VALARM",
                "ACTION:AUDIO", "TRIGGER;VALUE=DATE-TIME:20301202T063000Z", "END:VALARM", "END:VTODO", "END:VCALENDAR",
            ].icsText
            let result = try kit.kitctlJSON(["task", "import", "-"], as: TaskImportResult.self, stdin: Data(text.utf8))
            #expect(result.imported.map(\.title) == ["Passport photos", "Gym"])
            #expect(result.imported.first?.alertsNs == [.hour])
            #expect(result.imported.last?.alertsNs == [])
            #expect(
                result.skipped.contains { $0.contains("'Gym'") && $0.contains("for one occurrence") },
                "\(result.skipped)")
        }

        @Test("- reads the calendar from standard input")
        func standardInput() throws {
            let kit = try Self.kitd()
            defer { kit.tearDown() }
            let result = try kit.kitctl(["task", "import", "-"], stdin: Data(Self.mixed.utf8))
            #expect(result.exitCode == 0, "\(result)")
            #expect(result.stdout.hasPrefix("Imported 2 tasks from standard input; left out 3"), "\(result.stdout)")
            #expect(result.stdout.contains("line 9: VEVENT 'Misspelt end' (UID typo@example.com) not imported"))
            let strict = try kit.kitctl(["task", "import", "-", "--strict"], stdin: Data(Self.mixed.utf8))
            #expect(strict.exitCode == 2 && strict.stderr.contains("line 9"), "\(strict)")
            #expect(try kit.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self).tasks.count == 2)
        }
    }
}

extension [String] {
    /// The lines of an iCalendar document, each ended with CRLF.
    fileprivate var icsText: String { map { $0 + "\r\n" }.joined() }
}
