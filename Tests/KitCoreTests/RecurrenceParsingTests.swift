import KitCore
import KitTestValues
import Testing

@Suite("Reading and writing repeat rules")
struct RecurrenceParsingTests {
    static let wednesday = date(2026, 11, 25)

    @Test(
        "friendly forms become the RFC 5545 rule they mean",
        arguments: [
            ("daily", wednesday, "FREQ=DAILY"), ("weekdays", wednesday, "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
            ("weekly", wednesday, "FREQ=WEEKLY"), ("Weekly on Mon, Wed", wednesday, "FREQ=WEEKLY;BYDAY=MO,WE"),
            ("weekly on wednesday and monday", wednesday, "FREQ=WEEKLY;BYDAY=MO,WE"),
            ("every 3 days", wednesday, "FREQ=DAILY;INTERVAL=3"),
            ("every 2 weeks", wednesday, "FREQ=WEEKLY;INTERVAL=2"),
            ("every 2 weeks on tue,thu", wednesday, "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH"),
            ("every other week", wednesday, "FREQ=WEEKLY;INTERVAL=2"),
            ("every 6 months", wednesday, "FREQ=MONTHLY;INTERVAL=6"),
            ("every 6 months", date(2026, 8, 31), "FREQ=MONTHLY;INTERVAL=6;BYMONTHDAY=28,29,30,31;BYSETPOS=-1"),
            ("monthly", wednesday, "FREQ=MONTHLY"),
            ("monthly", date(2026, 1, 31), "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1"),
            ("monthly", date(2026, 1, 29), "FREQ=MONTHLY;BYMONTHDAY=28,29;BYSETPOS=-1"),
            ("monthly on day 15", wednesday, "FREQ=MONTHLY;BYMONTHDAY=15"),
            ("monthly on the 15th", wednesday, "FREQ=MONTHLY;BYMONTHDAY=15"),
            ("monthly on day 31", wednesday, "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1"),
            ("monthly on day 30", wednesday, "FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1"),
            ("monthly on the last day", wednesday, "FREQ=MONTHLY;BYMONTHDAY=-1"),
            ("monthly on the 2nd tue", wednesday, "FREQ=MONTHLY;BYDAY=2TU"),
            ("monthly on the last fri", wednesday, "FREQ=MONTHLY;BYDAY=-1FR"),
            ("monthly on the first monday", wednesday, "FREQ=MONTHLY;BYDAY=1MO"),
            ("monthly on the 4th sun", wednesday, "FREQ=MONTHLY;BYDAY=4SU"),
            ("every month on the 3rd wed", wednesday, "FREQ=MONTHLY;BYDAY=3WE"),
            ("yearly", wednesday, "FREQ=YEARLY"),
            ("yearly", date(2028, 2, 29), "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1"),
            ("every 2 years", wednesday, "FREQ=YEARLY;INTERVAL=2"),
            ("daily until 2027-01-31", wednesday, "FREQ=DAILY;UNTIL=20270131"),
            ("weekly, until 2027-01-31 18:00", wednesday, "FREQ=WEEKLY;UNTIL=20270131T180000"),
            ("daily for 10 times", wednesday, "FREQ=DAILY;COUNT=10"),
            ("DAILY, FOR 10 TIMES", wednesday, "FREQ=DAILY;COUNT=10"),
            ("daily count 10", wednesday, "FREQ=DAILY;COUNT=10"),
            ("monthly on the 2nd tue 6 times", wednesday, "FREQ=MONTHLY;BYDAY=2TU;COUNT=6"),
        ])
    func friendlyToRRULE(text: String, anchor: CivilDate, rrule: String) throws {
        #expect(try Recurrence.parse(text).rrule(anchor: anchor) == rrule)
    }

    @Test("friendly rules survive the trip through RRULE text with the same occurrences")
    func friendlyRoundTrip() throws {
        let anchors = [date(2026, 1, 31), date(2026, 11, 25), date(2028, 2, 29), date(2026, 8, 30), date(2026, 11, 10)]
        for text in Recurrence.friendlyForms + ["monthly on day 31 for 20 times", "yearly until 2040-03-01"] {
            for anchorDate in anchors {
                let anchor = CivilDateTime(date: anchorDate, hour: 8, minute: 15)
                let rule = try Recurrence.parse(text)
                let written = rule.rrule(anchor: anchorDate)
                let reread = try Recurrence.parseRRULE(written)
                #expect(reread.rrule(anchor: anchorDate) == written, "\(text)")
                let before = try RecurrenceSeries(rule: rule, anchor: anchor).prefix(60)
                let after = try RecurrenceSeries(rule: reread, anchor: anchor).prefix(60)
                #expect(Array(before) == Array(after), "\(text) from \(anchorDate) as \(written)")
            }
        }
    }

    @Test(
        "RRULE text reads, writes canonically, and reads back to the same rule",
        arguments: [
            ("RRULE:FREQ=WEEKLY;BYDAY=MO,WE", "FREQ=WEEKLY;BYDAY=MO,WE"),
            ("freq=weekly;byday=we,mo", "FREQ=WEEKLY;BYDAY=MO,WE"),
            ("FREQ=MONTHLY;BYDAY=2TU", "FREQ=MONTHLY;BYDAY=2TU"),
            ("FREQ=MONTHLY;BYDAY=-1FR;COUNT=6", "FREQ=MONTHLY;BYDAY=-1FR;COUNT=6"),
            ("FREQ=MONTHLY;BYDAY=+1MO", "FREQ=MONTHLY;BYDAY=1MO"),
            ("FREQ=MONTHLY;BYMONTHDAY=-1,-2", "FREQ=MONTHLY;BYMONTHDAY=-2,-1"),
            ("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH"),
            ("FREQ=DAILY;INTERVAL=2;UNTIL=20270131T235959Z", "FREQ=DAILY;INTERVAL=2;UNTIL=20270131T235959Z"),
            ("FREQ=DAILY;UNTIL=20270131", "FREQ=DAILY;UNTIL=20270131"),
            ("FREQ=WEEKLY;WKST=SU;INTERVAL=2;BYDAY=SU,MO", "FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=MO,SU"),
            ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"),
            ("FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1", "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1"),
            (
                "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1",
                "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1"
            ),
            ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29"),
            (" FREQ=DAILY ; COUNT=3 ;", "FREQ=DAILY;COUNT=3"),
            ("FREQ=HOURLY;INTERVAL=3;BYDAY=FR,MO", "FREQ=HOURLY;INTERVAL=3;BYDAY=MO,FR"),
            ("FREQ=DAILY;BYMINUTE=30,0;BYHOUR=15,9", "FREQ=DAILY;BYHOUR=9,15;BYMINUTE=0,30"),
            ("FREQ=YEARLY;BYDAY=MO;BYWEEKNO=-1,20", "FREQ=YEARLY;BYWEEKNO=-1,20;BYDAY=MO"),
            ("FREQ=YEARLY;BYYEARDAY=-1,60;BYSECOND=30", "FREQ=YEARLY;BYYEARDAY=-1,60;BYSECOND=30"),
        ])
    func rruleRoundTrip(input: String, canonical: String) throws {
        let rule = try Recurrence.parseRRULE(input)
        #expect(rule.rrule(anchor: Self.wednesday) == canonical)
        #expect(try Recurrence.parseRRULE(canonical) == rule)
    }

    @Test("the RFC 5545 form of a clamped day reads back as a clamp")
    func clampPatternReadsAsClamp() throws {
        let rule = try Recurrence.parseRRULE("FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1")
        #expect(rule.monthEnd == .clamp)
        #expect(rule.byMonthDay == [31])
        #expect(rule.bySetPosition.isEmpty)
        #expect(try Recurrence.parse("monthly on day 31") == rule)
        // Other BYSETPOS rules stay as they are.
        #expect(try Recurrence.parseRRULE("FREQ=MONTHLY;BYMONTHDAY=27,28,29,30,31;BYSETPOS=-1").monthEnd == .skip)
        let twoMonths = try Recurrence.parseRRULE("FREQ=YEARLY;BYMONTH=1,2;BYMONTHDAY=28,29;BYSETPOS=-1")
        #expect(twoMonths.monthEnd == .skip)
        #expect(twoMonths.bySetPosition == [-1])
    }

    @Test(
        "bad RRULEs are refused with a message that names the problem",
        arguments: [
            ("FREQ=MINUTELY;INTERVAL=15", "at most HOURLY"), ("FREQ=SECONDLY", "--nag"),
            ("FREQ=FORTNIGHTLY", "HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY"),
            ("FREQ=DAILY;X-FOO=1;BYEASTER=3", "X-FOO, BYEASTER"), ("FREQ=DAILY;BYHOUR=24", "BYHOUR=24; use 0 to 23"),
            ("FREQ=DAILY;BYMINUTE=-5", "BYMINUTE=-5"), ("FREQ=DAILY;BYSECOND=60", "BYSECOND=60"),
            ("FREQ=YEARLY;BYYEARDAY=0", "BYYEARDAY=0; use 1 to 366 or -1 to -366"),
            ("FREQ=YEARLY;BYWEEKNO=54", "BYWEEKNO=54"), ("FREQ=MONTHLY;BYWEEKNO=3", "BYWEEKNO in a monthly rule"),
            ("FREQ=DAILY;BYYEARDAY=3", "BYYEARDAY in a daily rule"),
            ("FREQ=YEARLY;BYWEEKNO=20;BYDAY=1MO", "numbers a weekday beside BYWEEKNO"),
            ("FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30", "never occurs"),
            ("FREQ=YEARLY;BYWEEKNO=53;BYMONTH=6", "Check BYMONTH against BYWEEKNO"),
            ("FREQ=DAILY;COUNT=3;UNTIL=20270101", "both COUNT and UNTIL"),
            ("FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2", "never occurs"),
            ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "never occurs"),
            ("FREQ=DAILY;BYMONTH=4,6;BYMONTHDAY=31", "never occurs"), ("FREQ=MONTHLY;BYMONTHDAY=32", "1 to 31"),
            ("FREQ=WEEKLY;BYDAY=2TU", "only monthly and yearly"), ("FREQ=WEEKLY;BYDAY=XX", "MO…SU"),
            ("FREQ=DAILY;INTERVAL=0", "interval 0"), ("FREQ=DAILY;UNTIL=20260230", "UNTIL=20260230"),
            ("BYDAY=MO", "no FREQ"), ("FREQ=DAILY;FREQ=WEEKLY", "twice"), ("FREQ=DAILY;COUNT=0", "COUNT=0"),
            ("", "empty"), ("FREQ", "without '='"), ("FREQ=WEEKLY;BYMONTHDAY=1", "weekly rule"),
            ("FREQ=MONTHLY;BYDAY=6MO", "1 to 5"), ("FREQ=MONTHLY;BYMONTH=13", "month 13"),
            ("FREQ=DAILY;BYSETPOS=1", "BYSETPOS without"), ("FREQ=DAILY;INTERVAL=two", "whole numbers"),
            ("RRULE:", "empty"), ("FREQ=DAILY;COUNT=100001", "COUNT=100001"),
        ])
    func refusesBadRRULE(text: String, hint: String) {
        do {
            let rule = try Recurrence.parseRRULE(text)
            Issue.record("'\(text)' was accepted as \(rule)")
        } catch {
            #expect(error.message.contains(hint), "\(error.message)")
        }
    }

