import Foundation
import KitCore
import Testing

@testable import KitStore

@Suite("What kitd keeps of sync: conflicts, runs and vdir files")
struct SyncStoreTests {
    static func database() throws -> (KitDatabase, String) {
        let directory = try temporaryDirectory()
        return (try KitDatabase.open(path: directory + "/kit.sqlite", logger: .init(label: "test")), directory)
    }

    @Test("the newest 1,000 conflicts are kept; older ones go as new ones come")
    func conflictsAreBounded() throws {
        let (database, directory) = try Self.database()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for index in 0..<1005 {
            _ = try database.vdir.keep(
                VdirStore.Conflict(
                    collection: "/v", uid: "u\(index)", title: "t\(index)", winner: "kit", kept: "",
                    at: WallTime(nanoseconds: Int64(index))))
        }
        try database.commit()
        let kept = try database.vdir.conflicts(limit: 2000)
        #expect(kept.count == 1000)
        #expect(kept.first?.uid == "u1004")
        #expect(kept.last?.uid == "u5")
    }

    @Test("the last run is kept, and the start of the last that succeeded stays through a failed one")
    func runs() throws {
        let (database, directory) = try Self.database()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try database.syncRuns.last() == nil)
        let good = SyncRunStore.Run(
            startedAt: WallTime(nanoseconds: 100), duration: 5, outcome: "succeeded", exitStatus: 0, output: "ok",
            reason: "asked")
        try database.syncRuns.record(good, succeeded: true)
        let bad = SyncRunStore.Run(
            startedAt: WallTime(nanoseconds: 200), duration: 7, outcome: "failed", exitStatus: 1, output: "no",
            reason: "interval")
        try database.syncRuns.record(bad, succeeded: false)
        try database.commit()
        let last = try #require(try database.syncRuns.last())
        #expect(last.run == bad)
        #expect(last.succeededStartedAt == WallTime(nanoseconds: 100))
    }

    @Test("a vdir file's record keeps when kitd wrote it, and nothing for a file kitd read")
    func filesKeepWhenWritten() throws {
        let (database, directory) = try Self.database()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try database.vdir.record(
            collection: "/v",
            [
                ("a.ics", VdirStore.File(uid: "a", hash: "1", writtenAt: WallTime(nanoseconds: 42))),
                ("b.ics", VdirStore.File(uid: "b", hash: "2")),
            ])
        try database.commit()
        let files = try database.vdir.files(collection: "/v")
        #expect(files["a.ics"]?.writtenAt == WallTime(nanoseconds: 42))
        #expect(files["b.ics"] != nil && files["b.ics"]?.writtenAt == nil)
    }

    @Test(
        "a file's bases outlive a new hash, kit's rendering is kept once where it is the file's text, and a write that reached the other side becomes the base"
    )
    func basesKeep() throws {
        let (database, directory) = try Self.database()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = database.vdir
        let written = WallTime(nanoseconds: 42)
        try store.record(
            collection: "/v", [("a.ics", VdirStore.File(uid: "a", hash: "1", writtenAt: written))],
            bases: [("a.ics", VdirStore.Bases(base: "B", kitBase: "B", written: "W", writtenKit: "W"))])
        #expect(
            try store.bases(collection: "/v", name: "a.ics")
                == VdirStore.Bases(base: "B", kitBase: "B", written: "W", writtenKit: "W"))
        #expect(try store.pendingWrites(collection: "/v") == ["a.ics": written])
        // Read again with another hash: the bases stay.
        try store.record(collection: "/v", [("a.ics", VdirStore.File(uid: "a", hash: "2"))])
        #expect(try store.bases(collection: "/v", name: "a.ics").written == "W")
        try store.agreeOnWritten(collection: "/v", names: ["a.ics"])
        #expect(try store.bases(collection: "/v", name: "a.ics") == VdirStore.Bases(base: "W", kitBase: "W"))
        #expect(try store.pendingWrites(collection: "/v").isEmpty)
        try store.record(collection: "/v", [], bases: [("a.ics", VdirStore.Bases(base: "F", kitBase: "K"))])
        #expect(try store.bases(collection: "/v", name: "a.ics") == VdirStore.Bases(base: "F", kitBase: "K"))
        // The file gone, its bases go with it.
        try store.record(collection: "/v", [("a.ics", nil)])
        try database.commit()
        #expect(try store.bases(collection: "/v", name: "a.ics") == VdirStore.Bases())
    }
}
