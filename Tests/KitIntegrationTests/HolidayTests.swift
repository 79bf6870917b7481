import Foundation
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension FilesIntegration {
    @Suite("Korea's public holidays through the real binaries")
    struct HolidayTests {
        /// The law's list, 2027-2031: Tests/KitCoreTests/Data/kr-holidays-2027-2031.tsv.
        static func expected(_ year: Int) throws -> [[String: String]] {
            let path = ManPageTests.repository + "/Tests/KitCoreTests/Data/kr-holidays-2027-2031.tsv"
            return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
                .filter { $0.hasPrefix("\(year)-") }
                .map { line in
                    let fields = line.split(separator: "\t").map(String.init)
                    return ["date": fields[0], "name": fields[1]]
                }
        }

        @Test("kitctl holidays YEAR --json is the law's list for 2027 to 2031, substitute holidays included")
        func lawsList() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            for year in 2027...2031 {
                let listed = try kit.kitctl(["holidays", String(year), "--json"])
                #expect(listed.exitCode == 0, "\(listed)")
                let objects = try #require(
                    try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: String]])
                #expect(
                    objects.map { ["date": $0["date"] ?? "", "name": $0["name"] ?? ""] } == (try Self.expected(year)))
                #expect(objects.allSatisfy { ["fixed", "lunar", "substitute", "election"].contains($0["kind"] ?? "") })
            }
            let table = try kit.kitctl(["holidays", "2027"])
            #expect(table.exitCode == 0 && table.stdout.contains("2027-02-09  Tue  대체공휴일(설날)"), "\(table)")
            for bad in [["holidays", "2025"], ["holidays", "2101"]] {
                let refused = try kit.kitctl(bad)
                #expect(refused.exitCode == 2 && refused.stderr.contains("from 2026 to 2100"), "\(refused)")
            }
        }

        @Test("kitctl agenda marks holidays under a Korean locale, and under C only when the configuration asks")
        func agenda() throws {
            let korean = try KitdHarness()
            defer { korean.tearDown() }
            korean.extraEnvironment["TZ"] = "Asia/Seoul"
            try korean.useLocale("ko_KR.UTF-8")
            try korean.startKitd()
            let week = try korean.kitctl(["agenda", "2027-02-05"])
            #expect(week.exitCode == 0, "\(week)")
            #expect(week.stdout.contains("2월 7일 (일)  설날"), "\(week)")
            #expect(week.stdout.contains("2월 9일 (화)  대체공휴일(설날)"), "\(week)")
            let month = try korean.kitctl(["agenda", "--month", "2027-09"])
            #expect(month.stdout.contains("2027-09-15 (수) 추석"), "\(month)")
            // The list's weekdays come from the catalog too.
            let listed = try korean.kitctl(["holidays", "2027"])
            let line = listed.stdout.split(separator: "\n").first { $0.hasPrefix("2027-02-09") }
            #expect(line?.contains("화") == true && line?.contains("대체공휴일(설날)") == true, "\(listed)")

            let english = try KitdHarness()
            defer { english.tearDown() }
            english.extraEnvironment["TZ"] = "Asia/Seoul"
            let config = english.root.path + "/config.toml"
            try "[tasks]\n".write(toFile: config, atomically: true, encoding: .utf8)
            try english.startKitd(arguments: ["--config", config])
            let plain = try english.kitctl(["agenda", "2027-02-05"])
            #expect(
                plain.exitCode == 0 && plain.stdout.contains("Sun 7 Feb\n") && !plain.stdout.contains("설날"), "\(plain)")
            try "[holidays]\ncountry = \"KR\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            #expect(try english.kitctl(["reload"]).exitCode == 0)
            let marked = try english.kitctl(["agenda", "2027-02-05"])
            #expect(marked.stdout.contains("Sun 7 Feb  설날"), "\(marked)")
        }
    }
}
