import Foundation
import Glibc
import KitTestSupport
import Testing

extension Integration {
    /// kit in the tray (issue 46): a StatusNotifierItem and its dbusmenu, on a private session bus
    /// with a watcher of the tests' own, read and clicked with busctl as a panel would.
    @Suite("kit in the tray")
    struct TrayTests {
        /// Runs `body` with kitd, a bus and a watcher on it (`start`), and stops them after.
        private func withTray(
            watcher: Bool? = true, config: String? = nil, popups: Bool = false, locale: String? = nil,
            _ body: (KitdHarness, TrayHost, String) throws -> Void
        ) throws {
            let (kit, host, item) = try start(watcher: watcher, config: config, popups: popups, locale: locale)
            defer {
                host.stop()
                kit.tearDown()
            }
            try body(kit, host, item)
        }

        /// `withTray` once kitd's item is registered with the watcher, which every caller expects.
        private func registered(
            popups: Bool = false, locale: String? = nil, _ body: (KitdHarness, TrayHost, String) throws -> Void
        ) throws {
            try withTray(popups: popups, locale: locale) { kit, host, item throws in
                #expect(Wait.until(timeout: .seconds(10)) { host.registered == [item] })
                try body(kit, host, item)
            }
        }

        /// kitd, a bus, and a watcher on it; the item's bus name once it registered.
        private func start(
            watcher: Bool? = true, config: String? = nil, popups: Bool = false, locale: String? = nil
        ) throws -> (kit: KitdHarness, host: TrayHost, item: String) {
            let kit = try KitdHarness(desktop: try DesktopSession(notificationServer: popups))
            if let locale { try kit.useLocale(locale) }
            // The menu lists today's tasks; a test near midnight must still find one due in 2 h.
            kit.useZoneWhereItIsMorning()
            let host = try TrayHost(busAddress: kit.desktop!.busAddress)
            if let watcher { try host.startWatcher(answering: watcher) }
            var arguments = ["--log-level", "debug"]
            if let config {
                let path = kit.root.path + "/config.toml"
                try config.write(toFile: path, atomically: true, encoding: .utf8)
                arguments += ["--config", path]
            }
            let kitd = try kit.startKitd(arguments: arguments)
            return (kit, host, "org.kde.StatusNotifierItem-\(kitd.pid)-1")
        }

        @Test(
            "kitd registers with the watcher; its properties, label and menu are read over D-Bus; the countdown moves; Cancel cancels the timer and a favourite ramen starts its cook"
        )
        func registersAndActs() throws {
            try registered { kit, host, item throws in

                let properties = try host.properties(item, "/StatusNotifierItem", "org.kde.StatusNotifierItem")
                #expect(properties["Id"] as? String == "kit")
                #expect(properties["IconName"] as? String == "kit")
                #expect(properties["Menu"] as? String == "/MenuBar")
                #expect(properties["Status"] as? String == "Active")
                #expect(properties["XAyatanaLabel"] as? String == "")
                let pixmaps = try #require(properties["IconPixmap"] as? [[Any]])
                let sizes: [Int] = pixmaps.compactMap { $0.first as? Int }
                let lengths: [Int] = pixmaps.compactMap { ($0.last as? [Any])?.count }
                #expect(sizes == [22, 44])
                #expect(lengths == [22 * 22 * 4, 44 * 44 * 4])

                // A running timer, with its time left, moving.
                _ = try kit.kitctl(["timer", "start", "5m", "--name", "차"])
                var first: String?
                #expect(
                    try Wait.until {
                        first = try host.menu(item).find("차")?.label
                        return first != nil
                    })
                #expect(first?.hasPrefix("차  4:") == true || first == "차  5:00")
                #expect(try Wait.until(timeout: .seconds(5)) { try host.menu(item).find("차")?.label != first })
                let label = try host.properties(item, "/StatusNotifierItem", "org.kde.StatusNotifierItem")[
                    "XAyatanaLabel"]
                #expect((label as? String)?.hasPrefix("차 4:") == true)

                // Cancel, from the timer's submenu.
                let cancel = try #require(try host.menu(item).find("차")?.children.first { $0.label == "Cancel" })
                try host.event(item, cancel.id)
                let listed = try kit.kitctl(["timer", "list"])
                #expect(listed.stdout.contains("No timers running"), "\(listed)")
                #expect(try Wait.until { try host.menu(item).find("차") == nil })

                // Cook a favourite.
                _ = try kit.kitctl(["ramen", "fav", "add", "신라면"])
                var cook: TrayHost.MenuItem?
                #expect(
                    try Wait.until {
                        cook = try host.menu(item).find("Cook")?.children.first
                        return cook != nil
                    })
                #expect(cook?.label?.hasPrefix("신라면") == true)
                try host.event(item, try #require(cook).id)
                #expect(try kit.kitctl(["timer", "list"]).stdout.contains("신라면"))
            }
        }

