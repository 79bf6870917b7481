import Foundation
import KitCalendar
import KitCore
import Testing

@testable import KitDaemon

@Suite("Zone offsets remembered as spans")
struct FoundationZoneTests {
    @Test(
        "every answer equals Foundation's, in any order of questions, across DST and changes of standard offset",
        arguments: [
            "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "America/Caracas", "Pacific/Apia",
            "Europe/Volgograd", "Asia/Kolkata", "UTC",
        ])
    func sameAsFoundation(name: String) throws {
        let timeZone = try #require(TimeZone(identifier: name))
        let cached = FoundationZone(timeZone)
        var generator = SplitMix64(seed: UInt64(name.utf8.count))
        let start: Int64 = 631_152_000  // 1990
        let span: Int64 = 1_600_000_000  // to about 2040
        var instants = (0..<20_000).map { _ in start + Int64(generator.next() % UInt64(span)) }
        // Also the seconds around each transition of the first decade.
        var date = Date(timeIntervalSince1970: Double(start))
        for _ in 0..<20 {
            guard let next = timeZone.nextDaylightSavingTimeTransition(after: date) else { break }
            let second = Int64(next.timeIntervalSince1970)
            instants += [second - 1, second, second + 1]
            date = next
        }
        instants.shuffle(using: &generator)
        for second in instants {
            let instant = WallTime(nanoseconds: second * Nanoseconds.nanosecondsPerSecond)
            let expected = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(second)))
            #expect(cached.offset(at: instant) == expected, "\(name) at \(second)")
        }
    }

    /// A zone that hides that it can tell its transitions, so ICalendarTimeZone probes it.
    struct Probed: UTCOffsets {
        let zone: FoundationZone
        func offset(at instant: WallTime) -> Int { zone.offset(at: instant) }
    }

    @Test(
        "the next transition is Foundation's, and a VTIMEZONE found by stepping through them is the one probing each day finds",
        arguments: [
            "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "America/Sao_Paulo", "Pacific/Apia",
            "Europe/Volgograd", "Africa/Casablanca", "Asia/Kolkata", "UTC",
        ])
    func transitions(name: String) throws {
        let zone = try #require(FoundationZone.named(name))
        #expect(FoundationZone.named(name) === zone, "one zone a name for the process")
        var generator = SplitMix64(seed: UInt64(name.utf8.count))
        for _ in 0..<2_000 {
            let second = 631_152_000 + Int64(generator.next() % 1_600_000_000)
            let expected = zone.zone.nextDaylightSavingTimeTransition(
                after: Date(timeIntervalSince1970: Double(second))
            )
            .map { Int64($0.timeIntervalSince1970.rounded(.up)) }
            let next = zone.nextTransition(after: WallTime(nanoseconds: second * Nanoseconds.nanosecondsPerSecond))
            #expect(
                next.map { $0.nanoseconds / Nanoseconds.nanosecondsPerSecond } == expected, "\(name) after \(second)")
        }
        let stepped = ICalendarTimeZone(tzid: name, zone: zone, firstYear: 1995, lastYear: 2040)
        let probed = ICalendarTimeZone(tzid: name, zone: Probed(zone: zone), firstYear: 1995, lastYear: 2040)
        #expect(stepped.initialOffset == probed.initialOffset)
        #expect(stepped.changes == probed.changes)
        #expect(stepped.component.text == probed.component.text)
        #expect(name == "UTC" || name == "Asia/Kolkata" || !stepped.changes.isEmpty)
    }
}
