import Foundation
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension FilesIntegration {
    /// The calendars a person keeps elsewhere ring through kitd (issue 44): real khal and todoman
    /// write them, kitd reads them read-only, and dunst shows the popups.
    @Suite("Watched calendars")
    struct WatchedCalendarTests {
        static let utc = ["TZ": "UTC", "PATH": "/usr/bin:/bin"]

        /// `2027-01-04 10:00` in UTC, for khal and todoman.
        static func minute(_ date: Date) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            return formatter.string(from: date)
        }

        static func stamp(_ date: Date) -> String { CalendarFile.stamp(date) }

        static func event(_ uid: String, _ title: String, alarmAt alarm: Date) -> String {
            CalendarFile.event(uid, title, alarmAt: alarm)
        }

        /// The next whole minute at least `margin` seconds away.
        static func nextMinute(after margin: TimeInterval = 10) -> Date {
            let now = Date().timeIntervalSince1970 + margin
            return Date(timeIntervalSince1970: (now / 60).rounded(.up) * 60)
        }

        /// Starts kitd watching `<root>/calendars/*`, with a 2 s snooze.
        static func kitd(_ desktop: DesktopSession, extra: String = "") throws -> (KitdHarness, String) {
            let kit = try KitdHarness(desktop: desktop)
            kit.extraEnvironment["TZ"] = "UTC"
            let calendars = kit.root.path + "/calendars"
            for folder in ["work", "chores"] {
                try FileManager.default.createDirectory(
                    atPath: calendars + "/" + folder, withIntermediateDirectories: true)
            }
            let config = kit.root.path + "/config.toml"
            try "[calendars]\nwatch = [\"\(calendars)/*\"]\n\(extra)[tasks]\nsnooze = \"2s\"\n".write(
                toFile: config, atomically: true, encoding: .utf8)
            try kit.startKitd(arguments: ["--log-level", "debug", "--config", config])
            return (kit, calendars)
        }

        /// Waits for the popup whose summary is `title`; returns when it came.
        static func popup(_ kit: KitdHarness, _ title: String, timeout: Duration = .seconds(20)) -> Date? {
            var seen: Date?
            _ = Subprocess.waitUntil(timeout: timeout) {
                if kit.desktop!.notifyCalls().contains(where: { $0.contains("string \"\(title)\"") }) { seen = Date() }
                return seen != nil
            }
            return seen
        }

        /// Waits until kitd has read every watched folder once; returns what it lists.
        static func loaded(_ kit: KitdHarness) throws -> CalendarListResult {
            var listed = try kit.kitctlJSON(["calendars", "--json"], as: CalendarListResult.self)
            _ = try Subprocess.waitUntil(timeout: .seconds(10)) {
                listed = try kit.kitctlJSON(["calendars", "--json"], as: CalendarListResult.self)
                return listed.calendars.allSatisfy { $0.loaded || $0.problem != nil }
            }
            return listed
        }

        static func calls(_ kit: KitdHarness, _ title: String) -> Int {
            kit.desktop!.notifyCalls().filter { $0.contains("string \"\(title)\"") }.count
        }

        @Test("an event khal made, with alarms in seconds, pops up within 2 s of its instant, once, with where it is")
        func khalEvent() throws {
            let (kit, calendars) = try Self.kitd(try DesktopSession())
            defer { kit.tearDown() }
            let events = try kit.events(["calendar.*", "timer.*"])
            defer { events.stop() }
            try events.waitUntilSubscribed(socketOwner: kit)
            let khal = kit.root.path + "/khal.conf"
            try
                "[calendars]\n[[work]]\npath = \(calendars)/work\n[locale]\ntimeformat = %H:%M\ndateformat = %Y-%m-%d\nlongdateformat = %Y-%m-%d\ndatetimeformat = %Y-%m-%d %H:%M\nlongdatetimeformat = %Y-%m-%d %H:%M\n"
                .write(toFile: khal, atomically: true, encoding: .utf8)
            // Given a meeting at the next minute, with an alarm 4 s from now: written while kitd runs.
            let start = Self.nextMinute()
            let alarm = Date().addingTimeInterval(4)
            let lead = Int(start.timeIntervalSince(alarm).rounded())
            let made = try Subprocess.run(
                "/usr/bin/khal",
                [
                    "-c", khal, "new", "-a", "work", Self.minute(start), Self.minute(start.addingTimeInterval(3600)),
                    "Standup", "::", "daily sync", "--alarms", "\(lead)s", "--location", "Room 3",
                ], environment: Self.utc, outputDirectory: kit.root.path)
            #expect(made.exitCode == 0, "\(made)")
            let instant = start.addingTimeInterval(TimeInterval(-lead))
            // kitctl status names the next alarm once the file is read.
            var status = try kit.kitctlJSON(["status", "--json"], as: DaemonStatusResult.self)
            _ = try Subprocess.waitUntil(timeout: .seconds(3)) {
                status = try kit.kitctlJSON(["status", "--json"], as: DaemonStatusResult.self)
                return status.calendars?.next != nil
            }
            #expect(status.calendars?.next?.title == "Standup" && status.calendars?.next?.calendar == "work")
            #expect(status.calendars?.next?.at == Timestamp.rfc3339(WallTime(seconds: instant.timeIntervalSince1970)))
            // When it comes, it comes on time and once.
            let shown = try #require(Self.popup(kit, "Standup"), "no popup")
            #expect(shown.timeIntervalSince(instant) < 2 && shown.timeIntervalSince(instant) > -0.1, "at \(shown)")
            let rang = try #require(events.waitFor(Event.calendarAlarm)).decode(CalendarAlarmEvent.self)
            #expect(rang.title == "Standup" && rang.calendar == "work" && !rang.late, "\(rang)")
            #expect(Wait.holds(for: .seconds(2)) { Self.calls(kit, "Standup") == 1 })
            // The agenda lists it beside the tasks, with its calendar's name.
            let agenda = try kit.kitctl(["agenda", "--day", "today"])
            let day = try kit.kitctl(["agenda", "--day", String(Self.minute(start).prefix(10))])
            #expect(
                (agenda.stdout + day.stdout).contains("Standup") && (agenda.stdout + day.stdout).contains("[work]"),
                "\(agenda) \(day)")
            let popup = try #require(try kit.desktop!.notifications().first { $0.summary == "Standup" })
            #expect(popup.body.contains("Room 3") && popup.body.contains("daily sync") && popup.body.contains("work"))
            let listed = try Self.loaded(kit)
            #expect(listed.calendars.map(\.name) == ["chores", "work"], "\(listed)")
            #expect(listed.calendars.map(\.items) == [0, 1] && listed.nextAlarmAt == nil, "\(listed)")
            // kitd never wrote into the folder.
            let files = try FileManager.default.contentsOfDirectory(atPath: calendars + "/work")
            #expect(files.count == 1 && files[0].hasSuffix(".ics"), "\(files)")
        }

        @Test(
            "a file changed before its alarm rings at the new time only; one removed never rings; a todoman to-do rings by default_alarm"
        )
        func changedAndRemoved() throws {
            // todoman's due is a whole minute, and its to-do has no VALARM: default_alarm brings
            // its ring to 8 s from now.
            let due = Self.nextMinute(after: 12)
            let lead = Int(due.timeIntervalSince(Date().addingTimeInterval(8)).rounded())
            let bell = due.addingTimeInterval(TimeInterval(-lead))
            let (kit, calendars) = try Self.kitd(try DesktopSession(), extra: "default_alarm = \"\(lead)s\"\n")
            defer { kit.tearDown() }
            let work = calendars + "/work"
            // Whole seconds, as the files write them.
            let first = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 4).rounded(.down))
            try Self.event("moved@example.com", "Moved", alarmAt: first).write(
                toFile: work + "/moved.ics", atomically: true, encoding: .utf8)
            try Self.event("gone@example.com", "Gone", alarmAt: first).write(
                toFile: work + "/gone.ics", atomically: true, encoding: .utf8)
            // A to-do todoman made in a second collection of the same pattern.
            let todoman = kit.root.path + "/todoman.py"
            try
                "path = \"\(calendars)/*\"\ndate_format = \"%Y-%m-%d\"\ntime_format = \"%H:%M\"\ndefault_list = \"chores\"\n"
                .write(toFile: todoman, atomically: true, encoding: .utf8)
            let made = try Subprocess.run(
                "/usr/bin/todoman",
                ["--config", todoman, "new", "--list", "chores", "--due", Self.minute(due), "Bins"],
                environment: Self.utc.merging(["HOME": kit.root.path]) { $1 }, outputDirectory: kit.root.path)
            #expect(made.exitCode == 0, "\(made)")
            // kitd has read all three before they change.
            #expect(try Wait.until { try Self.loaded(kit).calendars.map(\.items) == [1, 2] })
            // Moved 4 s later, and removed, before their alarms.
            let moved = first.addingTimeInterval(3)
            try Self.event("moved@example.com", "Moved", alarmAt: moved).write(
                toFile: work + "/moved.ics", atomically: true, encoding: .utf8)
            try FileManager.default.removeItem(atPath: work + "/gone.ics")
            let shown = try #require(Self.popup(kit, "Moved"), "no popup")
            #expect(shown.timeIntervalSince(moved) > -0.1 && shown.timeIntervalSince(moved) < 2, "at \(shown)")
            #expect(
                Wait.holds(for: .milliseconds(1500)) { Self.calls(kit, "Moved") == 1 && Self.calls(kit, "Gone") == 0 })
            let bins = try #require(Self.popup(kit, "Bins"), "no popup for todoman's to-do")
            #expect(bins.timeIntervalSince(bell) > -0.1 && bins.timeIntervalSince(bell) < 2, "at \(bins)")
        }

        @Test("Dismiss ends an alarm and its repeats, and after a kill -9 and a start none rings again")
        func dismissAndRestart() throws {
            let script = try Integration.TaskTests.dmenu(picking: "dismiss")
            defer { script.remove() }
            let (kit, calendars) = try Self.kitd(try DesktopSession(dmenuScript: script.path + "/dmenu"))
            defer { kit.tearDown() }
            let start = Date().addingTimeInterval(3600)
            let alarm = Date().addingTimeInterval(3)
            try [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//EN", "BEGIN:VEVENT", "UID:repeat@example.com",
                "DTSTAMP:\(Self.stamp(Date()))", "DTSTART:\(Self.stamp(start))", "SUMMARY:Stand up", "BEGIN:VALARM",
                "ACTION:AUDIO", "TRIGGER;VALUE=DATE-TIME:\(Self.stamp(alarm))", "REPEAT:6", "DURATION:PT2S",
                "END:VALARM", "END:VEVENT", "END:VCALENDAR", "",
            ].joined(separator: "\r\n").write(toFile: calendars + "/work/repeat.ics", atomically: true, encoding: .utf8)
            #expect(Self.popup(kit, "Stand up") != nil)
            #expect(try kit.desktop!.openContextMenu().exitCode == 0)
            // Six repeats would come every 2 s: none does, before or after a kill -9 and a start.
            #expect(Wait.holds(for: .seconds(4)) { Self.calls(kit, "Stand up") == 1 }, "\(kit.desktop!.notifyCalls())")
            _ = kit.stopKitd(signal: SIGKILL)
            try kit.startKitd(arguments: ["--log-level", "debug", "--config", kit.root.path + "/config.toml"])
            #expect(Wait.holds(for: .seconds(5)) { Self.calls(kit, "Stand up") == 1 }, "\(kit.desktop!.notifyCalls())")
        }

        @Test("alarms that came while kitd was off ring once when it starts, marked late; none from before it watched")
        func catchUp() throws {
            let (kit, calendars) = try Self.kitd(try DesktopSession())
            defer { kit.tearDown() }
            // kitd watches the folders from now on.
            let listed = try Self.loaded(kit)
            #expect(listed.calendars.count == 2, "\(listed)")
            let config = ["--log-level", "debug", "--config", kit.root.path + "/config.toml"]
            _ = kit.stopKitd(signal: SIGKILL)
            try Self.event("old@example.com", "Old", alarmAt: Date().addingTimeInterval(-60)).write(
                toFile: calendars + "/work/old.ics", atomically: true, encoding: .utf8)
            // An alarm comes while kitd is down.
            let alarm = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 2).rounded(.up))
            try Self.event("missed@example.com", "Missed", alarmAt: alarm).write(
                toFile: calendars + "/work/missed.ics", atomically: true, encoding: .utf8)
            Wait.passes(until: alarm.addingTimeInterval(1))
            try kit.startKitd(arguments: config)
            let shown = try #require(Self.popup(kit, "Missed", timeout: .seconds(5)), "no late popup")
            #expect(shown.timeIntervalSince(alarm) < 6)
            let popup = try #require(try kit.desktop!.notifications().first { $0.summary == "Missed" })
            #expect(popup.body.contains("while kitd was off"), "\(popup)")
            // An alarm from before kitd first watched the folder never rings.
            #expect(Self.popup(kit, "Old", timeout: .seconds(1)) == nil)
            // A second start rings neither again.
            _ = kit.stopKitd(signal: SIGKILL)
            try kit.startKitd(arguments: config)
            #expect(
                Wait.holds(for: .milliseconds(1500)) { Self.calls(kit, "Missed") == 1 && Self.calls(kit, "Old") == 0 },
                "\(kit.desktop!.notifyCalls())")
        }

        @Test("a folder kitd watches for the first time rings none of its past alarms")
        func firstWatch() throws {
            let desktop = try DesktopSession()
            let kit = try KitdHarness(desktop: desktop)
            defer { kit.tearDown() }
            kit.extraEnvironment["TZ"] = "UTC"
            let folder = kit.root.path + "/calendars/work"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//EN", "BEGIN:VEVENT", "UID:past@example.com",
                "DTSTAMP:\(Self.stamp(Date()))", "DTSTART:\(Self.stamp(Date().addingTimeInterval(3600)))",
                "SUMMARY:Past", "BEGIN:VALARM", "ACTION:DISPLAY",
                "TRIGGER;VALUE=DATE-TIME:\(Self.stamp(Date().addingTimeInterval(-30)))", "END:VALARM", "END:VEVENT",
                "END:VCALENDAR", "",
            ].joined(separator: "\r\n").write(toFile: folder + "/past.ics", atomically: true, encoding: .utf8)
            let config = kit.root.path + "/config.toml"
            try "[calendars]\nwatch = [\"\(folder)\"]\n".write(toFile: config, atomically: true, encoding: .utf8)
            try kit.startKitd(arguments: ["--log-level", "debug", "--config", config])
            let listed = try Self.loaded(kit)
            #expect(listed.calendars.map(\.items) == [1], "\(listed)")
            #expect(Self.popup(kit, "Past", timeout: .seconds(2)) == nil)
        }

        @Test("a calendar folder that appears under a watched pattern is watched as it appears")
        func newFolder() throws {
            let (kit, calendars) = try Self.kitd(try DesktopSession())
            defer { kit.tearDown() }
            _ = try Self.loaded(kit)
            // vdirsyncer discovers a new calendar: a folder, then its files.
            let folder = calendars + "/family"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let alarm = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3).rounded(.up))
            try Self.event("dinner@example.com", "Dinner", alarmAt: alarm).write(
                toFile: folder + "/dinner.ics", atomically: true, encoding: .utf8)
            let shown = try #require(Self.popup(kit, "Dinner", timeout: .seconds(10)), "no popup")
            #expect(shown.timeIntervalSince(alarm) > -0.1 && shown.timeIntervalSince(alarm) < 2, "at \(shown)")
            let listed = try Self.loaded(kit)
            #expect(listed.calendars.map(\.name) == ["chores", "work", "family"], "\(listed)")
        }

        @Test("kitctl events, status --format and the bar show the next alarm, and follow the files as they change")
        func nextAlarmShown() throws {
            let (kit, calendars) = try Self.kitd(try DesktopSession())
            defer { kit.tearDown() }
            _ = try Self.loaded(kit)
            let events = try kit.events(["calendar.*", "timer.*"])
            defer { events.stop() }
            try events.waitUntilSubscribed(socketOwner: kit)
            let bar = try Subprocess(
                Binaries.kitctl, ["bar"], environment: kit.environment, outputDirectory: kit.root.path, name: "bar")
            defer { bar.stop() }
            #expect(Subprocess.waitUntil(timeout: .seconds(10)) { bar.stdout.contains("kit: idle") }, "\(bar.stdout)")
            // A review in an hour: its alarm is the next.
            try Self.event("review@example.com", "Review", alarmAt: Date().addingTimeInterval(3600)).write(
                toFile: calendars + "/work/review.ics", atomically: true, encoding: .utf8)
            let told = try #require(events.waitFor(Event.calendarNext) { $0.raw.contains("Review") })
            #expect(try told.decode(CalendarNextEvent.self).next?.calendar == "work")
            #expect(Subprocess.waitUntil(timeout: .seconds(10)) { bar.stdout.contains("alarm: Review at ") })
            let line = try kit.kitctl(["status", "--format", "{alarm_title}|{alarm}"])
            #expect(line.exitCode == 0 && line.stdout.hasPrefix("Review|Review at "), "\(line)")
            // A lunch sooner than it comes first; when its file goes, the review is next again.
            try Self.event("lunch@example.com", "Lunch", alarmAt: Date().addingTimeInterval(1800)).write(
                toFile: calendars + "/work/lunch.ics", atomically: true, encoding: .utf8)
            #expect(Subprocess.waitUntil(timeout: .seconds(10)) { bar.stdout.contains("alarm: Lunch at ") })
            try FileManager.default.removeItem(atPath: calendars + "/work/lunch.ics")
            #expect(
                Subprocess.waitUntil(timeout: .seconds(10)) {
                    bar.stdout.split(separator: "\n").last?.contains("alarm: Review at ") == true
                }, "\(bar.stdout)")
            #expect(events.lines.filter { $0.method == Event.calendarNext }.count == 3, "\(events.lines.map(\.raw))")
        }

        /// An event as a phone saves it to its CalDAV server, with the phone's clock at `clock`:
        /// the iPhone's shape (a VTIMEZONE, the start in Asia/Seoul, `X-WR-ALARMUID`, an alarm 15
        /// minutes before) or DAVx5's for Etar (UTC, an alarm 10 minutes before).
        static func phoneEvent(
            _ uid: String, _ title: String, alarmAt alarm: Date, iPhone: Bool, clock: Date, sequence: Int = 0
        ) -> String {
            let stamps = ["CREATED:\(stamp(clock))", "DTSTAMP:\(stamp(clock))", "LAST-MODIFIED:\(stamp(clock))"]
            guard iPhone else {
                return
                    ([
                        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:DAVx5/4.4.2-ose ical4j/3.2.19 (at.techbee.etar)",
                        "BEGIN:VEVENT", "UID:\(uid)", "SEQUENCE:\(sequence)",
                    ] + stamps + [
                        "SUMMARY:\(title)", "DTSTART:\(stamp(alarm.addingTimeInterval(600)))",
                        "DTEND:\(stamp(alarm.addingTimeInterval(4200)))", "STATUS:CONFIRMED", "BEGIN:VALARM",
                        "TRIGGER:-PT10M", "ACTION:DISPLAY", "DESCRIPTION:\(title)", "END:VALARM", "END:VEVENT",
                        "END:VCALENDAR", "",
                    ]).joined(separator: "\r\n")
            }
            let seoul = DateFormatter()
            seoul.locale = Locale(identifier: "en_US_POSIX")
            seoul.timeZone = TimeZone(identifier: "Asia/Seoul")
            seoul.dateFormat = "yyyyMMdd'T'HHmmss"
            let start = alarm.addingTimeInterval(900)
            return
                ([
                    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iPhone OS 18.1//EN", "CALSCALE:GREGORIAN",
                    "BEGIN:VTIMEZONE", "TZID:Asia/Seoul", "BEGIN:STANDARD", "TZOFFSETFROM:+0900", "TZOFFSETTO:+0900",
                    "TZNAME:KST", "DTSTART:19880509T030000", "END:STANDARD", "END:VTIMEZONE", "BEGIN:VEVENT",
                ] + stamps + [
                    "UID:\(uid)", "SEQUENCE:\(sequence)", "SUMMARY:\(title)", "LOCATION:강남역 2번 출구",
                    "DTSTART;TZID=Asia/Seoul:\(seoul.string(from: start))",
                    "DTEND;TZID=Asia/Seoul:\(seoul.string(from: start.addingTimeInterval(3600)))",
                    "TRANSP:OPAQUE", "BEGIN:VALARM", "X-WR-ALARMUID:8A1C7E2B-0F3D-4B6A-9E5C-\(uid.prefix(12))",
                    "UID:8A1C7E2B-0F3D-4B6A-9E5C-\(uid.prefix(12))", "TRIGGER:-PT15M", "DESCRIPTION:Reminder",
                    "ACTION:DISPLAY", "END:VALARM", "END:VEVENT", "END:VCALENDAR", "",
                ]).joined(separator: "\r\n")
        }

        @Test(
            "events phones saved on Radicale, brought down by vdirsyncer, ring within 2 s, once, whatever the phones' clocks say; one moved rings at its new time only, one deleted never"
        )
        func phoneEvents() throws {
            let server = try RadicaleServer()
            defer { server.stop() }
            let (kit, calendars) = try Self.kitd(try DesktopSession())
            defer { kit.tearDown() }
            let folder = calendars + "/phone"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let vdirsyncer = try Vdirsyncer(
                server: server, vdirs: [("calendar", folder)], directory: kit.root.path, environment: kit.environment)
            func sync() throws {
                let run = try Subprocess.run(
                    "/bin/sh", ["-c", vdirsyncer.command], environment: kit.environment,
                    outputDirectory: kit.root.path, timeout: .seconds(60))
                guard run.exitCode == 0 else { throw HarnessError("vdirsyncer sync: \(run)") }
            }
            func items() throws -> Int {
                try Self.loaded(kit).calendars.first { $0.name == "phone" }?.items ?? -1
            }
            // Two phones, the iPhone's clock ten minutes behind kitd's and the Android's ten
            // minutes ahead, each save an event for later on; vdirsyncer brings them down.
            let behind: TimeInterval = -600
            let ahead: TimeInterval = 600
            let later = Date().addingTimeInterval(7200)
            try server.put(
                "calendar", name: "pickup.ics",
                text: Self.phoneEvent(
                    "pickup-5b1e", "Pickup", alarmAt: later, iPhone: false, clock: Date().addingTimeInterval(ahead)))
            try server.put(
                "calendar", name: "gym.ics",
                text: Self.phoneEvent(
                    "gym-77d0", "Gym", alarmAt: later, iPhone: false, clock: Date().addingTimeInterval(ahead)))
            try sync()
            #expect(try Subprocess.waitUntil(timeout: .seconds(5)) { try items() == 2 })
            // The iPhone, whose versions are stamped twenty minutes before the ones they replace,
            // moves Pickup to soon, deletes Gym and makes Dentist.
            let pickup = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 10).rounded(.up))
            let dentist = pickup.addingTimeInterval(2)
            try server.put(
                "calendar", name: "pickup.ics",
                text: Self.phoneEvent(
                    "pickup-5b1e", "Pickup", alarmAt: pickup, iPhone: true, clock: Date().addingTimeInterval(behind),
                    sequence: 1))
            try server.delete("calendar", name: "gym.ics")
            try server.put(
                "calendar", name: "dentist.ics",
                text: Self.phoneEvent(
                    "dentist-c3a9", "Dentist", alarmAt: dentist, iPhone: true, clock: Date().addingTimeInterval(behind))
            )
            try sync()
            #expect(try Subprocess.waitUntil(timeout: .seconds(5)) { try items() == 2 })
            // Each rings within 2 s of its instant, once; Gym is gone and never rings.
            let shown = try #require(Self.popup(kit, "Pickup"), "no popup for the moved event")
            #expect(shown.timeIntervalSince(pickup) > -0.1 && shown.timeIntervalSince(pickup) < 2, "at \(shown)")
            let second = try #require(Self.popup(kit, "Dentist"), "no popup for the iPhone's new event")
            #expect(second.timeIntervalSince(dentist) > -0.1 && second.timeIntervalSince(dentist) < 2, "at \(second)")
            #expect(
                Wait.holds(for: .milliseconds(1500)) {
                    Self.calls(kit, "Pickup") == 1 && Self.calls(kit, "Dentist") == 1 && Self.calls(kit, "Gym") == 0
                })
            let popup = try #require(try kit.desktop!.notifications().first { $0.summary == "Dentist" })
            #expect(popup.body.contains("강남역 2번 출구"), "\(popup)")
            // Nothing is left to ring from the old Pickup, or from Gym.
            let listed = try Self.loaded(kit)
            #expect(listed.nextAlarmAt == nil, "\(listed)")
            // kitd wrote nothing into the folder, so the next sync sends nothing back.
            let before = try server.items("calendar")
            try sync()
            #expect(try server.items("calendar") == before)
        }

        @Test(
            "Snooze brings the alarm back after [tasks] snooze, also across a kill -9, and late when it ended while kitd was down"
        )
        func snooze() throws {
            let script = try Integration.TaskTests.dmenu(picking: "snooze")
            defer { script.remove() }
            let (kit, calendars) = try Self.kitd(try DesktopSession(dmenuScript: script.path + "/dmenu"))
            defer { kit.tearDown() }
            _ = try Self.loaded(kit)
            let alarm = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 2).rounded(.up))
            try Self.event("tea@example.com", "Tea", alarmAt: alarm).write(
                toFile: calendars + "/work/tea.ics", atomically: true, encoding: .utf8)
            #expect(Self.popup(kit, "Tea") != nil)
            #expect(try kit.desktop!.openContextMenu().exitCode == 0)
            // Snoozed for 2 s: it comes back once.
            let again = Subprocess.waitUntil(timeout: .seconds(8)) { Self.calls(kit, "Tea") == 2 }
            #expect(again, "\(kit.desktop!.notifyCalls())")
            // Snoozed again, then kitd is killed: the new kitd rings it when the snooze ends.
            #expect(try kit.desktop!.openContextMenu().exitCode == 0)
            // The snooze is planned (and so committed) before kitd is killed.
            let planned = try Subprocess.waitUntil(timeout: .seconds(5)) {
                try kit.kitctlJSON(["calendars", "--json"], as: CalendarListResult.self).nextAlarmAt != nil
            }
            #expect(planned)
            _ = kit.stopKitd(signal: SIGKILL)
            try kit.startKitd(arguments: ["--log-level", "debug", "--config", kit.root.path + "/config.toml"])
            let third = Subprocess.waitUntil(timeout: .seconds(8)) { Self.calls(kit, "Tea") == 3 }
            #expect(third, "\(kit.desktop!.notifyCalls())")
            // Snoozed once more, and its snooze ends while kitd is down: it comes at start, late.
            #expect(try kit.desktop!.openContextMenu().exitCode == 0)
            let snoozedAgain = try Subprocess.waitUntil(timeout: .seconds(5)) {
                try kit.kitctlJSON(["calendars", "--json"], as: CalendarListResult.self).nextAlarmAt != nil
            }
            #expect(snoozedAgain)
            _ = kit.stopKitd(signal: SIGKILL)
            // Its snooze ends while kitd is off.
            Wait.passes(.seconds(3))
            try kit.startKitd(arguments: ["--log-level", "debug", "--config", kit.root.path + "/config.toml"])
            let late = Subprocess.waitUntil(timeout: .seconds(5)) { Self.calls(kit, "Tea") == 4 }
            #expect(late, "\(kit.desktop!.notifyCalls())")
            let last = kit.desktop!.notifyCalls().last { $0.contains("string \"Tea\"") } ?? ""
            #expect(last.contains("while kitd was off"), "\(last)")
        }
    }
}
