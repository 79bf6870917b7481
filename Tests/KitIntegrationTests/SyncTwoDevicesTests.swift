import Foundation
import Glibc
import KitProtocol
import KitTestSupport
import Testing

extension FilesIntegration {
    /// Two kitd instances, each with its own data and vdir, synced through a real Radicale server
    /// by vdirsyncer, which each kitd runs itself (`[sync] command`, `kitctl sync`).
    @Suite("Two devices synced through a CalDAV server")
    struct SyncTwoDevicesTests {
        /// One device: a kitd whose tasks' vdir vdirsyncer syncs with the server's task list.
        struct Device {
            let kit: KitdHarness
            let vdir: String

            static func start(_ server: RadicaleServer, desktop: DesktopSession? = nil) throws -> Device {
                let kit = try KitdHarness(desktop: desktop)
                do {
                    let vdir = try kit.root.subdirectory("vdir/tasks")
                    let vdirsyncer = try Vdirsyncer(
                        server: server, vdirs: [("tasks", vdir)], directory: kit.root.path,
                        environment: kit.environment)
                    let config = kit.root.path + "/config.toml"
                    try Vdirsyncer.kitConfig(vdirs: [("tasks", vdir)], command: vdirsyncer.command).write(
                        toFile: config, atomically: true, encoding: .utf8)
                    try kit.startKitd(arguments: ["--log-level", "debug", "--config", config])
                    return Device(kit: kit, vdir: vdir)
                } catch {
                    kit.tearDown()
                    throw error
                }
            }

            /// `kitctl sync`, which waits for the run and for kitd to read what it brought.
            func sync() throws {
                let result = try kit.kitctl(["sync"])
                guard result.exitCode == 0 else { throw HarnessError("kitctl sync: \(result)") }
            }

            func task(_ title: String) throws -> TaskInfo? { try VdirOutsideTests.task(kit, titled: title) }

            func status() throws -> SyncStatusResult { try kit.kitctlJSON(["sync", "status", "--json"]) }
        }

        /// A server and two devices, stopped after `body`.
        static func withDevices(
            desktopOnB: Bool = false, _ body: (RadicaleServer, Device, Device) throws -> Void
        ) throws {
            let server = try RadicaleServer()
            defer { server.stop() }
            let a = try Device.start(server)
            defer { a.kit.tearDown() }
            let b = try Device.start(server, desktop: desktopOnB ? try DesktopSession() : nil)
            defer { b.kit.tearDown() }
            try body(server, a, b)
        }

        @Test("a task added on one device reaches the other after both sync, and pops up there at its due time")
        func addedReachesOther() throws {
            try Self.withDevices(desktopOnB: true) { _, a, b in
                let added = try a.kit.kitctlJSON(
                    ["task", "add", "pick up the parcel", "--due", "in 10s"], as: TaskInfo.self)
                try a.sync()
                try b.sync()
                let arrived = try #require(try b.task("pick up the parcel"))
                #expect(arrived.uid == added.uid)
                #expect(arrived.dueAt == added.dueAt)
                #expect(arrived.state == .open)
                let popup = try b.kit.desktop!.waitForNotification(
                    summaryContaining: "Due: pick up the parcel", timeout: .seconds(30))
                #expect(popup != nil)
                let run = try #require(try b.status().lastRun)
                #expect(run.succeeded && run.reason == .asked && run.exitStatus == 0)
            }
        }

        @Test("a task done on one device is done on the other after both sync")
        func doneReachesOther() throws {
            try Self.withDevices { _, a, b in
                _ = try a.kit.kitctlJSON(
                    ["task", "add", "renew passport", "--due", "2030-01-15 09:00"], as: TaskInfo.self)
                try a.sync()
                try b.sync()
                #expect(try b.task("renew passport")?.state == .open)
                #expect(try b.kit.kitctl(["task", "done", "renew passport"]).exitCode == 0)
                try b.sync()
                try a.sync()
                #expect(try a.task("renew passport")?.state == .done)
                #expect(try a.status().conflicts.isEmpty)
            }
        }

        @Test("a repeating task completed on one device advances exactly once on the other")
        func repeatingAdvancesOnce() throws {
            try Self.withDevices { _, a, b in
                let added = try a.kit.kitctlJSON(
                    ["task", "add", "water the plants", "--due", "2030-01-10 09:00", "--repeat", "daily"],
                    as: TaskInfo.self)
                #expect(added.dueAt == "2030-01-10T09:00:00.000000Z")
                try a.sync()
                try b.sync()
                #expect(try b.kit.kitctl(["task", "done", "water the plants"]).exitCode == 0)
                #expect(try b.task("water the plants")?.dueAt == "2030-01-11T09:00:00.000000Z")
                try b.sync()
                try a.sync()
                // Another round changes nothing: it advanced once, not twice.
                try a.sync()
                try b.sync()
                for device in [a, b] {
                    let task = try #require(try device.task("water the plants"))
                    #expect(task.dueAt == "2030-01-11T09:00:00.000000Z")
                    #expect(task.state == .open)
                }
                #expect(try a.kit.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self).tasks.count == 1)
            }
        }

        @Test(
            "a title edited on both devices between syncs ends with the later edit everywhere, and a conflict reported")
        func laterEditWins() throws {
            try Self.withDevices { _, a, b in
                _ = try a.kit.kitctlJSON(["task", "add", "dentist", "--due", "2030-03-01 10:00"], as: TaskInfo.self)
                try a.sync()
                try b.sync()
                #expect(try a.kit.kitctl(["task", "edit", "dentist", "--title", "dentist at 10"]).exitCode == 0)
                // LAST-MODIFIED counts whole seconds, and a version's is a second after the one before
                // when both fall in one second (A's edit may come in the second A added the task):
                // two seconds on, B's edit is later than A's whatever the seconds were.
                Wait.passes(.milliseconds(2200))
                #expect(try b.kit.kitctl(["task", "edit", "dentist", "--title", "dentist at 11"]).exitCode == 0)
                try a.sync()
                // vdirsyncer hands B the server's (A's) version; B's own is later, so B keeps it and
                // writes it back as a new revision, which B's next sync uploads.
                try b.sync()
                try b.sync()
                try a.sync()
                #expect(try a.task("dentist at 11") != nil)
                #expect(try b.task("dentist at 11") != nil)
                #expect(try a.task("dentist at 10") == nil)
                let conflicts = try b.status().conflicts
                #expect(conflicts.count == 1)
                #expect(conflicts.first?.winner == .kit)
                #expect(conflicts.first?.title == "dentist at 11")
                #expect(try a.status().conflicts.isEmpty)
            }
        }
    }
}
