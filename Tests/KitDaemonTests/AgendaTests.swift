import Foundation
import KitCore
import KitProtocol
import Testing

@testable import KitDaemon

@Suite("The agenda over any window")
struct AgendaTests {
    /// The occurrences `kit`'s agenda lists from `first` to `next` (UTC midnights; kitd's zone is Seoul).
    static func month(_ kit: DrivenDaemon, _ first: String, _ next: String) throws -> [AgendaItem] {
        try kit.tasks.agenda(TaskAgendaParams(from: first + "T00:00:00Z", to: next + "T00:00:00Z")).items ?? []
    }

    @Test("a daily task lists every day of a month next year, two years on and ten years on, as of this one")
    func farMonths() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let task = try kit.tasks.add(TaskAddParams(title: "stretch", due: "tomorrow 07:00", repeat: "daily"))
        for (first, next, days) in [
            ("2027-06-01", "2027-07-01", 30), ("2028-06-01", "2028-07-01", 30), ("2036-06-01", "2036-07-01", 30),
            ("2028-02-01", "2028-03-01", 29),
        ] {
            let items = try Self.month(kit, first, next).filter { $0.id == task.id }
            #expect(items.count == days, "\(first): \(items.count)")
            #expect(items.first?.dueAt.hasPrefix(first) == true, "\(first): \(items.first?.dueAt ?? "none")")
        }
    }

    @Test("a weekly task with a count ends where its count does, however far the window is")
    func countEnds() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let task = try kit.tasks.add(
            TaskAddParams(title: "course", due: "2030-01-07 18:00", repeat: "weekly for 10 times"))
        let january = try Self.month(kit, "2030-01-01", "2030-02-01").filter { $0.id == task.id }
        #expect(january.count == 4)
        let march = try Self.month(kit, "2030-03-01", "2030-04-01").filter { $0.id == task.id }
        #expect(march.map(\.dueAt) == ["2030-03-04T09:00:00.000000Z", "2030-03-11T09:00:00.000000Z"])
        #expect(try Self.month(kit, "2031-03-01", "2031-04-01").filter { $0.id == task.id }.isEmpty)
    }

    @Test("a task that comes more than 2,000 times in a window is listed whole, not cut short")
    func oneTaskWhole() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let now = try #require(Timestamp.parse("2026-12-01T12:00:00Z"))
        kit.clock.jump(by: now - kit.clock.now().wall)
        // Every quarter of an hour: 2,976 times in January.
        let ics = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//EN", "BEGIN:VTODO", "UID:quarter@example.com",
            "DTSTAMP:20261201T000000Z", "SUMMARY:Quarter", "DUE:20270101T000000Z",
            "RRULE:FREQ=HOURLY;BYMINUTE=0,15,30,45", "END:VTODO", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        let imported = try kit.tasks.importer.calendar(TaskImportParams(ics: ics))
        #expect(imported.imported.count == 1, "\(imported)")
        let items = try Self.month(kit, "2027-01-01", "2027-02-01")
        #expect(items.count == 31 * 24 * 4)
        #expect(items.last?.dueAt.hasPrefix("2027-01-31T23:45:00") == true, "\(String(describing: items.last))")
    }

    @Test("a window in which the tasks repeat more than 10,000 times is refused with what to ask instead")
    func boundedWork() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        for index in 0..<300 {
            _ = try kit.tasks.add(TaskAddParams(title: "t\(index)", due: "tomorrow 07:00", repeat: "daily"))
        }
        // A month: 9,000 occurrences.
        #expect(try Self.month(kit, "2027-06-01", "2027-07-01").count == 300 * 30)
        // A year: 109,500.
        #expect {
            _ = try Self.month(kit, "2027-01-01", "2028-01-01")
        } throws: { error in
            guard case KitError.invalidArgument(let message) = error else { return false }
            return message.english.contains("more than 10000 times")
                && message.english.contains("ask for a shorter window")
        }
    }

    @Test(
        "a window reaching past the years kit handles, or with an offset that does not exist, is refused with what to ask instead"
    )
    func boundedWindow() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        #expect(try Self.month(kit, "1900-01-01", "2200-12-31").isEmpty)
        let refusals: [(String, String, String)] = [
            ("2026-01-01T00:00:00Z", "9999-12-31T00:00:00Z", "'to' must be a time from 1900 through 2200"),
            ("1677-09-21T00:12:43Z", "2026-01-01T00:00:00Z", "'from' must be a time from 1900 through 2200"),
            ("2026-01-01T00:00:00+99:99", "2026-02-01T00:00:00Z", "'from' must be an RFC 3339 time"),
        ]
        for (from, to, expected) in refusals {
            #expect {
                _ = try kit.tasks.agenda(TaskAgendaParams(from: from, to: to))
            } throws: { error in
                guard case KitError.invalidArgument(let message) = error else { return false }
                return message.english.contains(expected)
            }
        }
    }
}
