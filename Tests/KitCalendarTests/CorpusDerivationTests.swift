import Foundation
import Testing

@Suite("The corpus's expected occurrences")
struct CorpusDerivationTests {
    /// The corpus's expected values come from outside kit: `verify_expected.py` derives them again
    /// with Python's icalendar and dateutil (and zoneinfo for local times), and they must agree.
    @Test("a second implementation derives the same occurrences for every dateutil-derived corpus file")
    func derivedOutsideKit() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/ics").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [folder + "/verify_expected.py", folder]
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text)")
        let summary = text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.hasPrefix("files ") && summary.hasSuffix("mismatches 0"), "\(summary)")
    }
}
