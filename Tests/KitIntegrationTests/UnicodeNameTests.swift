import Foundation
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    @Suite("Names in any Unicode normalisation")
    struct UnicodeNameTests {
        /// 신라면 as a Mac keyboard or a pasted file may give it: nine jamo, not three syllables.
        static let shinNFD = "\u{1109}\u{1175}\u{11AB}\u{1105}\u{1161}\u{1106}\u{1167}\u{11AB}"

        @Test("an NFD name finds 신라면, and two stopwatch names that differ only in normalisation are one name")
        func nfdNames() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let shown = try kit.kitctl(["ramen", "show", Self.shinNFD])
            #expect(shown.exitCode == 0, "\(shown)")
            #expect(shown.stdout.contains("신라면"))
            #expect(try kit.kitctl(["sw", "new", "cafe\u{0301}"]).exitCode == 0)
            let again = try kit.kitctl(["sw", "new", "caf\u{00E9}"])
            #expect(again.exitCode == 2, "\(again)")
            let list = try kit.kitctlJSON(["sw", "list"], as: StopwatchListResult.self)
            #expect(list.stopwatches.map(\.name) == ["caf\u{00E9}"])
        }

        /// Cells a terminal gives these rows' characters, written out here from Unicode's East
        /// Asian Width data (Hangul syllables and ☕ 🚀 are wide), not from kitctl's code.
        static func cells(_ text: Substring) -> Int {
            text.unicodeScalars.reduce(0) { total, scalar in
                let wide = (0xAC00...0xD7A3).contains(scalar.value) || scalar == "☕" || scalar == "🚀"
                return total + (wide ? 2 : 1)
            }
        }

        @Test("a table with emoji and Hangul names lines up, by display width")
        func columnsLineUp() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            for name in ["☕ break", "🚀 launch", "신라면 타이머", "plain"] {
                #expect(try kit.kitctl(["sw", "new", name]).exitCode == 0)
            }
            let table = try kit.kitctl(["sw", "list"])
            let rows = table.stdout.split(separator: "\n").dropFirst()
            #expect(rows.count == 4, "\(table)")
            let columns = rows.compactMap { row in row.range(of: "stopped").map { Self.cells(row[..<$0.lowerBound]) } }
            #expect(columns.count == 4 && Set(columns).count == 1, "STATE starts at cells \(columns):\n\(table.stdout)")
        }
    }
}
