import KitCore
import KitTestValues
import Testing

@Suite("Reading due times")
struct WhenExpressionTests {
    /// Saturday 2026-11-21, 14:30 in New York (EST, UTC-5).
    static let now = utc("2026-11-21T19:30:00Z")
    static let zone = FoundationZone.newYork

    static func resolve(_ text: String, now: WallTime = now) throws(KitError) -> ResolvedWhen {
        try WhenExpression.parse(text).resolve(now: now, in: zone)
    }

    @Test(
        "accepted forms resolve to the local date-time and the instant meant",
        arguments: [
            ("2026-11-25 18:00", at(2026, 11, 25, 18), "2026-11-25T23:00:00Z", false),
            ("2026-11-25T18:00", at(2026, 11, 25, 18), "2026-11-25T23:00:00Z", false),
            ("2026-11-25t18:00:30", at(2026, 11, 25, 18, 0, 30), "2026-11-25T23:00:30Z", false),
            ("2026-11-25T18:00+09:00", at(2026, 11, 25, 4), "2026-11-25T09:00:00Z", false),
            ("2026-11-25 18:00 +09:00", at(2026, 11, 25, 4), "2026-11-25T09:00:00Z", false),
            ("2026-11-25T18:00Z", at(2026, 11, 25, 13), "2026-11-25T18:00:00Z", false),
            ("2026-11-25T18:00-0330", at(2026, 11, 25, 16, 30), "2026-11-25T21:30:00Z", false),
            ("2026-11-25 at 6pm", at(2026, 11, 25, 18), "2026-11-25T23:00:00Z", false),
            ("2026-11-25", at(2026, 11, 25, 9), "2026-11-25T14:00:00Z", true),
            ("18:00", at(2026, 11, 21, 18), "2026-11-21T23:00:00Z", false),
            ("6pm", at(2026, 11, 21, 18), "2026-11-21T23:00:00Z", false),
            ("6 PM", at(2026, 11, 21, 18), "2026-11-21T23:00:00Z", false),
            ("6:30pm", at(2026, 11, 21, 18, 30), "2026-11-21T23:30:00Z", false),
            ("today 18:00", at(2026, 11, 21, 18), "2026-11-21T23:00:00Z", false),
            ("at 18:00", at(2026, 11, 21, 18), "2026-11-21T23:00:00Z", false),
            ("at 23:59", at(2026, 11, 21, 23, 59), "2026-11-22T04:59:00Z", false),
            ("tomorrow 9:00", at(2026, 11, 22, 9), "2026-11-22T14:00:00Z", false),
            ("Tomorrow at 9:00", at(2026, 11, 22, 9), "2026-11-22T14:00:00Z", false),
            ("tomorrow", at(2026, 11, 22, 9), "2026-11-22T14:00:00Z", true),
            ("tomorrow 12am", at(2026, 11, 22, 0), "2026-11-22T05:00:00Z", false),
            ("tomorrow 12pm", at(2026, 11, 22, 12), "2026-11-22T17:00:00Z", false),
            ("tomorrow noon", at(2026, 11, 22, 12), "2026-11-22T17:00:00Z", false),
            ("mon 10:00", at(2026, 11, 23, 10), "2026-11-23T15:00:00Z", false),
            ("monday", at(2026, 11, 23, 9), "2026-11-23T14:00:00Z", true),
            ("sat 18:00", at(2026, 11, 21, 18), "2026-11-21T23:00:00Z", false),
            ("sat 10:00", at(2026, 11, 28, 10), "2026-11-28T15:00:00Z", false),
            ("saturday", at(2026, 11, 28, 9), "2026-11-28T14:00:00Z", true),
            ("fri at 6:30pm", at(2026, 11, 27, 18, 30), "2026-11-27T23:30:00Z", false),
            ("next fri", at(2026, 11, 27, 9), "2026-11-27T14:00:00Z", true),
            ("next fri 14:00", at(2026, 11, 27, 14), "2026-11-27T19:00:00Z", false),
            ("next sat 18:00", at(2026, 11, 28, 18), "2026-11-28T23:00:00Z", false),
            ("in 2h", at(2026, 11, 21, 16, 30), "2026-11-21T21:30:00Z", false),
            ("in 3 days", at(2026, 11, 24, 14, 30), "2026-11-24T19:30:00Z", false),
            ("in 1h30m", at(2026, 11, 21, 16), "2026-11-21T21:00:00Z", false),
            ("IN 90 MINUTES", at(2026, 11, 21, 16), "2026-11-21T21:00:00Z", false),
        ])
    func accepts(text: String, civil: CivilDateTime, instant: String, allDay: Bool) throws {
        let resolved = try Self.resolve(text)
        #expect(resolved.civil == civil)
        #expect(resolved.instant == utc(instant))
        #expect(resolved.allDay == allDay)
    }

