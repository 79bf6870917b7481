import Foundation
import Glibc
import KitProtocol
import KitTestSupport
import Testing

extension FilesIntegration {
    /// The sync command kitd runs (`[sync]`), with stand-in shell commands: what runs it, what it
    /// reports, and what a failing or hanging one does (and does not do) to kitd.
    @Suite("The sync command kitd runs")
    struct SyncCommandTests {
        /// A kitd with a tasks' vdir and `[sync]` set to `sync` (TOML lines); `<root>` in them is
        /// the harness's directory.
        static func kitd(_ sync: String) throws -> KitdHarness {
            let kit = try KitdHarness()
            do {
                let vdir = try kit.root.subdirectory("vdir/tasks")
                let config = kit.root.path + "/config.toml"
                try
                    "[vdir]\ntasks = \"\(vdir)\"\n\n[sync]\n\(sync.replacingOccurrences(of: "<root>", with: kit.root.path))\n"
                    .write(toFile: config, atomically: true, encoding: .utf8)
                try kit.startKitd(arguments: ["--log-level", "debug", "--config", config])
            } catch {
                kit.tearDown()
                throw error
            }
            return kit
        }

        @Test("kitctl sync runs the command with the vdir as kit wrote it, waits for it, and sync status shows the run")
        func runsWhenAsked() throws {
            let kit = try Self.kitd(
                """
                command = "ls <root>/vdir/tasks > <root>/seen; echo synced 1 item"
                interval = "off"
                after_change = "off"
                """)
            defer { kit.tearDown() }
            let task = try kit.kitctlJSON(
                ["task", "add", "call the bank", "--due", "2030-01-02 10:00"], as: TaskInfo.self)
            let result = try kit.kitctl(["sync"])
            #expect(result.exitCode == 0, "\(result)")
            #expect(result.stdout.hasPrefix("Synced in "))
            // The task's file was there when the command ran: kitd let its writes land first.
            let seen = try String(contentsOfFile: kit.root.path + "/seen", encoding: .utf8)
            #expect(seen == task.uid + ".ics\n")
            let status = try kit.kitctlJSON(["sync", "status", "--json"], as: SyncStatusResult.self)
            #expect(status.command?.hasPrefix("ls ") == true)
            #expect(!status.running)
            #expect(status.lastRun?.outcome == .succeeded)
            #expect(status.lastRun?.output == "synced 1 item")
            #expect(status.lastRun?.reason == .asked)
            #expect(status.lastSucceededAt == status.lastRun?.startedAt)
            #expect(status.nextRunAt == nil)
            let text = try kit.kitctl(["sync", "status"])
            #expect(text.stdout.contains("Last run: "))
            #expect(text.stdout.contains("(asked): succeeded in "))
        }

        @Test("a command that fails is reported with its exit status and output, and kitctl sync exits 2")
        func failureIsReported() throws {
            let kit = try Self.kitd(
                """
                command = "echo 'error: no such pair kit' >&2; exit 3"
                interval = "off"
                """)
            defer { kit.tearDown() }
            let result = try kit.kitctl(["sync"])
            #expect(result.exitCode == 2)
            #expect(result.stderr.contains("error: no such pair kit"))
            #expect(result.stderr.contains("kitctl: the sync command failed (exit status 3) after "))
            let status = try kit.kitctlJSON(["sync", "status", "--json"], as: SyncStatusResult.self)
            #expect(status.lastRun?.outcome == .failed)
            #expect(status.lastRun?.exitStatus == 3)
            #expect(status.lastSucceededAt == nil)
        }

