import Foundation
import Glibc
import KitClient
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    /// A button acts only on its own popup (issue 42): a popup id means something only on the
    /// server that gave it, across a restart of the server or of kitd.
    @Suite("Popup ids and their server, through dunst")
    struct PopupServerTests {
        /// dunst's `dmenu`: picks the first menu line (`#Done (Due: invoice) [2,done]`) that
        /// contains the text last given to `pick`, and keeps every menu it was offered.
        final class PickingMenu {
            let directory: TemporaryDirectory
            var script: String { directory.path + "/dmenu" }

            init() throws {
                directory = try TemporaryDirectory(prefix: "kit-pick")
                let dir = directory.path
                try """
                #!/bin/sh
                input=$(cat)
                printf '%s\\n---\\n' "$input" >> '\(dir)/offered'
                printf '%s\\n' "$input" | grep -m1 -F -- "$(cat '\(dir)/pick')"

                """.write(toFile: script, atomically: true, encoding: .utf8)
                chmod(script, 0o755)
            }

            /// Presses the button whose menu line contains `text` through `dunstctl context`.
            func press(_ text: String, on desktop: DesktopSession) throws {
                try text.write(toFile: directory.path + "/pick", atomically: true, encoding: .utf8)
                let context = try desktop.openContextMenu()
                #expect(context.exitCode == 0, "\(context)")
            }

            var offered: String { (try? String(contentsOfFile: directory.path + "/offered", encoding: .utf8)) ?? "" }
        }

        static func state(_ kit: KitdHarness, _ title: String) throws -> TaskInfo.State {
            try kit.kitctlJSON(["task", "show", title], as: TaskInfo.self).state
        }

        /// Waits until kitd said a popup whose subject is `subject` was shown `count` times.
        static func waitShown(
            _ connection: KitConnection, _ subject: String, count: Int = 1, seen: inout [IncomingEvent]
        ) throws {
            let done: ([IncomingEvent]) -> Bool = { events in
                events.filter {
                    $0.name == Event.notificationShown
                        && (try? $0.decode(NotificationEvent.self).subject) == subject
                }.count >= count
            }
            seen += try TaskTests.collect(connection, timeout: .seconds(15)) { done(seen + $0) }
            #expect(done(seen), "\(subject) shown \(count) times: \(seen.map(\.name))")
        }

        @Test(
            "after dunst restarts between two popups, Done on each changes only its own task, and the first is shown again"
        )
        func serverRestartBetweenTwoPopups() throws {
            let menu = try PickingMenu()
            defer { menu.directory.remove() }
            let kit = try KitdHarness(desktop: try DesktopSession(dmenuScript: menu.script))
            defer { kit.tearDown() }
            try kit.startKitd()
            let connection = try TaskTests.subscribe(kit)
            var seen: [IncomingEvent] = []
            #expect(try kit.kitctl(["task", "add", "report", "--due", "in 1s"]).exitCode == 0)
            let report = try kit.kitctlJSON(["task", "show", "report"], as: TaskInfo.self)
            try Self.waitShown(connection, "task:\(report.id)", seen: &seen)

            // Given a new server, numbering from 1 again
            try kit.desktop!.restartDunst()
            // Then the report's popup, which still matters, is shown again on it
            try Self.waitShown(connection, "task:\(report.id)", count: 2, seen: &seen)
            #expect(try kit.desktop!.displayedCount() == 1, "\(kit.kitd!.stderr)")
            #expect(try kit.kitctl(["task", "add", "invoice", "--due", "in 1s"]).exitCode == 0)
            let invoice = try kit.kitctlJSON(["task", "show", "invoice"], as: TaskInfo.self)
            try Self.waitShown(connection, "task:\(invoice.id)", seen: &seen)

            // When Done is pressed on the second popup, only its task is done
            try menu.press("Done (Due: invoice)", on: kit.desktop!)
            let afterFirst = try TaskTests.collect(connection, timeout: .seconds(10)) {
                $0.contains { $0.name == Event.taskDone }
            }
            let done = try #require(afterFirst.first { $0.name == Event.taskDone }).decode(TaskEvent.self)
            #expect(done.task.title == "invoice")
            // A stray second event would come within this wait.
            let stray = try TaskTests.collect(connection, timeout: .seconds(1)) { _ in false }
            #expect(!stray.contains { $0.name == Event.taskDone }, "\(stray.map(\.name))")
            #expect(try Self.state(kit, "invoice") == .done)
            #expect(try Self.state(kit, "report") == .open)

            // And Done on the report's popup, shown again, does the report
            try menu.press("Done (Due: report)", on: kit.desktop!)
            let afterSecond = try TaskTests.collect(connection, timeout: .seconds(10)) {
                $0.contains { $0.name == Event.taskDone }
            }
            #expect(
                try #require(afterSecond.first { $0.name == Event.taskDone }).decode(TaskEvent.self).task.title
                    == "report")
            #expect(try Self.state(kit, "report") == .done)
            #expect(kit.kitd!.stderr.contains("the notification server changed"), "\(kit.kitd!.stderr)")
        }

        @Test("a fired timer's popup, not yet closed, is shown again on a new server; a closed one is not")
        func firedTimerAfterServerRestart() throws {
            let kit = try KitdHarness(desktop: try DesktopSession())
            defer { kit.tearDown() }
            try kit.startKitd()
            let connection = try TaskTests.subscribe(kit, ["timer.*", "notification.*"])
            var seen: [IncomingEvent] = []
            let tea = try kit.kitctlJSON(["timer", "start", "1s", "--name", "tea"], as: TimerInfo.self)
            try Self.waitShown(connection, "timer:\(tea.id)", seen: &seen)
            let eggs = try kit.kitctlJSON(["timer", "start", "1s", "--name", "eggs"], as: TimerInfo.self)
            try Self.waitShown(connection, "timer:\(eggs.id)", seen: &seen)
            // One popup is closed (seen), as a click closes it; the other stays on screen
            let closing = try kit.desktop!.dunstctl(["close"])
            #expect(closing.exitCode == 0, "\(closing)")
            #expect(Subprocess.waitUntil(timeout: .seconds(5)) { (try? kit.desktop!.displayedCount()) == 1 })
            let history = try kit.desktop!.dunstctl(["history"]).stdout
            let (closed, open) = history.contains("tea is done") ? (tea, eggs) : (eggs, tea)
            try kit.desktop!.restartDunst()
            try Self.waitShown(connection, "timer:\(open.id)", count: 2, seen: &seen)
            let stray = try TaskTests.collect(connection, timeout: .seconds(1)) { _ in false }
            let again = (seen + stray).filter {
                $0.name == Event.notificationShown
                    && (try? $0.decode(NotificationEvent.self).subject) == "timer:\(closed.id)"
            }
            #expect(again.count == 1, "the closed popup is not shown again")
            #expect(try kit.desktop!.displayedCount() == 1)
        }

        @Test("after kitd restarts, its old popup is closed and shown again, and Done on it does the task")
        func kitdRestartThenPress() throws {
            let menu = try PickingMenu()
            defer { menu.directory.remove() }
            let kit = try KitdHarness(desktop: try DesktopSession(dmenuScript: menu.script))
            defer { kit.tearDown() }
            try kit.startKitd()
            var connection = try TaskTests.subscribe(kit)
            var seen: [IncomingEvent] = []
            #expect(try kit.kitctl(["task", "add", "call mom", "--due", "in 1s"]).exitCode == 0)
            let task = try kit.kitctlJSON(["task", "show", "call mom"], as: TaskInfo.self)
            try Self.waitShown(connection, "task:\(task.id)", seen: &seen)
            #expect(try kit.desktop!.displayedCount() == 1)

            // Given kitd restarts while its popup is on screen
            #expect(kit.stopKitd() == 0)
            try kit.startKitd()
            connection = try TaskTests.subscribe(kit)
            // Then the old popup, whose buttons would answer the kitd that is gone, is replaced
            // (at start, perhaps before this client subscribed: the bus shows it)
            #expect(
                Subprocess.waitUntil(timeout: .seconds(10)) {
                    kit.desktop!.notifyCalls().filter { $0.contains("string \"Due: call mom\"") }.count == 2
                }, "\(kit.kitd!.stderr)")
            #expect(
                Subprocess.waitUntil(timeout: .seconds(5)) { (try? kit.desktop!.displayedCount()) == 1 },
                "one popup on screen, not the old one beside the new")
            #expect(kit.kitd!.stderr.contains("notify.closed=1"), "\(kit.kitd!.stderr)")
            // When Done is pressed on what is on screen, the task is done
            try menu.press("Done (Due: call mom)", on: kit.desktop!)
            let after = try TaskTests.collect(connection, timeout: .seconds(10)) {
                $0.contains { $0.name == Event.taskDone }
            }
            #expect(after.contains { $0.name == Event.taskDone }, "menu offered: \(menu.offered)")
            #expect(try Self.state(kit, "call mom") == .done)
        }

        @Test("an ActionInvoked from another connection than the server's is ignored and logged")
        func forgedActionIgnored() throws {
            let kit = try KitdHarness(desktop: try DesktopSession())
            defer { kit.tearDown() }
            try kit.startKitd()
            let connection = try TaskTests.subscribe(kit)
            var seen: [IncomingEvent] = []
            #expect(try kit.kitctl(["task", "add", "pay rent", "--due", "in 1s"]).exitCode == 0)
            let task = try kit.kitctlJSON(["task", "show", "pay rent"], as: TaskInfo.self)
            try Self.waitShown(connection, "task:\(task.id)", seen: &seen)
            let event = try #require(seen.first { $0.name == Event.notificationShown })
            let shown = try event.decode(NotificationEvent.self)
            let id = try #require(shown.serverId)
            // When another client sends the server's signal with the popup's id and a real key,
            // and then the server's own with a key the popup does not carry
            for (signal, arguments) in [
                ("ActionInvoked", ["\(id)", "done"]), ("NotificationClosed", ["\(id)", "2"]),
            ] {
                let emitted = try Subprocess.run(
                    "/usr/bin/gdbus",
                    [
                        "emit", "--session", "--object-path", "/org/freedesktop/Notifications", "--signal",
                        "org.freedesktop.Notifications.\(signal)",
                    ] + arguments.map { $0 == "done" ? "'done'" : "uint32 \($0)" },
                    environment: kit.environment, outputDirectory: kit.root.path)
                #expect(emitted.exitCode == 0, "\(emitted)")
            }
            #expect(
                Subprocess.waitUntil(timeout: .seconds(5)) {
                    kit.kitd!.stderr.components(separatedBy: "ignored").count >= 3
                }, "\(kit.kitd!.stderr)")
            // Then nothing changes
            #expect(try Self.state(kit, "pay rent") == .open)
            #expect(try kit.desktop!.displayedCount() == 1)
        }
    }
}