    @Test(
        "bad or past input is refused with a message that quotes it or says what to type",
        arguments: [
            ("yesterday", "cannot read 'yesterday' as a due time; try 18:00, 6pm"),
            ("14:00", "14:00 has already passed today (it is 2026-11-21 14:30 now); for tomorrow say 'tomorrow 14:00'"),
            ("today 9:00", "say 'tomorrow 09:00'"), ("noon", "say 'tomorrow 12:00'"), ("12am", "say 'tomorrow 00:00'"),
            ("2026-11-20 18:00", "2026-11-20 18:00 is in the past"),
            ("2026-11-21", "(09:00 is the time used when none is given)"),
            ("2026-11-21T10:00-05:00", "is in the past"), ("24:00", "hours go from 00 to 23"),
            ("13pm", "hour goes from 1 to 12"), ("2026-02-30 10:00", "2026-02 has 28 days"),
            ("in 0m", "not a positive duration"), ("in", "cannot read 'in' as a due time"),
            ("midnight", "'tomorrow 00:00' or '23:59'"), ("next", "cannot read 'next'"),
            ("tomorrow at", "cannot read 'tomorrow at'"), ("at", "cannot read 'at'"), ("", "the due time is empty"),
            ("2026-11-25T18:00+25:00", "UTC offset"), ("fri 25:00", "hours go from 00 to 23"),
            ("2300-01-01", "1900 to 2200"), ("in 400 days", "longer than 366 days"), ("18", "cannot read '18'"),
            ("tomorrow 9:00 please", "cannot read 'tomorrow 9:00 please'"),
            ("99999999999999999999pm", "cannot read '99999999999999999999pm'"),
            ("2026-11-25 18:00 18:00", "cannot read"),
        ])
    func refuses(text: String, message: String) {
        do {
            let resolved = try Self.resolve(text)
            Issue.record("'\(text)' was accepted as \(resolved.civil)")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test("parsing needs no zone: it keeps what was said")
    func parsesWithoutZone() throws {
        #expect(
            try WhenExpression.parse("next fri 14:00")
                == .day(.nextWeekday(.friday), at: TimeOfDay(hour: 14, minute: 0)))
        #expect(try WhenExpression.parse("tomorrow") == .day(.tomorrow, at: nil))
        #expect(try WhenExpression.parse("6:30pm") == .day(.today, at: TimeOfDay(hour: 18, minute: 30)))
        #expect(try WhenExpression.parse("in 2h") == .fromNow(7_200_000_000_000))
        #expect(
            try WhenExpression.parse("2026-11-25T18:00+09:00") == .exact(at(2026, 11, 25, 18), utcOffset: 9 * 3600))
    }

    @Test("a time earlier in the day is fine before it has passed")
    func laterToday() throws {
        let morning = utc("2026-11-21T14:00:00Z")  // 09:00 in New York
        #expect(try Self.resolve("noon", now: morning).civil == at(2026, 11, 21, 12))
        #expect(try Self.resolve("saturday", now: utc("2026-11-21T13:00:00Z")).civil == at(2026, 11, 21, 9))
    }

