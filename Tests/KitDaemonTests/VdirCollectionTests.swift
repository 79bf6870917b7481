import Foundation
import KitCalendar
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

    @Test("todoman lists a task kit writes, and kit reads a task todoman creates, in one collection")
    func todoman() throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/tasks", withIntermediateDirectories: true)
        let collection = try VdirCollection(path: root + "/tasks")
        let task = CalendarTask(
            uid: "5b1c@kit", title: "renew passport", note: "photo booth",
            due: .local(CivilDateTime(date: CivilDate(year: 2030, month: 1, day: 15), hour: 9), tzid: "Europe/Berlin"))
        try collection.write(ICalendarWriter.write([task], stamp: WallTime(nanoseconds: 0)), uid: task.uid)
        let config = root + "/config.py"
        try """
        path = "\(root)/*"
        cache_path = "\(root)/cache.sqlite3"
        date_format = "%Y-%m-%d"
        time_format = "%H:%M"
        default_list = "tasks"
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let listed = try Self.run(["--config", config, "--porcelain", "list", "--status", "ANY"])
        let todos = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
        #expect(todos.count == 1)
        #expect(todos.first?["summary"] as? String == "renew passport")
        // 09:00 in Berlin on 2030-01-15 is 08:00Z.
        #expect(todos.first?["due"] as? Int == 1_894_694_400)

        _ = try Self.run(["--config", config, "new", "--list", "tasks", "--due", "2030-01-20 10:00", "buy milk"])
        let titles = try collection.items().flatMap { item in
            try ICalendarReader.read(item.bytes).tasks.map(\.task.title)
        }
        #expect(titles.sorted() == ["buy milk", "renew passport"])
    }

    /// Runs todoman with `arguments` and returns what it printed; it must succeed.
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/todoman")
        process.arguments = arguments
        process.environment = [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "Europe/Berlin", "HOME": NSTemporaryDirectory(),
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "todoman \(arguments): \(text)")
        return text
    }
}
