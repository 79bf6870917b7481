import Foundation
import KitCore
import KitProtocol
import Testing

@testable import KitDaemon

/// The corpus in `Tests/Fixtures/ics/`: files shaped as Google, Outlook, Apple, Thunderbird,
/// Nextcloud and Tasks.org write them, each with the occurrences it has in a window, derived
/// outside kit (`verify_expected.py` recomputes them with python-icalendar and dateutil, or the
/// file says how they were derived by hand). Each file is imported into a kitd whose clock is set
/// to the day before its window (or to its `importedAt`), and the agenda over the window must list exactly those
/// occurrences, with their titles; what the file says kit skips must be reported.
@Suite("The iCalendar corpus")
struct CalendarCorpusTests {
    struct Expected: Decodable {
        struct Item: Decodable {
            var uid: String
            var title: String
            var occurrences: [String]
            var titles: [String: String]?
        }

        struct Skip: Decodable {
            var uid: String
            var component: String?
            var reasonContains: String
        }

        var source: String
        var floatingZone: String
        var window: [String]
        /// When the file is imported (kit's clock then); the day before the window when absent.
        var importedAt: String?
        var items: [Item]
        var skipped: [Skip]?
    }

    /// Where the corpus is: beside this file's folder, or `KIT_CORPUS`.
    static var folder: String {
        ProcessInfo.processInfo.environment["KIT_CORPUS"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/ics").path
    }

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".ics") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// What kit makes of one file: "uid when title" lines, and the reports.
    static func imported(_ name: String, expected: Expected) throws -> (occurrences: [String], reports: [String]) {
        let text = try String(contentsOfFile: folder + "/" + name + ".ics", encoding: .utf8)
        let (occurrences, reports, _) = try importing(document: text, expected: expected)
        return (occurrences, reports)
    }

    /// What kit makes of a document: the agenda over the window as "uid when title" lines, the
    /// reports, and kit's own export of what it imported.
    static func importing(document text: String, expected: Expected) throws -> (
        occurrences: [String], reports: [String], export: String
    ) {
        let kit = try DrivenDaemon(systemZone: expected.floatingZone)
        defer { kit.stop() }
        let from = try #require(Timestamp.parse(expected.window[0]))
        let to = try #require(Timestamp.parse(expected.window[1]))
        let importedAt = try expected.importedAt.map { try #require(Timestamp.parse($0)) }
        kit.clock.jump(by: (importedAt ?? from + (-86_400 * DrivenDaemon.second)) - kit.clock.now().wall)
        let result = try kit.tasks.importer.calendar(TaskImportParams(ics: text))
        let agenda = try kit.tasks.agenda(
            TaskAgendaParams(from: Timestamp.rfc3339(from), to: Timestamp.rfc3339(to)))
        let zone = try #require(kit.zones.zone(named: expected.floatingZone))
        let occurrences = try (agenda.items ?? []).map { item -> String in
            let uid = try #require(try kit.tasks.store.task(id: item.id)).uid
            let instant = try #require(Timestamp.parse(item.dueAt))
            let when =
                item.allDay
                ? CivilDateTime(instant, in: zone).date.iso8601
                : Timestamp.rfc3339(instant).replacing(".000000Z", with: "Z")
            return "\(uid) \(when) \(item.title)"
        }
        return (occurrences.sorted(), result.skipped, try kit.tasks.export().ics)
    }

    /// Why `name` does not come out as derived, or nil when it does.
    static func mismatch(_ name: String) throws -> String? {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name + ".expected.json"))
        let expected = try JSONDecoder().decode(Expected.self, from: data)
        let wanted = expected.items.flatMap { item in
            item.occurrences.map { "\(item.uid) \($0) \(item.titles?[$0] ?? item.title)" }
        }.sorted()
        let (found, reports) = try imported(name, expected: expected)
        var problems: [String] = []
        if found != wanted {
            let missing = wanted.filter { !found.contains($0) }
            let extra = found.filter { !wanted.contains($0) }
            problems.append("kit lacks \(missing.prefix(3)) and has \(extra.prefix(3)) besides")
        }
        for skip in expected.skipped ?? [] {
            let reported = reports.contains {
                $0.contains(skip.uid) && $0.lowercased().contains(skip.reasonContains.lowercased())
            }
            if !reported { problems.append("\(skip.uid) is not reported as '\(skip.reasonContains)'") }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    @Test(
        "import → export → import gives the same occurrences and titles, for every corpus file", arguments: names)
    func roundTrip(_ name: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + name + ".expected.json"))
        let expected = try JSONDecoder().decode(Expected.self, from: data)
        let text = try String(contentsOfFile: Self.folder + "/" + name + ".ics", encoding: .utf8)
        let first = try Self.importing(document: text, expected: expected)
        let second = try Self.importing(document: first.export, expected: expected)
        #expect(second.occurrences == first.occurrences, "\(name) exported as:\n\(first.export)")
    }

    @Test("the corpus is there: at least 40 files, each with its expected occurrences")
    func corpusIsThere() {
        #expect(Self.names.count >= 40, "\(Self.names.count) files in \(Self.folder)")
        for name in Self.names {
            #expect(FileManager.default.fileExists(atPath: Self.folder + "/" + name + ".expected.json"), "\(name)")
        }
    }

    @Test(
        "a corpus file imports with exactly the occurrences and titles derived outside kit, and its skips reported",
        arguments: names)
    func corpusFile(_ name: String) throws {
        let problem = try Self.mismatch(name)
        #expect(problem == nil, "\(name): \(problem ?? "")")
    }
}