        @Test(
            "a command that hangs, ignoring SIGTERM, is killed after the timeout with what it started, and meanwhile kitd answers and fires on time"
        )
        func hangIsKilled() throws {
            let kit = try Self.kitd(
                """
                command = "trap '' TERM; sleep 60 & echo $! > <root>/child; sleep 60; wait"
                interval = "off"
                timeout = "1s"
                """)
            defer { kit.tearDown() }
            let events = try kit.events(["timer.*"])
            defer { events.stop() }
            try events.waitUntilSubscribed(socketOwner: kit)
            let sync = try Subprocess(
                Binaries.kitctl, ["sync"], environment: kit.environment, outputDirectory: kit.root.path,
                name: "sync")
            #expect(
                Subprocess.waitUntil(timeout: .seconds(10)) {
                    (try? kit.kitctlJSON(["sync", "status", "--json"], as: SyncStatusResult.self))?.running == true
                })
            // While the command hangs, kitd answers and a timer fires.
            let started = try kit.kitctl(["timer", "start", "1s", "--name", "tea"])
            #expect(started.exitCode == 0)
            #expect(events.waitFor(Event.timerFired, timeout: .seconds(5)) { $0.raw.contains("tea") } != nil)
            #expect(sync.wait(timeout: .seconds(20)) == 2)
            #expect(sync.stderr.contains("kitctl: the sync command timed out after "))
            let status = try kit.kitctlJSON(["sync", "status", "--json"], as: SyncStatusResult.self)
            #expect(status.lastRun?.outcome == .timedOut)
            #expect(!status.running)
            // The shell's own child was in its process group, and went with it.
            let child = try #require(
                Int32(
                    try String(contentsOfFile: kit.root.path + "/child", encoding: .utf8).trimmingCharacters(
                        in: .whitespacesAndNewlines)))
            #expect(Subprocess.waitUntil(timeout: .seconds(5)) { kill(child, 0) != 0 })
        }

        @Test("stopping kitd stops a sync command under way, with what it started")
        func stoppedWithKitd() throws {
            let kit = try Self.kitd(
                """
                command = "sleep 60 & echo $! > <root>/child; wait"
                interval = "off"
                """)
            defer { kit.tearDown() }
            let sync = try Subprocess(
                Binaries.kitctl, ["sync"], environment: kit.environment, outputDirectory: kit.root.path, name: "sync")
            defer { sync.stop() }
            // The shell makes the file before it writes the pid into it: wait for the number.
            #expect(
                Subprocess.waitUntil(timeout: .seconds(10)) {
                    let text = try? String(contentsOfFile: kit.root.path + "/child", encoding: .utf8)
                    return text.flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } != nil
                })
            let child = try #require(
                Int32(
                    try String(contentsOfFile: kit.root.path + "/child", encoding: .utf8)
                        .trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(kit.stopKitd(signal: SIGTERM) == 0)
            #expect(Subprocess.waitUntil(timeout: .seconds(5)) { kill(child, 0) != 0 })
            // kitctl was waiting for the run: it says kitd went away, and does not hang.
            #expect(sync.wait(timeout: .seconds(10)) == 1)
        }

        @Test("with a sync command and no [vdir] paths, kitd keeps all three collections in its data directory")
        func defaultCollections() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let config = kit.root.path + "/config.toml"
            try "[sync]\ncommand = \"true\"\ninterval = \"off\"\n".write(
                toFile: config, atomically: true, encoding: .utf8)
            try kit.startKitd(arguments: ["--log-level", "debug", "--config", config])
            let status = try kit.kitctlJSON(["sync", "status", "--json"], as: SyncStatusResult.self)
            let expected = ["tasks", "diary", "memos"].map { (name: $0, path: kit.dataDirectory + "/vdir/" + $0) }
            #expect(status.collections.map(\.name).sorted() == expected.map(\.name).sorted())
            for collection in status.collections {
                #expect(collection.path == kit.dataDirectory + "/vdir/" + collection.name)
                #expect(collection.watched)
            }
            let task = try kit.kitctlJSON(["task", "add", "renew passport", "--due", "2030-01-15"], as: TaskInfo.self)
            #expect(
                Subprocess.waitUntil(timeout: .seconds(10)) {
                    FileManager.default.fileExists(atPath: kit.dataDirectory + "/vdir/tasks/" + task.uid + ".ics")
                })
        }

        @Test("with no sync command, kitctl sync says how to set one and exits 2")
        func notConfigured() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let result = try kit.kitctl(["sync"])
            #expect(result.exitCode == 2)
            #expect(result.stderr.contains("[sync] command = \"vdirsyncer sync kit\""))
        }
    }
}
