import Foundation
import Glibc
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    /// Reload without a restart (issue 42): `kitctl reload` and SIGHUP read config.toml again.
    @Suite("Reloading the configuration")
    struct ReloadTests {
        /// How long `kitctl task snooze REF` puts the task off: the configured `[tasks] snooze`.
        static func snoozeLength(_ kit: KitdHarness, _ title: String) throws -> Nanoseconds {
            let before = WallTime(nanoseconds: Int64(Date().timeIntervalSince1970 * 1e9))
            let task = try kit.kitctlJSON(["task", "snooze", title], as: TaskInfo.self)
            return try #require(task.snoozedUntil.flatMap(Timestamp.parse)) - before
        }

        @Test(
            "kitctl reload and SIGHUP put a changed file in force; a bad file is refused with its line and column, and the running configuration stays"
        )
        func reloadGoodAndBad() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let path = kit.root.path + "/config.toml"
            func write(_ text: String) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }
            try write("[tasks]\nsnooze = \"10m\"\n")
            try kit.startKitd(arguments: ["--log-level", "debug", "--config", path])
            #expect(try kit.kitctl(["task", "add", "stretch", "--due", "in 1s"]).exitCode == 0)
            #expect(
                Subprocess.waitUntil(timeout: .seconds(10)) {
                    (try? kit.kitctlJSON(["task", "show", "stretch"], as: TaskInfo.self).overdue) == true
                })
            let first = try Self.snoozeLength(kit, "stretch")
            #expect(abs(first - 10 * 60 * Nanoseconds.second) < 5 * Nanoseconds.second, "\(first.seconds) s")

            // A good file: in force at once
            try write("[tasks]\nsnooze = \"30m\"\n\n[popups]\nburst_after = 7\n")
            let reloaded = try kit.kitctl(["reload"])
            #expect(reloaded.exitCode == 0, "\(reloaded)")
            #expect(reloaded.stdout.contains("again: [popups], [tasks] changed"), "\(reloaded)")
            let json = try kit.kitctlJSON(["reload"], as: DaemonReloadResult.self)
            #expect(json == DaemonReloadResult(path: path, changed: [], restartNeeded: []))
            let second = try Self.snoozeLength(kit, "stretch")
            #expect(abs(second - 30 * 60 * Nanoseconds.second) < 5 * Nanoseconds.second, "\(second.seconds) s")

            // Bad files: refused with where, and nothing changes
            for (text, expected) in [
                ("[tasks]\n  snoze = \"5m\"\n", "line 2, column 3: unknown key 'snoze' in [tasks]"),
                ("[tasks]\nsnooze = \"5m\"\n[tasks\n", "line 3, column "),
                ("[tasks]\nsnooze = \"soon\"\n", "line 2, column 1: tasks.snooze"),
                ("[taskz]\n", "line 1, column 1: unknown section [taskz]"),
            ] {
                try write(text)
                let refused = try kit.kitctl(["reload"])
                #expect(refused.exitCode == 2, "\(refused)")
                #expect(
                    refused.stderr.contains(expected) && refused.stderr.contains("the running configuration stays"),
                    "\(refused)")
            }
            let kept = try Self.snoozeLength(kit, "stretch")
            #expect(abs(kept - 30 * 60 * Nanoseconds.second) < 5 * Nanoseconds.second, "\(kept.seconds) s")

            // A table read only at start is kept, and said to need a restart
            try write("[tasks]\nsnooze = \"30m\"\n[popups]\nburst_after = 7\n[vdir]\ntasks = \"off\"\n")
            let later = try kit.kitctl(["reload"])
            #expect(later.exitCode == 0 && later.stderr.contains("note: [vdir] take effect when kitd starts again"))

            // SIGHUP, as systemctl --user reload kitd sends it: RELOADING=1, then READY=1 again
            try write("[tasks]\nsnooze = \"1h\"\n")
            let readyBefore = kit.notify.values(of: "READY").count
            kit.kitd!.signal(SIGHUP)
            #expect(
                Subprocess.waitUntil(timeout: .seconds(10)) {
                    kit.notify.values(of: "READY").count > readyBefore
                })
            #expect(kit.notify.values(of: "RELOADING") == ["1"])
            let hup = try Self.snoozeLength(kit, "stretch")
            #expect(abs(hup - 60 * 60 * Nanoseconds.second) < 5 * Nanoseconds.second, "\(hup.seconds) s")
            #expect(kit.kitd!.isRunning)
        }
    }
}
