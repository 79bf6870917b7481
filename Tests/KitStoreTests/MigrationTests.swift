import Foundation
import GRDB
import KitCore
import Testing

@testable import KitStore

@Suite("Migrations")
struct MigrationTests {
    @Test("an empty database gets every migration and WAL mode")
    func emptyDatabase() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try KitDatabase.open(path: directory + "/kit.sqlite", logger: .init(label: "test"))
        #expect(
            try database.appliedMigrations() == [
                "v1 timers", "v2 ramen", "v3 stopwatches", "v4 tasks", "v5 places", "v6 memos and diary",
            ])
        #expect(try database.journalMode() == "wal")
        let columns = try database.read { try $0.columns(in: "timer").map(\.name) }
        #expect(columns.contains("due_boot_ns") && columns.contains("boot_id"))
    }

    @Test("an existing database keeps its rows and is not migrated twice")
    func existingDatabase() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/kit.sqlite"
        let now = ClockReading(
            boot: BootTime(nanoseconds: 10_000_000_000), wall: WallTime(nanoseconds: 1_800_000_000_000_000_000))
        do {
            let first = try KitDatabase.open(path: path, logger: .init(label: "test"))
            _ = try first.timers.insertTimer(bootID: "boot-a") { id throws(KitError) in
                try Countdown.started(id: id, name: "tea", duration: 60_000_000_000, now: now)
            }
            try first.commit()
        }
        let second = try KitDatabase.open(path: path, logger: .init(label: "test"))
        #expect(
            try second.appliedMigrations() == [
                "v1 timers", "v2 ramen", "v3 stopwatches", "v4 tasks", "v5 places", "v6 memos and diary",
            ])
        let timers = try second.timers.activeTimers(now: now, bootID: "boot-a")
        #expect(timers.map(\.name) == ["tea"])
    }

    @Test("a database from a newer kit is refused, not modified")
    func newerDatabaseIsRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/kit.sqlite"
        do {
            let database = try KitDatabase.open(path: path, logger: .init(label: "test"))
            try database.writeNow { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99 from the future')")
            }
        }
        #expect {
            try KitDatabase.open(path: path, logger: .init(label: "test"))
        } throws: { error in
            "\(error)".contains("newer kit")
        }
    }
}

func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "kit-store-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