        @Test(
            "the menu lists running stopwatches and today's tasks: Stop stops one, Done does the other; Activate shows what runs as a popup"
        )
        func stopwatchesTasksAndActivate() throws {
            try registered(popups: true) { kit, host, item throws in
                _ = try kit.kitctl(["sw", "new", "공부", "--start"])
                _ = try kit.kitctl(["task", "add", "우유 사기", "--due", "in 2h"])
                var study: TrayHost.MenuItem?
                var milk: TrayHost.MenuItem?
                #expect(
                    try Wait.until {
                        let menu = try host.menu(item)
                        (study, milk) = (menu.find("공부"), menu.find("우유 사기"))
                        return study != nil && milk != nil
                    })
                #expect(study?.children.map(\.label) == ["Lap", "Stop"])
                #expect(milk?.children.first?.label == "Done")
                #expect(milk?.children.last?.label?.hasPrefix("Snooze") == true)

                _ = try host.call(
                    item, "/StatusNotifierItem", "org.kde.StatusNotifierItem", "Activate", "ii", ["0", "0"])
                let summary = try #require(try kit.desktop!.waitForNotification(summaryContaining: "kit"))
                #expect(summary.body.contains("공부") && summary.body.contains("우유 사기"), "\(summary)")

                try host.event(item, try #require(study?.children.last).id)
                #expect(try kit.kitctl(["sw", "list"]).stdout.contains("stopped"))
                try host.event(item, try #require(milk?.children.first).id)
                #expect(try kit.kitctl(["task", "list", "--all"]).stdout.contains("done"))
                #expect(
                    try Wait.until {
                        let menu = try host.menu(item)
                        return menu.find("공부") == nil && menu.find("우유") == nil
                    })
            }
        }

        @Test(
            "a timer that comes or goes bumps the layout (LayoutUpdated); its countdown changes labels only (ItemsPropertiesUpdated, XAyatanaNewLabel with PropertiesChanged); the tooltip (NewToolTip) only when what runs changes"
        )
        func signals() throws {
            try registered { kit, host, item throws in
                try host.watchSignals()
                let before = try host.call(
                    item, "/MenuBar", "com.canonical.dbusmenu", "GetLayout", "iias", ["0", "0", "0"])
                let revision = ((before as? [String: Any])?["data"] as? [Any])?.first as? Int
                _ = try kit.kitctl(["timer", "start", "5m", "--name", "차"])
                #expect(Wait.until { host.signals.contains("LayoutUpdated") })
                let after = try host.call(
                    item, "/MenuBar", "com.canonical.dbusmenu", "GetLayout", "iias", ["0", "0", "0"])
                let bumped = ((after as? [String: Any])?["data"] as? [Any])?.first as? Int
                #expect(revision != nil && bumped == revision.map { $0 + 1 })
                #expect(Wait.until(timeout: .seconds(5)) { host.signals.contains("ItemsPropertiesUpdated") })
                let seen = host.signals
                #expect(seen.contains("XAyatanaNewLabel") && seen.contains("PropertiesChanged"))
                #expect(seen.filter { $0 == "LayoutUpdated" }.count == 1, "\(seen)")
                #expect(seen.filter { $0 == "NewToolTip" }.count == 1, "the tooltip says when it ends: \(seen)")
                _ = try kit.kitctl(["timer", "cancel", "차"])
                #expect(Wait.until { host.signals.filter { $0 == "LayoutUpdated" }.count == 2 })
            }
        }

