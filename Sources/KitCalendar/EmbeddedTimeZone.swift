import KitCore

/// A time zone as a file defines it in a VTIMEZONE, for a TZID that names no zone kit knows
/// (Outlook's `Customized Time Zone`, an old Thunderbird's `/mozilla.org/20050126_1/Europe/Berlin`).
/// libical reads its observances; kit asks it for offsets, and pins the task to the IANA zone
/// that agrees with it (`ianaName(among:zone:years:)`), so the task outlives the file.
public struct EmbeddedTimeZone: UTCOffsets {
    public let tzid: String
    private let zone: Libical.Zone

    /// Nil when libical cannot make a zone of the component.
    public init?(tzid: String, vtimezone: [UInt8]) {
        guard let zone = Libical.Zone(vtimezone[...]) else { return nil }
        self.tzid = tzid
        self.zone = zone
    }

    public func offset(at instant: WallTime) -> Int {
        zone.offset(atUnixSeconds: instant.nanoseconds / Nanoseconds.nanosecondsPerSecond)
    }

    /// The first of `candidates` whose offset equals this zone's at every change of this zone in
    /// `years`, a second before each, and on the 1st and 15th of every month: nil when none does.
    /// A TZID that ends in an IANA name (`…/Europe/Berlin`) is tried first.
    public func ianaName(
        among candidates: [String], years: ClosedRange<Int>, zone named: (String) -> (any UTCOffsets)?
    ) -> String? {
        var instants: [WallTime] = []
        for change in ICalendarTimeZone(tzid: tzid, zone: self, firstYear: years.lowerBound, lastYear: years.upperBound)
            .changes
        {
            instants += [change.at, WallTime(nanoseconds: change.at.nanoseconds - Nanoseconds.nanosecondsPerSecond)]
        }
        for year in years {
            for month in 1...12 {
                for day in [1, 15] {
                    let civil = CivilDateTime(date: CivilDate(year: year, month: month, day: day), hour: 12)
                    instants.append(civil.utcInstant)
                }
            }
        }
        let expected = instants.map { offset(at: $0) }
        let parts = tzid.split(separator: "/")
        let tails = [3, 2].filter { parts.count >= $0 }.map { parts.suffix($0).joined(separator: "/") }
        for name in tails + candidates {
            guard let candidate = named(name) else { continue }
            if zip(instants, expected).allSatisfy({ candidate.offset(at: $0) == $1 }) { return name }
        }
        return nil
    }
}
