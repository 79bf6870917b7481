import KitCore
import Testing

@testable import KitDaemon

@Suite("Time zones of an imported document")
struct ImportZoneNamesTests {
    /// Outlook's US Eastern rules under a name of its own.
    static func eastern(_ tzid: String) -> [UInt8] {
        Array(
            [
                "BEGIN:VTIMEZONE", "TZID:" + tzid, "BEGIN:STANDARD", "DTSTART:16011104T020000",
                "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "END:STANDARD",
                "BEGIN:DAYLIGHT", "DTSTART:16010311T020000", "RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3",
                "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "END:DAYLIGHT", "END:VTIMEZONE",
            ].map { $0 + "\r\n" }.joined().utf8)
    }

    @Test("IANA and Windows names are read as such; a defined zone is matched once and remembered")
    func names() {
        let zones = ImportZoneNames(
            zones: SettableZones(system: "Asia/Seoul").snapshot(), definitions: ["Custom": Self.eastern("Custom")])
        #expect(zones.name(for: "Europe/Berlin", year: 2030) == "Europe/Berlin")
        #expect(zones.name(for: "Pacific Standard Time", year: 2030) == "America/Los_Angeles")
        #expect(zones.name(for: "Custom", year: 2030) == "America/New_York")
        #expect(zones.name(for: "Custom", year: 2030) == "America/New_York")
        #expect(zones.name(for: "Nowhere", year: 2030) == nil)
        #expect(zones.unknown("Nowhere") == "unknown time zone 'Nowhere'")
    }

    static let july2030 = WallTime(nanoseconds: 1_909_094_400 * Nanoseconds.nanosecondsPerSecond)

    /// A fixed offset no IANA zone has.
    static func odd(_ tzid: String, offset: String = "+0317") -> [UInt8] {
        Array(
            [
                "BEGIN:VTIMEZONE", "TZID:" + tzid, "BEGIN:STANDARD", "DTSTART:16010101T000000",
                "TZOFFSETFROM:" + offset, "TZOFFSETTO:" + offset, "END:STANDARD", "END:VTIMEZONE",
            ].map { $0 + "\r\n" }.joined().utf8)
    }

    @Test(
        "a defined zone no IANA zone matches is kept as written: under its TZID, the same text once, another numbered")
    func keptAsWritten() throws {
        let provider = SettableZones(system: "Asia/Seoul")
        let first = ImportZoneNames(zones: provider.snapshot(), definitions: ["Custom": Self.odd("Custom")])
        #expect(first.name(for: "Custom", year: 2030) == "Custom")
        #expect(first.newDefinitions == ["Custom": String(decoding: Self.odd("Custom"), as: UTF8.self)])
        let zone = try #require(first.zone(named: "Custom"))
        #expect(zone.offset(at: Self.july2030) == 3 * 3600 + 17 * 60)
        provider.defined.define("Custom", as: String(decoding: Self.odd("Custom"), as: UTF8.self))
        // The same definition in a later document is the zone kit keeps; a different one is numbered.
        let same = ImportZoneNames(zones: provider.snapshot(), definitions: ["Custom": Self.odd("Custom")])
        #expect(same.name(for: "Custom", year: 2030) == "Custom" && same.newDefinitions.isEmpty)
        let other = ImportZoneNames(
            zones: provider.snapshot(), definitions: ["Custom": Self.odd("Custom", offset: "-0211")])
        #expect(other.name(for: "Custom", year: 2030) == "Custom (2)")
        #expect(other.zone(named: "Custom (2)")?.offset(at: Self.july2030) == -(2 * 3600 + 11 * 60))
    }

    @Test("a document gets at most 32 zones of its own matched, so reading it stays short")
    func bounded() {
        let names = (0...ImportZoneNames.maximumDefinitions).map { "Zone \($0)" }
        let zones = ImportZoneNames(
            zones: SettableZones(system: "Asia/Seoul").snapshot(),
            definitions: Dictionary(uniqueKeysWithValues: names.map { ($0, Self.eastern($0)) }))
        let found = names.map { zones.name(for: $0, year: 2030) }
        #expect(found.dropLast().allSatisfy { $0 == "America/New_York" })
        #expect(found.last == .some(nil))
        #expect(zones.unknown(names.last!).english.contains("at most 32 zones a file defines"))
    }
}
