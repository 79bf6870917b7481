import Foundation
import KitCore
import KitProtocol
import Testing

@testable import KitDaemon

/// The calendar shapes the corpus shows one import at a time (`CalendarCorpusTests`), seen over
/// several imports, strictly, and through the vdir's one-item reading.
@Suite("Calendar shapes over several imports")
struct CalendarShapesTests {
    static func calendar(_ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//EN"] + lines + ["END:VCALENDAR"])
            .map { $0 + "\r\n" }.joined()
    }

    static let series = [
        "BEGIN:VEVENT", "UID:standup@example.com", "SUMMARY:Standup", "DTSTAMP:20261201T000000Z", "SEQUENCE:0",
        "DTSTART;TZID=Europe/Berlin:20270104T100000", "RRULE:FREQ=WEEKLY;COUNT=6", "END:VEVENT",
    ]

    static let moved = [
        "BEGIN:VEVENT", "UID:standup@example.com", "SUMMARY:Standup (Tuesday)", "DTSTAMP:20261210T000000Z",
        "SEQUENCE:2", "RECURRENCE-ID;TZID=Europe/Berlin:20270111T100000",
        "DTSTART;TZID=Europe/Berlin:20270112T100000", "END:VEVENT",
    ]

    static let cancelled = [
        "BEGIN:VEVENT", "UID:standup@example.com", "SUMMARY:Standup", "DTSTAMP:20261210T000000Z", "SEQUENCE:2",
        "STATUS:CANCELLED", "RECURRENCE-ID;TZID=Europe/Berlin:20270125T100000",
        "DTSTART;TZID=Europe/Berlin:20270125T100000", "END:VEVENT",
    ]

    /// A kitd in Berlin on 2026-12-01 noon.
    static func kitd() throws -> DrivenDaemon {
        let kit = try DrivenDaemon(systemZone: "Europe/Berlin")
        let now = try #require(Timestamp.parse("2026-12-01T12:00:00Z"))
        kit.clock.jump(by: now - kit.clock.now().wall)
        return kit
    }

    /// The agenda of January and February 2027 as "when title" lines.
    static func agenda(_ kit: DrivenDaemon) throws -> [String] {
        let result = try kit.tasks.agenda(
            TaskAgendaParams(from: "2027-01-01T00:00:00Z", to: "2027-03-01T00:00:00Z"))
        return (result.items ?? []).map { $0.dueAt.replacing(".000000Z", with: "Z") + " " + $0.title }
    }

    @Test("changes without their series come in as one task of the occurrences they change; again, nothing changes")
    func changesAlone() throws {
        let kit = try Self.kitd()
        defer { kit.stop() }
        let document = Self.calendar(Self.moved + Self.cancelled)
        let first = try kit.tasks.importer.calendar(TaskImportParams(ics: document))
        #expect(first.imported.map(\.uid) == ["standup@example.com"], "\(first)")
        #expect(try Self.agenda(kit) == ["2027-01-12T09:00:00Z Standup (Tuesday)"])
        let again = try kit.tasks.importer.calendar(TaskImportParams(ics: document))
        #expect(again.imported.isEmpty && again.updated.isEmpty, "\(again)")
        #expect(again.skipped.contains { $0.contains("already imported") }, "\(again.skipped)")
    }

