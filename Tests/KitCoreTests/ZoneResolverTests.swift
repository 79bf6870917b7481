import KitCore
import KitTestValues
import Testing

@Suite("Civil times in zones, across DST")
struct ZoneResolverTests {
    @Test(
        "a local time resolves to the exact instant, with DST's gaps and overlaps read as RFC 5545 says",
        arguments: [
            // New York springs forward at 2027-03-14 02:00 EST → 03:00 EDT: 02:30 is read as EST.
            ("America/New_York", at(2027, 3, 14, 2, 30), "2027-03-14T07:30:00Z", "skipped"),
            ("America/New_York", at(2027, 3, 14, 1, 59, 59), "2027-03-14T06:59:59Z", "exact"),
            ("America/New_York", at(2027, 3, 14, 3, 0), "2027-03-14T07:00:00Z", "exact"),
            // New York falls back at 2026-11-01 02:00 EDT → 01:00 EST: 01:30 happens twice.
            ("America/New_York", at(2026, 11, 1, 1, 30), "2026-11-01T05:30:00Z", "repeated"),
            ("America/New_York", at(2026, 11, 1, 2, 0), "2026-11-01T07:00:00Z", "exact"),
            ("America/New_York", at(2026, 11, 1, 0, 59), "2026-11-01T04:59:00Z", "exact"),
            ("America/New_York", at(2026, 7, 1, 12, 0), "2026-07-01T16:00:00Z", "exact"),
            ("America/New_York", at(2026, 12, 1, 12, 0), "2026-12-01T17:00:00Z", "exact"),
            // Berlin springs forward at 2027-03-28 02:00 CET → 03:00 CEST: 02:30 is read as CET.
            ("Europe/Berlin", at(2027, 3, 28, 2, 30), "2027-03-28T01:30:00Z", "skipped"),
            ("Europe/Berlin", at(2027, 3, 28, 2, 0), "2027-03-28T01:00:00Z", "skipped"),
            // Berlin falls back at 2026-10-25 03:00 CEST → 02:00 CET: 02:30 happens twice.
            ("Europe/Berlin", at(2026, 10, 25, 2, 30), "2026-10-25T00:30:00Z", "repeated"),
            ("Europe/Berlin", at(2026, 10, 25, 3, 0), "2026-10-25T02:00:00Z", "exact"),
            ("Europe/Berlin", at(2026, 10, 25, 1, 59), "2026-10-24T23:59:00Z", "exact"),
        ])
    func resolves(zone: String, civil: CivilDateTime, expected: String, kind: String) {
        let resolution = ZoneResolver.resolve(civil, in: FoundationZone(zone))
        #expect(resolution.instant == utc(expected))
        switch resolution.kind {
        case .exact: #expect(kind == "exact")
        case .skipped(let gap):
            #expect(kind == "skipped")
            #expect(gap == 3600)
        case .repeated: #expect(kind == "repeated")
        }
    }

    @Test("a time in a gap reads back one gap later: 02:30 on the spring-forward day is 03:30 by the clock")
    func gapReadsBackLater() {
        let instant = at(2027, 3, 14, 2, 30).instant(in: FoundationZone.newYork)
        #expect(CivilDateTime(instant, in: FoundationZone.newYork) == at(2027, 3, 14, 3, 30))
    }

    @Test("every local time of a year in both zones reads back to itself unless DST skips it")
    func roundTripsAYear() {
        for zone in [FoundationZone.newYork, FoundationZone.berlin] {
            var civil = at(2026, 1, 1, 0, 30)
            while civil.date.year == 2026 {
                let resolution = ZoneResolver.resolve(civil, in: zone)
                if case .skipped = resolution.kind {
                    #expect(CivilDateTime(resolution.instant, in: zone) > civil)
                } else {
                    #expect(CivilDateTime(resolution.instant, in: zone) == civil, "\(civil)")
                }
                civil = civil.adding(seconds: 3600)
            }
        }
    }

    @Test("a fixed offset has neither gaps nor overlaps")
    func fixedOffset() {
        let tokyo = FixedOffset(seconds: 9 * 3600)
        #expect(at(2026, 11, 25, 18).instant(in: tokyo) == utc("2026-11-25T09:00:00Z"))
        #expect(ZoneResolver.resolve(at(2026, 11, 25, 18), in: tokyo).kind == .exact)
    }
}