        @Test("under LANG=ko_KR.UTF-8 the menu speaks Korean")
        func korean() throws {
            try registered(locale: "ko_KR.UTF-8") { kit, host, item throws in
                #expect(try kit.kitctl(["timer", "start", "3m", "--name", "차"]).exitCode == 0)
                #expect(try kit.kitctl(["timer", "pause", "차"]).exitCode == 0)
                var timer: TrayHost.MenuItem?
                #expect(
                    try Wait.until {
                        timer = try host.menu(item).find("차")
                        return timer?.label?.hasSuffix("(일시정지)") == true
                    })
                #expect(timer?.children.map(\.label) == ["재개", "+1분", "취소"])
                #expect(try host.menu(item).find("타이머 시작")?.children.first?.label == "3:00")
                #expect(try host.menu(item).find("라면 끓이기")?.enabled == false)
            }
        }

        @Test(
            "an unknown menu id, an unknown event type and a huge data value get an error reply, and kitd goes on"
        )
        func refusesBadEvents() throws {
            try registered { kit, host, item throws in
                let unknownID = #expect(throws: HarnessError.self) { try host.event(item, 99_999) }
                #expect(unknownID?.description.contains("no menu item 99999") == true)
                let unknownType = #expect(throws: HarnessError.self) { try host.event(item, 0, "frobbed") }
                #expect(unknownType?.description.contains("unknown event type 'frobbed'") == true)
                let huge = #expect(throws: HarnessError.self) {
                    try host.event(item, 0, "clicked", data: String(repeating: "x", count: 100_000))
                }
                #expect(huge?.description.contains("longer than 65536 bytes") == true)
                let layout = #expect(throws: HarnessError.self) {
                    _ = try host.call(
                        item, "/MenuBar", "com.canonical.dbusmenu", "GetLayout", "iias", ["424242", "-1", "0"])
                }
                #expect(layout?.description.contains("no menu item 424242") == true)
                #expect(try kit.kitctl(["status"]).exitCode == 0)
                #expect(try host.menu(item).find("Start timer") != nil)
            }
        }

        @Test("a watcher that never answers delays nothing: kitd is ready, its menu reads, and its timers fire")
        func hungWatcher() throws {
            try withTray(watcher: false) { kit, host, item throws in
                #expect(Wait.until(timeout: .seconds(10)) { host.output.contains("asked \(item)") })
                #expect(try kit.kitctl(["timer", "start", "3s", "--name", "hung"]).exitCode == 0)
                #expect(try host.menu(item).find("hung") != nil)
                #expect(try Wait.until { try kit.kitctl(["timer", "list", "--all"]).stdout.contains("fired") })
                #expect(host.registered.isEmpty)
            }
        }

        @Test("after the watcher restarts (a panel restart), kitd registers again within 5 s")
        func registersAgain() throws {
            try registered { kit, host, item throws in
                host.stopWatcher()
                try host.startWatcher()
                #expect(Wait.until(timeout: .seconds(5)) { host.registered == [item] })
            }
        }

        @Test(
            "with no watcher kitd registers nothing until one comes; with [tray] enabled = false, nothing at all; with no bus, kitd is ready and its timers fire"
        )
        func quietWithoutWatcher() throws {
            do {
                try withTray(watcher: nil) { kit, host, item throws in
                    #expect(throws: HarnessError.self) { try host.menu(item) }
                    try host.startWatcher()
                    #expect(Wait.until(timeout: .seconds(5)) { host.registered == [item] })
                }
            }
            do {
                try withTray(config: "[tray]\nenabled = false\n") { kit, host, item throws in
                    #expect(Wait.holds(for: .seconds(1)) { host.registered.isEmpty })
                    #expect(throws: HarnessError.self) { try host.menu(item) }
                }
            }
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            #expect(try kit.kitctl(["timer", "start", "1s", "--name", "nobus"]).exitCode == 0)
            #expect(try Wait.until { try kit.kitctl(["timer", "list", "--all"]).stdout.contains("fired") })
        }
    }
}
