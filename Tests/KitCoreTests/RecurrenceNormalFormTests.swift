import KitCore
import KitTestValues
import Testing

@Suite("A repeat rule's one normal form")
struct RecurrenceNormalFormTests {
    @Test(
        "every rule has one normal RRULE, written without the first due; a month-end move is RFC 7529's SKIP=BACKWARD",
        arguments: [
            ("daily", "FREQ=DAILY"), ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
            ("monthly", "RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=BACKWARD"),
            ("every 6 months", "RSCALE=GREGORIAN;FREQ=MONTHLY;INTERVAL=6;SKIP=BACKWARD"),
            ("monthly on day 31", "RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD"),
            // A day every month has is never moved, so the rule is RFC 5545's own.
            ("monthly on day 15", "FREQ=MONTHLY;BYMONTHDAY=15"),
            ("FREQ=MONTHLY;BYMONTHDAY=15", "FREQ=MONTHLY;BYMONTHDAY=15"),
            ("monthly on the last day", "FREQ=MONTHLY;BYMONTHDAY=-1"),
            ("monthly on the 2nd tue", "FREQ=MONTHLY;BYDAY=2TU"),
            ("yearly until 2040-03-01", "RSCALE=GREGORIAN;FREQ=YEARLY;UNTIL=20400301;SKIP=BACKWARD"),
            (
                "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1",
                "RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD"
            ),
            ("RRULE:rscale=gregorian;freq=monthly;skip=backward", "RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=BACKWARD"),
            ("RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=OMIT", "FREQ=MONTHLY"),
            // Weekdays are never missing: SKIP changes nothing, and the rule is written without it.
            ("RSCALE=GREGORIAN;FREQ=MONTHLY;BYDAY=-1FR;SKIP=BACKWARD", "FREQ=MONTHLY;BYDAY=-1FR"),
            ("RSCALE=GREGORIAN;FREQ=WEEKLY;SKIP=BACKWARD", "FREQ=WEEKLY"),
        ])
    func normalForm(text: String, normal: String) throws {
        let rule = try Recurrence.parse(text).validated()
        #expect(rule.rrule == normal)
        #expect(try Recurrence.parse(normal) == rule)
    }

    @Test("the normal form reads back to the same rule and writes the same text, for every friendly form")
    func fixedPoint() throws {
        for text in Recurrence.friendlyForms + ["monthly on day 31 for 20 times", "every 3 months until 2031-12-31"] {
            let rule = try Recurrence.parse(text).validated()
            let reread = try Recurrence.parse(rule.rrule)
            #expect(reread == rule, "\(text) as \(rule.rrule)")
            #expect(reread.rrule == rule.rrule, "\(text)")
        }
    }

    @Test("'monthly' started on the 15th still moves to the month's end once its due moves to the 31st")
    func clampSurvivesItsText() throws {
        let stored = try Recurrence.parse(try Recurrence.parse("monthly").validated().rrule)
        let series = try RecurrenceSeries(rule: stored, anchor: at(2030, 1, 31, 9))
        #expect(Array(series.prefix(3)) == [at(2030, 1, 31, 9), at(2030, 2, 28, 9), at(2030, 3, 31, 9)])
        // RFC 5545's own FREQ=MONTHLY skips February instead.
        let plain = try RecurrenceSeries(rule: try Recurrence.parse("FREQ=MONTHLY"), anchor: at(2030, 1, 31, 9))
        #expect(Array(plain.prefix(2)) == [at(2030, 1, 31, 9), at(2030, 3, 31, 9)])
    }

    @Test(
        "RFC 7529 parts kit cannot follow are refused with a message that names them",
        arguments: [
            ("RSCALE=HEBREW;FREQ=YEARLY", "Korean and Chinese lunar calendars"),
            ("RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=FORWARD", "SKIP=FORWARD"),
            ("FREQ=MONTHLY;SKIP=BACKWARD", "SKIP without RSCALE"),
            ("RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=1,31;SKIP=BACKWARD", "single day of the month"),
        ])
    func refusesRSCALE(text: String, hint: String) {
        do {
            let rule = try Recurrence.parseRRULE(text)
            Issue.record("'\(text)' was accepted as \(rule)")
        } catch {
            #expect(error.message.contains(hint), "\(error.message)")
        }
    }
}
