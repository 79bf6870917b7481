import KitCore
import KitTestValues
import Testing

@Suite("Saying repeat rules back in words")
struct RecurrenceDescriptionTests {
    static let anchors = [date(2026, 11, 25), date(2026, 1, 31), date(2028, 2, 29), date(2026, 8, 30)]

    @Test(
        "every friendly form, stored as an RRULE, is said back as a rule with the same occurrences",
        arguments: Recurrence.friendlyForms + [
            "every 3 days for 10 times", "weekly on fri until 2030-06-30", "monthly on the last fri",
            "every 2 months on day 15", "daily until 2030-01-31 18:00", "every 2 years",
        ])
    func roundTrip(form: String) throws {
        for anchor in Self.anchors {
            let rule = try Recurrence.parse(form)
            let stored = try Recurrence.parse(rule.rrule(anchor: anchor))
            let text = try #require(stored.friendlyText(anchor: anchor), "\(form) from \(anchor.iso8601)")
            let reread = try Recurrence.parseFriendly(text)
            let start = CivilDateTime(date: anchor, time: TimeOfDay(hour: 9, minute: 0))
            let expected = Array(try RecurrenceSeries(rule: rule, anchor: start).prefix(40))
            #expect(
                Array(try RecurrenceSeries(rule: reread, anchor: start).prefix(40)) == expected, "\(form) → \(text)")
        }
    }

    @Test(
        "the names people expect",
        arguments: [
            ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "weekdays"), ("FREQ=MONTHLY;BYDAY=2TU", "monthly on the 2nd tue"),
            ("FREQ=MONTHLY;BYMONTHDAY=-1", "monthly on the last day"), ("FREQ=DAILY;COUNT=5", "daily for 5 times"),
            ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH", "every 2 weeks on tue,thu"),
        ])
    func names(rrule: String, text: String) throws {
        #expect(try Recurrence.parse(rrule).friendlyText(anchor: date(2026, 11, 25)) == text)
    }

    @Test(
        "rules only an RRULE can say have no friendly text",
        arguments: [
            "FREQ=MONTHLY;BYMONTHDAY=1,15", "FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=-1", "FREQ=YEARLY;BYMONTH=3,9",
            "FREQ=DAILY;UNTIL=20270101T000000Z", "FREQ=MONTHLY;BYMONTHDAY=31",
        ])
    func rruleOnly(rrule: String) throws {
        #expect(try Recurrence.parse(rrule).friendlyText(anchor: date(2026, 11, 25)) == nil)
    }
}
