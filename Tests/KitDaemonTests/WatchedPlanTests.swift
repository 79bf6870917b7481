import Foundation
import KitClient
import KitCore
import KitProtocol
import Testing

@testable import KitDaemon

/// Watched calendars planned on kitd's own clock (issue 44): the horizon moving on, the zone
/// changing and a reload, on a test clock, with the real loop, worker and inotify.
@Suite("Watched calendars planned on kitd's clock")
struct WatchedPlanTests {
    static let hour = 3600 * Nanoseconds.second
    static let day = 24 * hour
    /// Every third minute of an hour, as BYMINUTE says it.
    static let everyThird = stride(from: 0, to: 60, by: 3).map(String.init).joined(separator: ",")

    /// A kitd in Europe/Berlin watching `<folder>/*` (`work` made), with `extra` in `[calendars]`.
    static func watching(extra: String = "", write: (String) throws -> Void) throws -> (DrivenDaemon, String) {
        let folder =
            FileManager.default.temporaryDirectory.path + "/kit-watched-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder + "/work", withIntermediateDirectories: true)
        try write(folder)
        let kit = try DrivenDaemon(
            systemZone: "Europe/Berlin", config: "[calendars]\nwatch = [\"\(folder)/*\"]\n\(extra)")
        try kit.run { calendars(kit).collections.allSatisfy(\.hasRead) }
        return (kit, folder)
    }

    /// Stops the kitd `watching` started, and removes its folders.
    static func stop(_ kit: DrivenDaemon, removing folder: String) {
        kit.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    static func calendars(_ kit: DrivenDaemon) -> CalendarFeature { kit.daemon.feature(CalendarFeature.self)! }

    /// `20270104T100000Z`, or without the `Z` (a floating time, read in the system zone).
    static func stamp(_ wall: WallTime, in zone: String = "UTC") -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = zone == "UTC" ? "yyyyMMdd'T'HHmmss'Z'" : "yyyyMMdd'T'HHmmss"
        return formatter.string(from: Date(timeIntervalSince1970: Double(wall.nanoseconds) / 1e9))
    }

