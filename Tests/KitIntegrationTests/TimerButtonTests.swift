import Foundation
import Glibc
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    @Suite("Timer popup buttons through dunst")
    struct TimerButtonTests {
        @Test(
            "Restart and +1 min pressed on a fired timer's popup through dunst start the timer again and a minute more",
            arguments: [("Restart", Nanoseconds.second), ("+1 min", 60 * Nanoseconds.second)])
        func buttons(label: String, expected: Nanoseconds) throws {
            let script = try TaskTests.dmenu(picking: label)
            defer { script.remove() }
            let kit = try KitdHarness(desktop: try DesktopSession(dmenuScript: script.path + "/dmenu"))
            defer { kit.tearDown() }
            try kit.startKitd()
            let connection = try TaskTests.subscribe(kit, ["timer.*", "notification.*"])
            #expect(try kit.kitctl(["timer", "start", "1s", "--name", "tea"]).exitCode == 0)
            let shown = try TaskTests.collect(connection, timeout: .seconds(10)) {
                $0.contains { $0.name == Event.notificationShown }
            }
            #expect(shown.contains { $0.name == Event.timerFired })
            // dbus-monitor writes to a file, which it may flush after the popup is shown.
            var call = ""
            _ = Subprocess.waitUntil(timeout: .seconds(5)) {
                call = kit.desktop!.notifyCalls().first { $0.contains("tea is done") } ?? ""
                return call.contains("desktop-entry")
            }
            #expect(call.contains("string \"restart\" string \"Restart\""), "\(call)")
            #expect(call.contains("string \"add-minute\" string \"+1 min\""), "\(call)")
            #expect(call.contains("string \"desktop-entry\" variant string \"kit\""), "\(call)")
            #expect(try kit.desktop!.openContextMenu().exitCode == 0)
            let after = try TaskTests.collect(connection, timeout: .seconds(10)) {
                $0.contains { $0.name == Event.timerStarted }
            }
            let started = try #require(after.first { $0.name == Event.timerStarted }).decode(TimerEvent.self)
            #expect(started.timer.name == "tea" && started.timer.durationNs == expected)
        }
    }
}
