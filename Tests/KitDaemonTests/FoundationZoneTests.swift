import Foundation
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
            let instant = WallTime(nanoseconds: second * 1_000_000_000)
            let expected = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(second)))
            #expect(cached.offset(at: instant) == expected, "\(name) at \(second)")
        }
    }
}