    @Test(
        "bad friendly rules are refused, quoting the input and showing the forms",
        arguments: [
            ("fortnightly", "weekly on mon,wed"), ("weekly on funday", "'funday' is not a weekday"),
            ("monthly on day 32", "day 32"), ("monthly on the 5th tue", "not every month has a 5th Tuesday"),
            ("every 0 days", "from 1"), ("daily until 2027-02-30", "2027-02 has 28 days"),
            ("daily for ten times", "'daily for ten times'"), ("", "empty"), ("weekly on", "until 2027-01-31"),
            ("daily until", "for 10 times"), ("every 2 fortnights", "every 2 weeks on tue,thu"),
            ("daily daily", "'daily daily'"),
        ])
    func refusesBadFriendly(text: String, hint: String) {
        do {
            let rule = try Recurrence.parse(text)
            Issue.record("'\(text)' was accepted as \(rule)")
        } catch {
            #expect(error.message.contains(hint), "\(error.message)")
        }
    }

    @Test("a rule built in code is checked and put in canonical order")
    func validatedModel() throws {
        let rule = try Recurrence(.weekly, byDay: [.init(.friday), .init(.monday), .init(.friday)]).validated()
        #expect(rule.byDay == [.init(.monday), .init(.friday)])
        #expect(throws: KitError.self) { try Recurrence(.yearly, byMonthDay: [30], byMonth: [2]).validated() }
        #expect(throws: KitError.self) {
            try Recurrence(.weekly, byDay: [.init(.monday)], monthEnd: .clamp).validated()
        }
        // Yearly on the 31st of every month cannot be written as one BYSETPOS=-1 rule.
        #expect(throws: KitError.self) { try Recurrence(.yearly, byMonthDay: [31], monthEnd: .clamp).validated() }
        #expect(try Recurrence(.yearly, byMonthDay: [31], byMonth: [4], monthEnd: .clamp).validated().byMonth == [4])
    }
}
