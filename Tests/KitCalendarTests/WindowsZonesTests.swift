import Foundation
import Testing

@testable import KitCalendar

@Suite("Windows zone names")
struct WindowsZonesTests {
    @Test(
        "Outlook's zone names, and its older display names, map to IANA zones as CLDR says",
        arguments: [
            ("Pacific Standard Time", "America/Los_Angeles"), ("W. Europe Standard Time", "Europe/Berlin"),
            ("korea standard time", "Asia/Seoul"), ("GMT Standard Time", "Europe/London"),
            ("AUS Eastern Standard Time", "Australia/Sydney"),
            ("(UTC-08:00) Pacific Time (US & Canada)", "America/Los_Angeles"),
            ("(UTC+09:00) Seoul", "Asia/Seoul"),
        ])
    func maps(windows: String, iana: String) {
        #expect(WindowsZones.ianaName(for: windows) == iana)
    }

    @Test("names that are not Windows zones map to nothing")
    func unknown() {
        #expect(WindowsZones.ianaName(for: "America/New_York") == nil)
        #expect(WindowsZones.ianaName(for: "Customized Time Zone") == nil)
        #expect(WindowsZones.ianaName(for: "") == nil)
    }

    @Test("every zone in the table is one this machine's tz database knows")
    func everyZoneIsReal() {
        #expect(WindowsZones.table.count > 250)
        let unknown = WindowsZones.table.filter { TimeZone(identifier: $0.value) == nil }
        #expect(unknown.isEmpty, "\(unknown)")
    }
}
