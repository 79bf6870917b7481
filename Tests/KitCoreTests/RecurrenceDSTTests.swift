import KitCore
import KitTestValues
import Testing

@Suite("Repeating rules across DST")
struct RecurrenceDSTTests {
    /// Follows a series the way kitd does: from each fired instant to the next occurrence.
    static func instants(
        _ rule: String, anchor: CivilDateTime, zone: some UTCOffsets, from start: WallTime, count: Int
    ) throws -> [String] {
        let series = try RecurrenceSeries(rule: try Recurrence.parse(rule), anchor: anchor)
        var now = start
        var result: [String] = []
        for _ in 0..<count {
            guard let next = series.nextOccurrence(after: now, in: zone) else { break }
            result.append(Timestamp.rfc3339(next.instant, fractionDigits: 0))
            now = next.instant
        }
        return result
    }

    @Test("a daily 02:30 fires at 03:30 EDT on the New York spring-forward day, then at 02:30 again")
    func springForwardNewYork() throws {
        let fired = try Self.instants(
            "daily", anchor: at(2027, 3, 12, 2, 30), zone: FoundationZone.newYork, from: utc("2027-03-12T00:00:00Z"),
            count: 4)
        #expect(
            fired == ["2027-03-12T07:30:00Z", "2027-03-13T07:30:00Z", "2027-03-14T07:30:00Z", "2027-03-15T06:30:00Z"])
    }

    @Test("a daily 02:30 fires at 03:30 CEST on the Berlin spring-forward day, then at 02:30 again")
    func springForwardBerlin() throws {
        let fired = try Self.instants(
            "daily", anchor: at(2027, 3, 27, 2, 30), zone: FoundationZone.berlin, from: utc("2027-03-27T00:00:00Z"),
            count: 3)
        #expect(fired == ["2027-03-27T01:30:00Z", "2027-03-28T01:30:00Z", "2027-03-29T00:30:00Z"])
    }

    @Test("a daily 01:30 fires once on the New York fall-back day, at the first 01:30")
    func fallBackNewYork() throws {
        let fired = try Self.instants(
            "daily", anchor: at(2026, 10, 31, 1, 30), zone: FoundationZone.newYork, from: utc("2026-10-31T00:00:00Z"),
            count: 3)
        #expect(fired == ["2026-10-31T05:30:00Z", "2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z"])
        // Restarted during the second 01:30 hour (01:15 EST): the day's 01:30 has fired already.
        let series = try RecurrenceSeries(rule: try Recurrence.parse("daily"), anchor: at(2026, 10, 31, 1, 30))
        let next = series.nextOccurrence(after: utc("2026-11-01T06:15:00Z"), in: FoundationZone.newYork)
        #expect(next?.civil == at(2026, 11, 2, 1, 30))
        #expect(next?.instant == utc("2026-11-02T06:30:00Z"))
    }

    @Test("a daily 02:30 fires once on the Berlin fall-back day, at the first 02:30")
    func fallBackBerlin() throws {
        let fired = try Self.instants(
            "daily", anchor: at(2026, 10, 24, 2, 30), zone: FoundationZone.berlin, from: utc("2026-10-24T00:00:00Z"),
            count: 3)
        #expect(fired == ["2026-10-24T00:30:00Z", "2026-10-25T00:30:00Z", "2026-10-26T01:30:00Z"])
    }

    @Test("the occurrence in a gap keeps its civil time and says it was moved")
    func gapOccurrenceReportsTheMove() throws {
        let series = try RecurrenceSeries(rule: try Recurrence.parse("weekly"), anchor: at(2027, 3, 7, 2, 30))
        let next = series.nextOccurrence(after: utc("2027-03-10T00:00:00Z"), in: FoundationZone.newYork)
        #expect(next?.civil == at(2027, 3, 14, 2, 30))
        #expect(next?.resolution.kind == .skipped(gap: 3600))
        #expect(next?.instant == utc("2027-03-14T07:30:00Z"))
    }

    @Test("a 09:00 reminder stays at 09:00 local time on both sides of a change")
    func wallTimeIsKept() throws {
        let fired = try Self.instants(
            "weekly", anchor: at(2026, 10, 18, 9), zone: FoundationZone.berlin, from: utc("2026-10-18T00:00:00Z"),
            count: 2)
        #expect(fired == ["2026-10-18T07:00:00Z", "2026-10-25T08:00:00Z"])
    }
}
