import KitCore
import KitTestValues
import Testing

/// A repeating task's first due is a day of its rule (issue 42).
@Suite("A rule's first occurrence on or after a due")
struct FirstOccurrenceTests {
    func first(_ rule: String, _ due: CivilDateTime) throws -> CivilDateTime? {
        try Recurrence.parse(rule).firstOccurrence(onOrAfter: due)
    }

    @Test("the due itself when the rule holds it, else the rule's next day, counted from the due")
    func cases() throws {
        let thursday = at(2026, 12, 10, 9)
        #expect(try first("weekly on tue", thursday) == at(2026, 12, 15, 9))
        #expect(try first("weekly on thu", thursday) == thursday)
        #expect(try first("weekly", thursday) == thursday)
        #expect(try first("daily", thursday) == thursday)
        #expect(try first("weekdays", at(2026, 12, 12, 9)) == at(2026, 12, 14, 9))
        // Every two weeks from a Thursday: that week's Tuesday is gone, so two weeks on.
        #expect(try first("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", thursday) == at(2026, 12, 22, 9))
        #expect(try first("monthly on the 2nd tue", at(2026, 12, 1, 9)) == at(2026, 12, 8, 9))
        #expect(try first("FREQ=DAILY;BYHOUR=18", thursday) == at(2026, 12, 10, 18))
    }
}