    @Test("changes without their series are placed in the series kit has, never in its place")
    func changesJoinTheSeries() throws {
        let kit = try Self.kitd()
        defer { kit.stop() }
        _ = try kit.tasks.importer.calendar(TaskImportParams(ics: Self.calendar(Self.series)))
        // Outlook mails a moved meeting as the change alone, with a higher SEQUENCE than the series.
        let change = try kit.tasks.importer.calendar(TaskImportParams(ics: Self.calendar(Self.moved + Self.cancelled)))
        #expect(change.imported.isEmpty && change.updated.map(\.uid) == ["standup@example.com"], "\(change)")
        #expect(change.updated.first?.repeatRule == "FREQ=WEEKLY;COUNT=6")
        #expect(
            try Self.agenda(kit) == [
                "2027-01-04T09:00:00Z Standup", "2027-01-12T09:00:00Z Standup (Tuesday)",
                "2027-01-18T09:00:00Z Standup", "2027-02-01T09:00:00Z Standup", "2027-02-08T09:00:00Z Standup",
            ])
        let again = try kit.tasks.importer.calendar(TaskImportParams(ics: Self.calendar(Self.moved)))
        #expect(again.updated.isEmpty, "\(again)")
        #expect(again.skipped.contains { $0.contains("already imported") }, "\(again.skipped)")
    }

    @Test("a change of an occurrence of a task kit has that does not repeat is skipped, and the task kept")
    func changeOfAOneOff() throws {
        let kit = try Self.kitd()
        defer { kit.stop() }
        let oneOff = [
            "BEGIN:VEVENT", "UID:standup@example.com", "SUMMARY:Standup once", "DTSTAMP:20261201T000000Z",
            "DTSTART;TZID=Europe/Berlin:20270111T100000", "END:VEVENT",
        ]
        _ = try kit.tasks.importer.calendar(TaskImportParams(ics: Self.calendar(oneOff)))
        let change = try kit.tasks.importer.calendar(TaskImportParams(ics: Self.calendar(Self.moved)))
        #expect(change.imported.isEmpty && change.updated.isEmpty, "\(change)")
        #expect(change.skipped.contains { $0.contains("which does not repeat") }, "\(change.skipped)")
        #expect(try Self.agenda(kit) == ["2027-01-11T09:00:00Z Standup once"])
    }

    @Test("the series arriving after its changes takes the place of what they made, whatever its SEQUENCE")
    func seriesAfterItsChanges() throws {
        let kit = try Self.kitd()
        defer { kit.stop() }
        let alone = try kit.tasks.importer.calendar(TaskImportParams(ics: Self.calendar(Self.moved)))
        let id = try #require(alone.imported.first?.id)
        let whole = try kit.tasks.importer.calendar(TaskImportParams(ics: Self.calendar(Self.series + Self.moved)))
        #expect(whole.imported.isEmpty && whole.updated.map(\.id) == [id], "\(whole)")
        #expect(try Self.agenda(kit).count == 6)
        #expect(try Self.agenda(kit).contains("2027-01-12T09:00:00Z Standup (Tuesday)"))
    }

    @Test("no database error reaches the user: a UID twice, as a VTODO and as a VEVENT, and changes alone")
    func noConstraintError() throws {
        let kit = try Self.kitd()
        defer { kit.stop() }
        let twice = [
            "BEGIN:VTODO", "UID:twice@example.com", "SUMMARY:Twice", "DUE:20270105T100000Z", "END:VTODO",
            "BEGIN:VEVENT", "UID:twice@example.com", "SUMMARY:Twice (event)", "DTSTART:20270106T100000Z",
            "END:VEVENT",
        ]
        for strict in [true, false] {
            let result = try kit.tasks.importer.calendar(
                TaskImportParams(ics: Self.calendar(twice + Self.moved + Self.moved), strict: strict, dryRun: strict))
            #expect(Set(result.imported.map(\.uid)) == ["twice@example.com", "standup@example.com"], "\(result)")
        }
    }

    @Test("a property name libical does not know costs only its line, also strictly; a malformed one refuses")
    func unknownPropertyName() throws {
        let kit = try Self.kitd()
        defer { kit.stop() }
        let event = [
            "BEGIN:VEVENT", "UID:review@confluence.example.com", "SUMMARY:Review", "DTSTART:20270105T130000Z",
            "SUBCALENDAR-ID:8a7f1c2e", "END:VEVENT",
        ]
        let result = try kit.tasks.importer.calendar(TaskImportParams(ics: Self.calendar(event), strict: true))
        #expect(result.imported.map(\.title) == ["Review"])
        #expect(
            result.skipped == [
                "line 8: SUBCALENDAR-ID (UID review@confluence.example.com) skipped (not a property kit or libical "
                    + "knows; the line is ignored)"
            ])
        var malformed = event
        malformed[4] = "SUB CALENDAR:x"
        #expect(throws: KitError.self) {
            try kit.tasks.importer.calendar(TaskImportParams(ics: Self.calendar(malformed), strict: true))
        }
    }

    static let twoRules = [
        "BEGIN:VTODO", "UID:plants@example.com", "SUMMARY:Water the plants", "DUE:20270105T180000Z",
        "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "RRULE:FREQ=WEEKLY;BYDAY=TU,FR;COUNT=4", "END:VTODO",
    ]

    @Test("a first RRULE kit cannot follow leaves the series to the others and says so; strictly it refuses")
    func firstRuleRefused() throws {
        let kit = try Self.kitd()
        defer { kit.stop() }
        let result = try kit.tasks.importer.calendar(TaskImportParams(ics: Self.calendar(Self.twoRules)))
        #expect(result.imported.first?.repeatRule == "FREQ=WEEKLY;BYDAY=TU,FR;COUNT=4", "\(result)")
        #expect(result.skipped.contains { $0.contains("never occurs") && $0.contains("the other rules are kept") })
        #expect(try Self.agenda(kit).count == 4)
        #expect(throws: KitError.self) {
            try kit.tasks.importer.calendar(TaskImportParams(ics: Self.calendar(Self.twoRules), strict: true))
        }
    }

    @Test("a vdir file (one item) with two RRULEs, the first refused, repeats by the other rule")
    func twoRulesInOneItem() throws {
        let kit = try Self.kitd()
        defer { kit.stop() }
        var setting = kit.tasks.importer.setting()
        setting.firePast = false
        let both = Self.twoRules.map {
            $0 == "RRULE:FREQ=WEEKLY;BYDAY=TU,FR;COUNT=4" ? $0 + "\r\nRRULE:FREQ=MONTHLY;BYMONTHDAY=20;COUNT=2" : $0
        }
        let prepared = try PreparedImport(ics: Self.calendar(both), strict: false, setting: setting)
        guard case .built(let new) = try #require(prepared.components.first).outcome else {
            Issue.record("not built: \(prepared.components)")
            return
        }
        #expect(new.task.recurrence?.rrule == "FREQ=WEEKLY;BYDAY=TU,FR;COUNT=4")
        #expect(new.task.dates.moreRules.map(\.rrule) == ["FREQ=MONTHLY;BYMONTHDAY=20;COUNT=2"])
        #expect(prepared.skipped.contains { $0.english.contains("the other rules are kept") }, "\(prepared.skipped)")
    }

    @Test("a past event is history and comes in done; a past VTODO stays overdue; a past series moves on")
    func pastEvents() throws {
        let kit = try Self.kitd()
        defer { kit.stop() }
        let document = Self.calendar([
            "BEGIN:VEVENT", "UID:party@example.com", "SUMMARY:Party", "DTSTART:20261120T170000Z", "END:VEVENT",
            "BEGIN:VTODO", "UID:taxes@example.com", "SUMMARY:Taxes", "DUE:20261120T170000Z", "END:VTODO",
            "BEGIN:VEVENT", "UID:new-year@example.com", "SUMMARY:New Year", "DTSTART;VALUE=DATE:20190101",
            "RRULE:FREQ=YEARLY", "END:VEVENT",
        ])
        let result = try kit.tasks.importer.calendar(TaskImportParams(ics: document))
        let byTitle = Dictionary(uniqueKeysWithValues: result.imported.map { ($0.title, $0) })
        #expect(byTitle["Party"]?.state == .done && byTitle["Party"]?.overdue == false)
        #expect(byTitle["Taxes"]?.state == .open && byTitle["Taxes"]?.overdue == true)
        #expect(byTitle["New Year"]?.dueLocal == "2027-01-01T09:00:00" && byTitle["New Year"]?.overdue == false)
    }
}
