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
        let name = VdirCollection.fileName(for: "5b1c@kit")
        #expect(try collection.write(Array("first".utf8), name: name, expected: nil))
        #expect(
            try collection.write(
                Array("second".utf8), name: name, expected: VdirCollection.hash(Array("first".utf8))))
        #expect(try collection.write(Array("other".utf8), name: VdirCollection.fileName(for: "a/b c"), expected: nil))
        // Another program's file with a name of its own, and a hidden one, are seen and not seen.
        try "theirs".write(toFile: path + "/their-name.ics", atomically: true, encoding: .utf8)
        try "hidden".write(toFile: path + "/.partial.ics", atomically: true, encoding: .utf8)
        let items = try collection.names().map { (name: $0, bytes: try collection.read(name: $0) ?? []) }
        let hashed = VdirCollection.fileName(for: "a/b c")
        #expect(hashed.count == 64 + 4 && hashed.hasSuffix(".ics"))
        #expect(
            items.map { "\($0.name)=\(String(decoding: $0.bytes, as: UTF8.self))" }.sorted()
                == ["5b1c@kit.ics=second", "\(hashed)=other", "their-name.ics=theirs"].sorted())
        try collection.remove(name: "5b1c@kit.ics")
        try collection.remove(name: "5b1c@kit.ics")
        #expect(try collection.names() == [hashed, "their-name.ics"].sorted())
        let files = try FileManager.default.contentsOfDirectory(atPath: path)
        #expect(!files.contains { $0.contains(".tmp") })
    }

    @Test("a file another program made or changed while kit wrote its own is left as it is, and nothing is written")
    func writeOnlyOverWhatKitSaw() throws {
        let path = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let collection = try VdirCollection(path: path)
        // Another program made the file kit meant to make: kit's new file is not linked in.
        try "theirs".write(toFile: path + "/a.ics", atomically: true, encoding: .utf8)
        #expect(try !collection.write(Array("kit's".utf8), name: "a.ics", expected: nil))
        #expect(try collection.read(name: "a.ics") == Array("theirs".utf8))
        // It changed the file kit last saw as "first": kit's version does not replace it.
        #expect(
            try !collection.write(
                Array("kit's".utf8), name: "a.ics", expected: VdirCollection.hash(Array("first".utf8))))
        #expect(try collection.read(name: "a.ics") == Array("theirs".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["a.ics"])
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

    @Test("a file's time of change is its latest LAST-MODIFIED, else its latest DTSTAMP, read from the text")
    func lastModified() {
        let text = """
            BEGIN:VCALENDAR\r
            BEGIN:VTODO\r
            DTSTAMP:20261101T000000Z\r
            LAST-MODIFIED:20261124T101500Z\r
            END:VTODO\r
            BEGIN:VTODO\r
            LAST-MODIFIED;X-A=b:20261125T080000Z\r
            END:VTODO\r
            END:VCALENDAR\r

            """
        let expected = ZoneResolver.instant(
            for: CivilDateTime(date: CivilDate(year: 2026, month: 11, day: 25), hour: 8), in: FixedOffset.utc)
        #expect(VdirCollection.lastModified(Array(text.utf8)) == expected)
        let stamped = "BEGIN:VTODO\nDTSTAMP:20261125T080000Z\nEND:VTODO\n"
        #expect(VdirCollection.lastModified(Array(stamped.utf8)) == expected)
        // A local time says no instant; neither does a file with no stamp.
        #expect(VdirCollection.lastModified(Array("LAST-MODIFIED:20261125T080000\n".utf8)) == nil)
        #expect(VdirCollection.lastModified(Array("BEGIN:VTODO\nEND:VTODO\n".utf8)) == nil)
    }

    @Test("only visible .ics files are items: kit's and vdirsyncer's temporary files start with a dot")
    func itemNames() {
        #expect(VdirCollection.isItem("5b1c@kit.ics"))
        #expect(!VdirCollection.isItem(".5b1c@kit.ics.kit-12.tmp"))
        #expect(!VdirCollection.isItem(".hidden.ics"))
        #expect(!VdirCollection.isItem("notes.txt"))
    }
}
