import Foundation
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    @Suite("Popups withdrawn on the bus")
    struct WithdrawTests {
        @Test("kitctl task done closes the task's popup: dbus-monitor sees CloseNotification with its server id")
        func taskDoneClosesPopup() throws {
            let desktop = try DesktopSession()
            let kit = try KitdHarness(desktop: desktop)
            defer { kit.tearDown() }
            let monitor = try Subprocess(
                "/usr/bin/dbus-monitor",
                [
                    "--address", desktop.busAddress,
                    "type='method_call',interface='org.freedesktop.Notifications',member='CloseNotification'",
                ],
                environment: ["PATH": "/usr/bin:/bin"], outputDirectory: kit.root.path, name: "close-monitor")
            defer { monitor.stop() }
            #expect(Subprocess.waitUntil(timeout: .seconds(10)) { monitor.stdout.contains("NameAcquired") })
            try kit.startKitd()
            let connection = try TaskTests.subscribe(kit)
            #expect(try kit.kitctl(["task", "add", "stretch", "--due", "in 1s"]).exitCode == 0)
            let seen = try TaskTests.collect(connection, timeout: .seconds(10)) {
                $0.contains { $0.name == Event.notificationShown }
            }
            let shown = try #require(seen.first { $0.name == Event.notificationShown }).decode(NotificationEvent.self)
            let serverID = try #require(shown.serverId)
            #expect(try kit.kitctl(["task", "done", "stretch"]).exitCode == 0)
            let closed = Subprocess.waitUntil(timeout: .seconds(10)) {
                monitor.stdout.contains("member=CloseNotification") && monitor.stdout.contains("uint32 \(serverID)")
            }
            #expect(closed, "\(monitor.stdout)")
        }
    }
}
