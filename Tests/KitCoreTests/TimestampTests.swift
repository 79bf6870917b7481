import Foundation
import KitCore
import Testing

@Suite("Timestamps")
struct TimestampTests {
    @Test("formats UTC with microseconds")
    func formatsUTC() {
        #expect(Timestamp.rfc3339(WallTime(nanoseconds: 0)) == "1970-01-01T00:00:00.000000Z")
        #expect(Timestamp.rfc3339(WallTime(nanoseconds: 1_795_304_401_123_456_789)) == "2026-11-21T23:40:01.123456Z")
        #expect(
            Timestamp.rfc3339(WallTime(nanoseconds: 951_782_400_000_000_000), fractionDigits: 0)
                == "2000-02-29T00:00:00Z")
    }

    @Test("every fraction width, the instant before the epoch, and the ends of the range read as before")
    func widthsAndEdges() {
        let instant = WallTime(nanoseconds: 1_795_304_401_123_456_789)
        #expect(Timestamp.rfc3339(instant, fractionDigits: 9) == "2026-11-21T23:40:01.123456789Z")
        #expect(Timestamp.rfc3339(instant, fractionDigits: 3) == "2026-11-21T23:40:01.123Z")
        #expect(Timestamp.rfc3339(instant, fractionDigits: 1) == "2026-11-21T23:40:01.1Z")
        #expect(Timestamp.rfc3339(instant, fractionDigits: 12) == "2026-11-21T23:40:01.123456789Z")
        #expect(Timestamp.rfc3339(WallTime(nanoseconds: -1)) == "1969-12-31T23:59:59.999999Z")
        #expect(Timestamp.rfc3339(WallTime(nanoseconds: .max), fractionDigits: 9) == "2262-04-11T23:47:16.854775807Z")
        #expect(Timestamp.rfc3339(WallTime(nanoseconds: .min), fractionDigits: 9) == "1677-09-21T00:12:43.145224192Z")
    }

    @Test("parses what it formats, to the microsecond")
    func roundTrips() throws {
        for ns: Int64 in [0, 1_795_304_401_123_456_000, 4_102_444_799_999_999_000, -Nanoseconds.day.value] {
            let text = Timestamp.rfc3339(WallTime(nanoseconds: ns))
            #expect(Timestamp.parse(text) == WallTime(nanoseconds: ns), "\(text)")
        }
    }

    @Test("parses offsets")
    func parsesOffsets() {
        #expect(Timestamp.parse("2026-11-25T18:00:00+09:00") == Timestamp.parse("2026-11-25T09:00:00Z"))
        #expect(Timestamp.parse("2026-11-25T18:00:00.5-01:30") == Timestamp.parse("2026-11-25T19:30:00.500Z"))
    }

    @Test(
        "refuses malformed timestamps",
        arguments: [
            "", "2026-11-25", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-11-25T18:00:00",
            "2026-11-25T18:00:00Zjunk", "2026-11-25T25:00:00Z",
        ])
    func refusesMalformed(text: String) {
        #expect(Timestamp.parse(text) == nil)
    }

    @Test("agrees with Foundation on civil dates across four centuries")
    func civilDatesAgreeWithFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var day: Int64 = -25_000
        while day < 120_000 {
            let civil = CivilDate(daysSinceEpoch: day)
            let parts = calendar.dateComponents(
                [.year, .month, .day], from: Date(timeIntervalSince1970: Double(day) * 86_400))
            #expect(civil == CivilDate(year: parts.year!, month: parts.month!, day: parts.day!))
            #expect(civil.daysSinceEpoch == day)
            day += 97
        }
    }

    @Test("short clock text shows the time today and the date otherwise")
    func clockText() {
        let utc = FixedOffset.utc
        let now = Timestamp.parse("2026-11-21T12:00:00Z")!
        #expect(ClockText.short(Timestamp.parse("2026-11-21T14:05:12Z")!, now: now, in: utc) == "14:05:12")
        #expect(ClockText.short(Timestamp.parse("2026-11-22T01:05:00Z")!, now: now, in: utc) == "Nov 22 01:05")
        #expect(ClockText.short(Timestamp.parse("2027-01-02T03:04:00Z")!, now: now, in: utc) == "Jan 2 2027 03:04")
        let seoul = FixedOffset(seconds: 9 * 3600)
        #expect(ClockText.short(Timestamp.parse("2026-11-21T14:05:12Z")!, now: now, in: seoul) == "23:05:12")
    }

    @Test("a Korean style puts 일 after the day and 오전/오후 before the time")
    func koreanClockText() {
        let utc = FixedOffset.utc
        let now = Timestamp.parse("2026-11-21T12:00:00Z")!
        let months = (1...12).map { "\($0)월" }
        let korean = ClockText.Style(months: months, twelveHour: false, daySuffix: "일")
        #expect(
            ClockText.short(Timestamp.parse("2026-11-22T01:05:00Z")!, now: now, in: utc, style: korean)
                == "11월 22일 01:05")
        let twelve = ClockText.Style(
            months: months, twelveHour: true, am: "오전", pm: "오후", daySuffix: "일", meridiemFirst: true)
        #expect(
            ClockText.short(Timestamp.parse("2026-11-22T14:05:00Z")!, now: now, in: utc, style: twelve)
                == "11월 22일 오후 2:05")
    }

    @Test(
        "an instant outside the years kit handles, or with an offset that does not exist, is refused, never trapped on",
        arguments: [
            "0001-01-01T00:00:00Z", "1677-09-21T00:12:43Z", "1899-12-31T23:59:59Z", "2201-01-01T00:00:00Z",
            "2262-04-11T23:47:16Z", "9999-12-31T23:59:59Z", "2026-11-28T09:00:00+99:99", "2026-11-28T09:00:00-24:00",
        ])
    func outOfRange(_ text: String) {
        #expect(Timestamp.parse(text) == nil)
        #expect(throws: KitError.self) { try Timestamp.instant(text, field: "from") }
    }

    @Test("the first and last instants kit handles read, and the refusal names the field, the range and the input")
    func edges() throws {
        #expect(Timestamp.parse("1900-01-01T00:00:00Z").map { Timestamp.rfc3339($0) } == "1900-01-01T00:00:00.000000Z")
        #expect(Timestamp.parse("2200-12-31T23:59:59Z").map { Timestamp.rfc3339($0) } == "2200-12-31T23:59:59.000000Z")
        #expect(
            Timestamp.parse("2026-11-28T09:00:00-23:59").map { Timestamp.rfc3339($0) } == "2026-11-29T08:59:00.000000Z")
        #expect(
            throws: KitError.invalidArgument("'to' must be a time from 1900 through 2200; got '9999-12-31T00:00:00Z'")
        ) {
            try Timestamp.instant("9999-12-31T00:00:00Z", field: "to")
        }
        #expect(
            throws: KitError.invalidArgument(
                "'from' must be an RFC 3339 time such as 2026-11-28T09:00:00Z; got 'next tuesday'")
        ) {
            try Timestamp.instant("next tuesday", field: "from")
        }
    }
}