    /// An event starting at `start` (a DTSTART value), with an alarm `before` it when given.
    static func event(_ uid: String, start: String, before: String? = "PT10M") -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//EN", "BEGIN:VEVENT", "UID:\(uid)",
            "DTSTAMP:20261201T000000Z", "DTSTART:\(start)", "SUMMARY:\(uid)",
        ]
        if let before { lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-\(before)", "END:VALARM"] }
        return (lines + ["END:VEVENT", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    /// Steps kitd's clock to `instant` an hour at a time, as it runs: the horizon moves on each
    /// day (more than a day of it is ahead after each step), and the files the plan comes near
    /// are read a moment later.
    static func step(_ kit: DrivenDaemon, until instant: WallTime) throws {
        let feature = calendars(kit)
        while kit.clock.now().wall < instant {
            kit.advance(by: min(hour, instant - kit.clock.now().wall))
            try kit.run { feature.plannedThrough > kit.clock.now().wall + day && !feature.replanning }
            guard !feature.collections.allSatisfy(\.isSettled) else { continue }
            kit.advance(by: CalendarFeature.readDelay)
            try kit.run { feature.collections.allSatisfy(\.isSettled) }
        }
    }

    static func weekly(_ uid: String, start: WallTime) -> String {
        event(uid, start: stamp(start)).replacingOccurrences(
            of: "SUMMARY:\(uid)", with: "SUMMARY:\(uid)\r\nRRULE:FREQ=WEEKLY")
    }

    static func shown(_ kit: DrivenDaemon, _ title: String) -> Int {
        kit.popups.shown.filter { $0.summary == title }.count
    }

    @Test("an alarm beyond the horizon is planned when the horizon moves on, a slice of the loop at a time")
    func horizonMovesOn() throws {
        let now = WallTime(seconds: Date().timeIntervalSince1970)
        let (kit, folder) = try Self.watching { folder in
            for index in 0..<20 {
                let start =
                    now + 2 * Self.day + 12 * Self.hour + Nanoseconds(Int64(index) * 60 * Nanoseconds.second.value)
                try Self.event("far-\(index)", start: Self.stamp(start)).write(
                    toFile: folder + "/work/far-\(index).ics", atomically: true, encoding: .utf8)
            }
        }
        defer { Self.stop(kit, removing: folder) }
        let feature = Self.calendars(kit)
        // Two and a half days ahead is past the two-day horizon: nothing is planned yet.
        #expect(feature.planned.isEmpty)
        // A day later the horizon moves on, and the files are planned one a slice.
        feature.replanSlice = Duration.zero
        kit.advance(by: Self.day + Nanoseconds.second)
        var partly = false
        try kit.run {
            if feature.replanning, (1..<20).contains(feature.planned.count) { partly = true }
            return !feature.replanning && feature.planned.count == 20
        }
        #expect(partly, "the files were planned in one turn")
        #expect(feature.planned.count == 20)
        // The first rings at its time (10 minutes before its start), once.
        let first = now + 2 * Self.day + 12 * Self.hour + Nanoseconds(-10 * 60 * Nanoseconds.second.value)
        kit.advance(by: first - kit.clock.now().wall)
        try kit.run { Self.shown(kit, "far-0") == 1 }
        #expect(Self.shown(kit, "far-0") == 1 && Self.shown(kit, "far-1") == 0)
    }

    @Test(
        "a far one-off is kept as its first instant: the agenda reads it from its file, the zone moves it, and it is read again and rings on time as the plan comes near"
    )
    func farOneOff() throws {
        // In whole seconds, as the file says it.
        let now = WallTime(seconds: Date().timeIntervalSince1970.rounded(.down))
        let start = now + 5 * Self.day
        let (kit, folder) = try Self.watching { folder in
            // Floating: five days from now on Berlin's clock.
            try Self.event("far", start: Self.stamp(start, in: "Europe/Berlin")).write(
                toFile: folder + "/work/far.ics", atomically: true, encoding: .utf8)
            try Self.event("soon", start: Self.stamp(now + Self.hour)).write(
                toFile: folder + "/work/soon.ics", atomically: true, encoding: .utf8)
        }
        defer { Self.stop(kit, removing: folder) }
        let feature = Self.calendars(kit)
        let work = try #require(feature.collections.first)
        let key = WatchedCollection.nameKey("far.ics")
        let alarm = start + Nanoseconds(-10 * 60 * Nanoseconds.second.value)
        #expect(work.files.count == 1 && work.later[key]?.at == alarm && work.itemCount == 2)
        // The agenda lists it, read from its file.
        let agenda = feature.agenda(from: start + Nanoseconds(-Self.day.value), to: start + Self.day, limit: 10)
        #expect(agenda.map(\.title) == ["far"] && agenda.first?.dueAt == Timestamp.rfc3339(start))
        #expect(feature.agenda(from: now, to: start, limit: 10).map(\.title) == ["soon"])
        // In New York the same wall-clock time comes 6 hours later: read again, it says so.
        kit.zones.setSystem("America/New_York")
        kit.daemon.zoneChanged()
        let moved = alarm + 6 * Self.hour
        try kit.run { work.later[key]?.at == moved }
        #expect(work.later[key]?.at == moved && work.files.count == 1)
        // Day by day the horizon moves on; within three days of it, the file is read again, whole.
        for _ in 0..<3 {
            kit.advance(by: Self.day)
            try kit.run { !feature.replanning }
        }
        try kit.run { work.files[key] != nil }
        #expect(work.later[key] == nil && work.itemCount == 2)
        // A day later it is planned, and it rings at its time, once.
        kit.advance(by: Self.day)
        try kit.run {
            !feature.replanning && feature.planned.contains { feature.shown($0.key, $0.value)?.title == "far" }
        }
        kit.advance(by: moved - kit.clock.now().wall + Nanoseconds.second)
        try kit.run { Self.shown(kit, "far") == 1 }
        try kit.run(for: Duration.milliseconds(200))
        #expect(Self.shown(kit, "far") == 1)
    }

    @Test(
        "a weekly series whose next alarm is beyond the plan is set aside, read again as the plan comes near, and set aside again once it rang: it rings each week, once, and the agenda lists it"
    )
    func seriesSetAside() throws {
        let now = WallTime(seconds: Date().timeIntervalSince1970.rounded(.down))
        let before = Nanoseconds(-10 * Nanoseconds.minute.value)
        // Weekly: it came two days ago, and comes again in five days.
        let (kit, folder) = try Self.watching { folder in
            try Self.weekly("weekly", start: now + Nanoseconds(-2 * Self.day.value)).write(
                toFile: folder + "/work/weekly.ics", atomically: true, encoding: .utf8)
            try Self.event("soon", start: Self.stamp(now + Self.hour)).write(
                toFile: folder + "/work/soon.ics", atomically: true, encoding: .utf8)
        }
        defer { Self.stop(kit, removing: folder) }
        let feature = Self.calendars(kit)
        let work = try #require(feature.collections.first)
        let key = WatchedCollection.nameKey("weekly.ics")
        let next = now + 5 * Self.day
        #expect(work.files.count == 1 && work.later[key]?.at == next + before && work.itemCount == 2)
        // The agenda reads it from its file: the occurrence two days ago, none in four days, the next.
        let past = feature.agenda(from: now + Nanoseconds(-3 * Self.day.value), to: now, limit: 10)
        #expect(past.map(\.dueAt) == [Timestamp.rfc3339(now + Nanoseconds(-2 * Self.day.value))])
        #expect(feature.agenda(from: now, to: now + 4 * Self.day, limit: 10).map(\.title) == ["soon"])
        #expect(feature.agenda(from: now, to: now + 6 * Self.day, limit: 10).map(\.title) == ["soon", "weekly"])
        try Self.step(kit, until: next + before + Nanoseconds.second)
        #expect(try kit.run { Self.shown(kit, "weekly") == 1 })
        #expect(work.files[key] != nil && work.later[key] == nil)
        // The next horizon move sets it aside again, a week on.
        try Self.step(kit, until: next + Self.day + Self.hour)
        #expect(work.files[key] == nil && work.later[key]?.at == next + 7 * Self.day + before)
        #expect(feature.planned.isEmpty && work.itemCount == 2)
        try Self.step(kit, until: next + 7 * Self.day + before + Nanoseconds.second)
        #expect(try kit.run { Self.shown(kit, "weekly") == 2 })
        try kit.run(for: Duration.milliseconds(200))
        #expect(Self.shown(kit, "weekly") == 2)
    }

    @Test(
        "a series' alarm missed while kitd was off keeps its file whole at the start, and rings once, late; one that rang before kitd stopped does not"
    )
    func seriesCaughtUp() throws {
        let now = WallTime(seconds: Date().timeIntervalSince1970.rounded(.down))
        let before = Nanoseconds(-10 * Nanoseconds.minute.value)
        let (kit, folder) = try Self.watching { folder in
            try Self.weekly("weekly", start: now + Self.hour).write(
                toFile: folder + "/work/weekly.ics", atomically: true, encoding: .utf8)
        }
        defer { Self.stop(kit, removing: folder) }
        let key = WatchedCollection.nameKey("weekly.ics")
        try Self.step(kit, until: now + Self.hour + before + Nanoseconds.second)
        #expect(try kit.run { Self.shown(kit, "weekly") == 1 })
        // kitd is off for eight days: the next week's alarm comes meanwhile.
        try kit.restart(after: 8 * Self.day)
        try kit.run { Self.calendars(kit).collections.allSatisfy(\.hasRead) }
        #expect(try kit.run { Self.shown(kit, "weekly") == 2 })
        #expect(Self.calendars(kit).collections.first?.files[key] != nil)
        // Started again at once, nothing of it was missed: it is set aside as it is read.
        try kit.restart(after: Self.hour)
        try kit.run { Self.calendars(kit).collections.allSatisfy(\.hasRead) }
        let work = try #require(Self.calendars(kit).collections.first)
        #expect(work.files[key] == nil && work.later[key]?.at == now + 14 * Self.day + Self.hour + before)
        try kit.run(for: Duration.milliseconds(200))
        #expect(Self.shown(kit, "weekly") == 2)
    }

    @Test(
        "a snoozed default_alarm rings again when its snooze ends, across a restart; the snoozed alarm of a file removed meanwhile does not"
    )
    func snoozedAcrossRestart() throws {
        let now = WallTime(seconds: Date().timeIntervalSince1970.rounded(.down))
        let before = Nanoseconds(-10 * Nanoseconds.minute.value)
        let (kit, folder) = try Self.watching(extra: "default_alarm = \"10m\"\n[tasks]\nsnooze = \"5m\"") { folder in
            try Self.event("plain", start: Self.stamp(now + Self.hour), before: nil).write(
                toFile: folder + "/work/plain.ics", atomically: true, encoding: .utf8)
            try Self.event("gone", start: Self.stamp(now + Self.hour)).write(
                toFile: folder + "/work/gone.ics", atomically: true, encoding: .utf8)
        }
        defer { Self.stop(kit, removing: folder) }
        try Self.step(kit, until: now + Self.hour + before + Nanoseconds.second)
        #expect(try kit.run { Self.shown(kit, "plain") == 1 && Self.shown(kit, "gone") == 1 })
        for popup in kit.popups.shown { kit.popups.press("snooze", on: popup.subject) }
        try kit.run(for: Duration.milliseconds(100))
        try kit.restart()
        try kit.run { Self.calendars(kit).collections.allSatisfy(\.hasRead) }
        let work = try #require(Self.calendars(kit).collections.first)
        #expect(Self.calendars(kit).planned.count == 2)
        try FileManager.default.removeItem(atPath: folder + "/work/gone.ics")
        try kit.run { !work.isSettled }
        kit.advance(by: CalendarFeature.readDelay)
        try kit.run { work.isSettled && work.itemCount == 1 }
        try Self.step(kit, until: now + Self.hour + before + 5 * Nanoseconds.minute + Nanoseconds.second)
        #expect(try kit.run { Self.shown(kit, "plain") == 2 })
        try kit.run(for: Duration.milliseconds(200))
        #expect(Self.shown(kit, "gone") == 1)
    }

    @Test(
        "Snooze on an alarm's popup still brings it back when the wall clock was set, or the zone changed, between its ring and the press"
    )
    func snoozeAfterReplan() throws {
        let now = WallTime(seconds: Date().timeIntervalSince1970.rounded(.down))
        let before = Nanoseconds(-10 * Nanoseconds.minute.value)
        let (kit, folder) = try Self.watching(extra: "default_alarm = \"10m\"\n[tasks]\nsnooze = \"5m\"") { folder in
            try Self.event("tea", start: Self.stamp(now + Self.hour), before: nil).write(
                toFile: folder + "/work/tea.ics", atomically: true, encoding: .utf8)
        }
        defer { Self.stop(kit, removing: folder) }
        try Self.step(kit, until: now + Self.hour + before + Nanoseconds.second)
        #expect(try kit.run { Self.shown(kit, "tea") == 1 })
        // The clock is set (an agent steps it), and every alarm is planned again; then Snooze.
        kit.daemon.wallClockChanged()
        kit.daemon.zoneChanged()
        try kit.run(for: Duration.milliseconds(100))
        for popup in kit.popups.shown { kit.popups.press("snooze", on: popup.subject) }
        try kit.run(for: Duration.milliseconds(100))
        try Self.step(kit, until: now + Self.hour + before + 5 * Nanoseconds.minute + Nanoseconds.second)
        #expect(try kit.run { Self.shown(kit, "tea") == 2 })
    }

    @Test(
        "a month of watched events past the agenda's list is counted by day, not refused; past what counting weighs, it is refused with what to ask instead"
    )
    func monthCounts() throws {
        let now = WallTime(seconds: Date().timeIntervalSince1970.rounded(.down))
        // Every 3 minutes: 480 a day, 14,880 in a 31-day window.
        let (kit, folder) = try Self.watching { folder in
            try Self.event("often", start: Self.stamp(now), before: nil).replacingOccurrences(
                of: "SUMMARY:often", with: "SUMMARY:often\r\nRRULE:FREQ=HOURLY;BYMINUTE=\(Self.everyThird)"
            ).write(toFile: folder + "/work/often.ics", atomically: true, encoding: .utf8)
        }
        defer { Self.stop(kit, removing: folder) }
        let from = now + Self.day
        let window = try TaskAgendaParams(
            from: Timestamp.rfc3339(from), to: Timestamp.rfc3339(from + 31 * Self.day), countsOnly: true)
        let days = try #require(kit.tasks.agenda(window).days)
        #expect(days.reduce(0) { $0 + $1.count } == 31 * 480, "\(days)")
        // Listed, the same month is more than a list holds.
        var listed = window
        listed.countsOnly = nil
        #expect {
            _ = try kit.tasks.agenda(listed)
        } throws: { error in
            guard case KitError.invalidArgument(let message) = error else { return false }
            return message.english.contains("the watched calendars have more than")
                && message.english.contains("a month's counts")
        }
        // Seven more such series make 119,040: more than counting weighs.
        for index in 0..<7 {
            try Self.event("often\(index)", start: Self.stamp(now), before: nil).replacingOccurrences(
                of: "SUMMARY:often\(index)",
                with: "SUMMARY:often\(index)\r\nRRULE:FREQ=HOURLY;BYMINUTE=\(Self.everyThird)"
            ).write(toFile: folder + "/work/often\(index).ics", atomically: true, encoding: .utf8)
        }
        let work = try #require(Self.calendars(kit).collections.first)
        try kit.run { work.files.count == 8 }
        #expect {
            _ = try kit.tasks.agenda(window)
        } throws: { error in
            guard case KitError.invalidArgument(let message) = error else { return false }
            return message.english.contains("more than 100000 events")
        }
    }

    @Test(
        "alarms that came while the machine slept past the plan's end ring when it wakes, late, once: a planned one, one beyond the plan, a far one"
    )
    func sleptPastThePlan() throws {
        let now = WallTime(seconds: Date().timeIntervalSince1970.rounded(.down))
        let (kit, folder) = try Self.watching { folder in
            for (name, offset) in [
                ("planned", Self.day), ("beyond", 2 * Self.day + 12 * Self.hour),
                ("far", 3 * Self.day + 12 * Self.hour), ("after", 5 * Self.day),
            ] {
                try Self.event(name, start: Self.stamp(now + offset)).write(
                    toFile: folder + "/work/\(name).ics", atomically: true, encoding: .utf8)
            }
        }
        defer { Self.stop(kit, removing: folder) }
        let feature = Self.calendars(kit)
        let work = try #require(feature.collections.first)
        #expect(
            feature.planned.compactMap { feature.shown($0.key, $0.value)?.title } == ["planned"]
                && work.later.count == 2)
        let events = try kit.subscriber([Event.calendarAlarm])
        // Four days asleep: the clock jumps past the plan's end, and past the three alarms.
        kit.advance(by: 4 * Self.day)
        try kit.run { ["planned", "beyond", "far"].allSatisfy { Self.shown(kit, $0) == 1 } }
        try kit.run(for: Duration.milliseconds(300))
        #expect(["planned", "beyond", "far"].map { Self.shown(kit, $0) } == [1, 1, 1])
        #expect(Self.shown(kit, "after") == 0)
        let told = try kit.events(on: events) { $0.count >= 3 }.map { try $0.decode(CalendarAlarmEvent.self) }
        #expect(told.map(\.late) == [true, true, true], "\(told)")
        // Their popups say when they were due.
        for title in ["planned", "beyond", "far"] {
            let popup = kit.popups.shown.first { $0.summary == title }
            #expect(
                popup?.body.hasPrefix("Due at ") == true && popup?.body.contains("; it rings late.") == true,
                "\(popup as Any)")
        }
        // The fifth day's rings on time, once.
        try Self.step(kit, until: now + 5 * Self.day + Nanoseconds(-10 * Nanoseconds.minute.value) + Nanoseconds.second)
        try kit.run { Self.shown(kit, "after") == 1 }
        #expect(Self.shown(kit, "after") == 1 && Self.shown(kit, "beyond") == 1)
        #expect(kit.popups.shown.first { $0.summary == "after" }?.body.contains("Due at") == false)
    }

    @Test("a calendar's history is counted, not kept: a past event removed, or a future one moved into the past")
    func historyCounted() throws {
        let now = WallTime(seconds: Date().timeIntervalSince1970)
        let (kit, folder) = try Self.watching { folder in
            try Self.event("past", start: Self.stamp(now + Nanoseconds(-30 * Self.day.value))).write(
                toFile: folder + "/work/past.ics", atomically: true, encoding: .utf8)
            try Self.event("soon", start: Self.stamp(now + Self.hour)).write(
                toFile: folder + "/work/soon.ics", atomically: true, encoding: .utf8)
        }
        defer { Self.stop(kit, removing: folder) }
        let feature = Self.calendars(kit)
        let work = try #require(feature.collections.first)
        #expect(work.itemCount == 2 && work.files.count == 1 && feature.planned.count == 1)
        try FileManager.default.removeItem(atPath: folder + "/work/past.ics")
        try kit.run { work.itemCount == 1 }
        #expect(work.itemCount == 1 && work.files.count == 1)
        try Self.event("soon", start: Self.stamp(now + Nanoseconds(-10 * Self.day.value))).write(
            toFile: folder + "/work/soon.ics", atomically: true, encoding: .utf8)
        try kit.run { work.files.isEmpty }
        #expect(work.itemCount == 1 && work.files.isEmpty && feature.planned.isEmpty)
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test(
        "bad input is reported and changes nothing else: a file that stops reading rings as it last read, one too big is left out, a missing folder says why"
    )
    func badInput() throws {
        let now = WallTime(seconds: Date().timeIntervalSince1970)
        let folder =
            FileManager.default.temporaryDirectory.path + "/kit-watched-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/work", withIntermediateDirectories: true)
        try Self.event("kept", start: Self.stamp(now + Self.hour)).write(
            toFile: folder + "/work/kept.ics", atomically: true, encoding: .utf8)
        try String(repeating: "X", count: WatchedCollection.maximumFileBytes + 1).write(
            toFile: folder + "/work/big.ics", atomically: true, encoding: .utf8)
        let kit = try DrivenDaemon(
            systemZone: "Europe/Berlin",
            config: "[calendars]\nwatch = [\"\(folder)/work\", \"\(folder)/missing\"]\n")
        defer { kit.stop() }
        let feature = Self.calendars(kit)
        try kit.run { feature.collections.allSatisfy { $0.hasRead || $0.problem != nil } }
        var listed = feature.list()
        #expect(listed.calendars.map(\.name) == ["work", "missing"], "\(listed)")
        #expect(listed.calendars[1].problem == "it does not exist")
        #expect(listed.calendars[0].items == 1 && listed.calendars[0].unreadable.map(\.file) == ["big.ics"])
        #expect(listed.calendars[0].unreadable.first?.reason.contains("over 4 MiB") == true, "\(listed)")
        #expect(feature.planned.count == 1)
        // The file stops reading: it is reported, and rings as it last read.
        try "BEGIN:VCALENDAR\r\nnot a calendar\r\n".write(
            toFile: folder + "/work/kept.ics", atomically: true, encoding: .utf8)
        try kit.run { feature.list().calendars[0].unreadableCount == 2 }
        listed = feature.list()
        #expect(listed.calendars[0].unreadable.map(\.file) == ["big.ics", "kept.ics"], "\(listed)")
        #expect(feature.planned.count == 1)
        kit.advance(by: Self.hour)
        try kit.run { Self.shown(kit, "kept") == 1 }
        #expect(Self.shown(kit, "kept") == 1)
    }

    @Test("a floating event's alarm moves with the system zone")
    func zoneChange() throws {
        let now = WallTime(seconds: Date().timeIntervalSince1970)
        // 2 h from now on Berlin's clock, written without a zone.
        let (kit, folder) = try Self.watching { folder in
            try Self.event("floating", start: Self.stamp(now + 2 * Self.hour, in: "Europe/Berlin"), before: "PT0S")
                .write(toFile: folder + "/work/floating.ics", atomically: true, encoding: .utf8)
        }
        defer { Self.stop(kit, removing: folder) }
        let feature = Self.calendars(kit)
        #expect(feature.planned.count == 1)
        // In New York the same wall-clock time comes 6 hours later.
        kit.zones.setSystem("America/New_York")
        kit.daemon.zoneChanged()
        try kit.run { !feature.replanning }
        kit.advance(by: 2 * Self.hour + 60 * Nanoseconds.second)
        try kit.run(for: Duration.milliseconds(300))
        #expect(Self.shown(kit, "floating") == 0, "it rang at Berlin's time")
        kit.advance(by: 6 * Self.hour)
        try kit.run { Self.shown(kit, "floating") == 1 }
        #expect(Self.shown(kit, "floating") == 1)
    }

    @Test("a reload puts [calendars] in force: default_alarm plans again, a folder named rings, one left out stops")
    func reload() throws {
        let now = WallTime(seconds: Date().timeIntervalSince1970)
        var root = ""
        let (kit, folder) = try Self.watching { folder in
            root = folder
            // No VALARM: it rings only once default_alarm says when.
            try Self.event("silent", start: Self.stamp(now + Self.hour), before: nil).write(
                toFile: folder + "/work/silent.ics", atomically: true, encoding: .utf8)
            // A far one-off without VALARM, kept as its start until default_alarm says otherwise.
            try Self.event("far", start: Self.stamp(now + 5 * Self.day), before: nil).write(
                toFile: folder + "/work/far.ics", atomically: true, encoding: .utf8)
        }
        defer { Self.stop(kit, removing: folder) }
        let far = WatchedCollection.nameKey("far.ics")
        let farStart = WallTime(
            nanoseconds: (now + 5 * Self.day).nanoseconds / Nanoseconds.second.value * Nanoseconds.second.value)
        let other = root + "-other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: other) }
        try Self.event("elsewhere", start: Self.stamp(now + Self.hour)).write(
            toFile: other + "/elsewhere.ics", atomically: true, encoding: .utf8)
        let feature = Self.calendars(kit)
        #expect(feature.planned.isEmpty)
        try "[calendars]\nwatch = [\"\(folder)/*\", \"\(other)\"]\ndefault_alarm = \"30m\"\n".write(
            toFile: kit.directory + "/config.toml", atomically: true, encoding: .utf8)
        let result = try kit.daemon.reload()
        #expect(result.changed == ["calendars"] && result.restartNeeded.isEmpty, "\(result)")
        #expect(feature.collections[0].later[far]?.at == farStart)
        try kit.run { !feature.replanning && feature.planned.count == 2 }
        #expect(feature.list().calendars.map(\.name) == ["work", String(other.split(separator: "/").last!)])
        // The far one-off was read again: its first instant is now its alarm's.
        try kit.run {
            feature.collections[0].later[far]?.at == farStart + Nanoseconds(-30 * 60 * Nanoseconds.second.value)
        }
        #expect(feature.collections[0].later[far]?.at == farStart + Nanoseconds(-30 * 60 * Nanoseconds.second.value))
        // The first folder is left out: its alarm is no longer planned, and it is not listed.
        try "[calendars]\nwatch = [\"\(other)\"]\n".write(
            toFile: kit.directory + "/config.toml", atomically: true, encoding: .utf8)
        _ = try kit.daemon.reload()
        try kit.run { !feature.replanning && feature.planned.count == 1 }
        #expect(feature.list().calendars.map(\.path) == [other])
        kit.advance(by: Self.hour)
        try kit.run { Self.shown(kit, "elsewhere") == 1 }
        #expect(Self.shown(kit, "elsewhere") == 1 && Self.shown(kit, "silent") == 0)
        try? FileManager.default.removeItem(atPath: folder)
    }
}
