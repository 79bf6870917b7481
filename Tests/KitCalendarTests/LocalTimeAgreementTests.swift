import Foundation
import KitCore
import KitTestValues
import Testing

@testable import KitCalendar

@Suite("kit reads local times as RFC 5545 says")
struct LocalTimeAgreementTests {
    /// Every half hour of two years, in zones whose clocks move by an hour (both hemispheres),
    /// by half an hour (Lord Howe), or never. Away from DST changes, kit's `ZoneResolver` gives
    /// the instant libical gives. In a gap or a repeated hour, RFC 5545 (3.3.5) asks for the
    /// offset from before the gap and the first of the two times; kit's instant is checked
    /// against Python's zoneinfo with `fold=0`, which reads them that way. libical 3.0's own
    /// conversion (`icaltime_as_timet_with_zone`) does not: it reads 02:30 on New York's
    /// spring-forward day as 01:30 EST and a repeated 01:30 as the second one, so it is not the
    /// reference there; the last test pins that, to notice a libical that changes.
    @Test(
        "every half hour of 2026 and 2027 falls on the instant RFC 5545 gives",
        arguments: ["America/New_York", "Europe/Berlin", "Australia/Sydney", "Australia/Lord_Howe", "Asia/Seoul"])
    func agrees(zone name: String) throws {
        let zone = FoundationZone(name)
        var civil = at(2026, 1, 1, 0, 0)
        var edges: [(CivilDateTime, Int64)] = []
        var mismatches: [String] = []
        var checked = 0
        while civil.date.year < 2028 {
            let kit = ZoneResolver.resolve(civil, in: zone)
            let seconds = kit.instant.nanoseconds / Nanoseconds.nanosecondsPerSecond
            if case .exact = kit.kind {
                let libical = try #require(Libical.unixSeconds(of: civil, inZone: name))
                if seconds != libical { mismatches.append("\(civil): kit \(seconds), libical \(libical)") }
            } else {
                edges.append((civil, seconds))
            }
            checked += 1
            civil = civil.adding(seconds: 1800)
        }
        #expect(checked == 730 * 48)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        if name == "Asia/Seoul" {
            #expect(edges.isEmpty)
            return
        }
        #expect(!edges.isEmpty, "the span holds DST changes")
        let python = try Self.zoneinfoFoldZero(edges.map(\.0), zone: name)
        #expect(python == edges.map(\.1), "\(edges.map(\.0))")
    }

    @Test("libical 3.0 reads a time in a gap with the offset after it, and a repeated time as the second")
    func libicalDiffers() throws {
        // 02:30 on 2026-03-08 in New York: RFC 5545 says 07:30Z; libical gives 06:30Z.
        #expect(Libical.unixSeconds(of: at(2026, 3, 8, 2, 30), inZone: "America/New_York") == 1_772_951_400)
        #expect(
            ZoneResolver.instant(for: at(2026, 3, 8, 2, 30), in: FoundationZone.newYork) == utc("2026-03-08T07:30:00Z"))
    }

    /// The instants Python's zoneinfo gives these local times with `fold=0`.
    static func zoneinfoFoldZero(_ times: [CivilDateTime], zone: String) throws -> [Int64] {
        let script = """
            import sys, datetime, zoneinfo
            z = zoneinfo.ZoneInfo(sys.argv[1])
            for line in sys.stdin:
                t = datetime.datetime.fromisoformat(line.strip()).replace(tzinfo=z, fold=0)
                print(int(t.timestamp()))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, zone]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(times.map { $0.iso8601 + "\n" }.joined().utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { Int64($0) }
    }
}
