import Foundation
import KitCore
import Testing

@testable import KitDaemon

@Suite("A vdir collection: one .ics file an item")
struct VdirCollectionTests {
    /// A fresh directory under /tmp, removed by the caller.
    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "kit-vdir-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("an item is written whole under its UID, replaced, listed by name, and removed; nothing else is left")
    func writeReplaceRemove() throws {
        let path = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let collection = try VdirCollection(path: path)
        try collection.write("first", uid: "5b1c@kit")
        try collection.write("second", uid: "5b1c@kit")
        try collection.write("other", uid: "a/b c")
        // Another program's file with a name of its own, and a hidden one, are seen and not seen.
        try "theirs".write(toFile: path + "/their-name.ics", atomically: true, encoding: .utf8)
        try "hidden".write(toFile: path + "/.partial.ics", atomically: true, encoding: .utf8)
        let items = try collection.items()
        let hashed = VdirCollection.fileName(for: "a/b c")
        #expect(hashed.count == 64 + 4 && hashed.hasSuffix(".ics"))
        #expect(
            items.map { "\($0.name)=\(String(decoding: $0.bytes, as: UTF8.self))" }.sorted()
                == ["5b1c@kit.ics=second", "\(hashed)=other", "their-name.ics=theirs"].sorted())
        try collection.remove(uid: "5b1c@kit")
        try collection.remove(uid: "5b1c@kit")
        #expect(try collection.items().map(\.name).sorted() == [hashed, "their-name.ics"].sorted())
        let files = try FileManager.default.contentsOfDirectory(atPath: path)
        #expect(!files.contains { $0.contains(".tmp") })
    }

    @Test("a vdir path that is missing or not a directory is a start-up error naming it")
    func badPaths() throws {
        let path = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: DaemonStartError.self) { try VdirCollection(path: path + "/missing") }
        try "x".write(toFile: path + "/file", atomically: true, encoding: .utf8)
        do {
            _ = try VdirCollection(path: path + "/file")
            Issue.record("a file was taken for a collection")
        } catch {
            #expect(
                error.description
                    == "cannot keep the vdir \(path)/file: it is not a directory; point [vdir] at a directory")
        }
        // (kitd cannot be kept out of a directory by its mode when it runs as root, as tests here do.)
    }

    @Test("an item written again with the same text is left alone: its file keeps its modification time")
    func unchangedKeepsTime() throws {
        let path = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let collection = try VdirCollection(path: path)
        #expect(try collection.update("same", uid: "a@kit"))
        let file = path + "/a@kit.ics"
        // An hour back, so a rewrite would show.
        let past = Date(timeIntervalSinceNow: -3600)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file)
        #expect(try !collection.update("same", uid: "a@kit"))
        let kept = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
        #expect(kept.map { abs($0.timeIntervalSince(past)) < 1 } == true)
        #expect(try collection.update("other", uid: "a@kit"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "other")
    }
}