    @Test("the default all-day time can be chosen")
    func defaultTime() throws {
        let resolved = try WhenExpression.parse("tomorrow").resolve(
            now: Self.now, in: Self.zone, defaultTime: TimeOfDay(hour: 8, minute: 30))
        #expect(resolved.civil == at(2026, 11, 22, 8, 30))
    }

    @Test("a time DST skips is kept as asked and falls due with the offset from before the gap (RFC 5545)")
    func dstGap() throws {
        let resolved = try Self.resolve("tomorrow 2:30", now: utc("2027-03-13T17:00:00Z"))
        #expect(resolved.civil == at(2027, 3, 14, 2, 30))
        #expect(resolved.instant == utc("2027-03-14T07:30:00Z"))
        #expect(resolved.resolution.kind == .skipped(gap: 3600))
    }

    @Test("every form listed for the docs parses")
    func documentedFormsParse() throws {
        for form in WhenExpression.acceptedForms {
            for example in form.examples {
                _ = try WhenExpression.parse(example)
            }
        }
    }
}

@Suite("Pinning a due time typed with a UTC offset")
struct FixedOffsetZoneTests {
    @Test("an offset the zone has at that instant needs no pin; another whole-hour offset gets its Etc zone")
    func pins() throws {
        let seoul = FoundationZone("Asia/Seoul")
        let typed = try WhenExpression.parse("2026-11-25T18:00+09:00")
        #expect(typed.fixedOffsetZone(in: seoul) == nil)
        #expect(typed.fixedOffsetZone(in: FixedOffset.utc) == "Etc/GMT-9")
        #expect(try WhenExpression.parse("2026-11-25T18:00-05:00").fixedOffsetZone(in: seoul) == "Etc/GMT+5")
        #expect(try WhenExpression.parse("2026-11-25T18:00Z").fixedOffsetZone(in: seoul) == "Etc/UTC")
        // Berlin is +01:00 in November and +02:00 in July: the offset is compared at the instant.
        #expect(try WhenExpression.parse("2026-07-01T09:00+02:00").fixedOffsetZone(in: FoundationZone.berlin) == nil)
        #expect(
            try WhenExpression.parse("2026-11-25T09:00+02:00").fixedOffsetZone(in: FoundationZone.berlin)
                == "Etc/GMT-2")
    }

    @Test("offsets without an Etc zone, and WHENs without an offset, get no pin")
    func noPin() throws {
        #expect(try WhenExpression.parse("2026-11-25T18:00+05:30").fixedOffsetZone(in: FixedOffset.utc) == nil)
        #expect(try WhenExpression.parse("2026-11-25 18:00").fixedOffsetZone(in: FixedOffset.utc) == nil)
        #expect(try WhenExpression.parse("in 2h").fixedOffsetZone(in: FixedOffset.utc) == nil)
    }

    @Test("the second of a repeated time at an offset without an Etc zone is kept in UTC")
    func halfHourRepeatedTime() throws {
        // Lord Howe falls back from +11:00 to +10:30 at 02:00 on 2027-04-04: 01:45 comes twice.
        let lordHowe = FoundationZone("Australia/Lord_Howe")
        #expect(try WhenExpression.parse("2027-04-04T01:45+10:30").fixedOffsetZone(in: lordHowe) == "Etc/UTC")
        #expect(try WhenExpression.parse("2027-04-04T01:45+11:00").fixedOffsetZone(in: lordHowe) == nil)
        // The first 01:00 (+11:00); an hour on is the second 01:30.
        let now = utc("2027-04-03T14:00:00Z")
        #expect(try WhenExpression.parse("in 1h").fixedOffsetZone(in: lordHowe, now: now) == "Etc/UTC")
        #expect(try WhenExpression.parse("in 45m").fixedOffsetZone(in: lordHowe, now: now) == nil)
    }
}
