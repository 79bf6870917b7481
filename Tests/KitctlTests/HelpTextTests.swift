import ArgumentParser
import Testing

@testable import kitctl

@Suite("Korean help, wrapped again by display width")
struct HelpTextTests {
    /// `task --help`'s WHEN paragraph in Korean: ArgumentParser breaks it where a word would end
    /// on the last column, which a join that wanted the word to pass that column missed.
    static let paragraph =
        "WHEN: 내일 오전 9시, 금요일 오후 3시 반, 다음 주 월요일, 3월 14일, 30분 후, 18:00, 6pm, tomorrow 9:00, next fri, in 2h, 2026-11-25 18:00, 또는 날짜만 2026-11-25 (종일, 설정한 시각에). 규칙에 들지 않는 마감은 그 뒤 규칙의 첫날로 옮기고, kitctl이 그렇게 알려 줍니다."

    struct Sample: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sample", abstract: "짧은 개요.", discussion: HelpTextTests.paragraph,
            subcommands: [Run.self, Status.self], defaultSubcommand: Run.self)
    }

    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "동기화 명령(설정의 [sync] command)을 지금 돌리고, 끝나기를 기다려 결과를 출력합니다. 실패하면 그 까닭을 알려 줍니다.")
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "kitd가 관리하는 vdir, 그 안에서 받아들이지 못한 파일, 해결한 충돌을 보여 줍니다; 파일마다 까닭과 함께.")
    }

    /// The help at `columns`, as kitctl shows it under ko_KR: " (default) " translated and padded
    /// to the English one's cells, as `HelpText.localized` does, then fitted.
    static func help(columns: Int) -> (argumentParser: String, fitted: String) {
        let raw = Sample.helpMessage(columns: columns).replacing(" (default) ", with: " (기본)    ")
        return (raw, HelpText.fitted(raw, columns: columns))
    }

    @Test(
        "every wrapped line is as full as it can be, at most the terminal's width, and keeps every word, at widths 60 to 100"
    )
    func greedyAndWhole() throws {
        for columns in 60...100 {
            let (raw, fitted) = Self.help(columns: columns)
            #expect(Self.words(fitted) == Self.words(raw), "columns \(columns)")
            let lines = fitted.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for line in lines where !line.hasPrefix("USAGE:") {
                #expect(DisplayWidth.of(line) <= columns, "columns \(columns): \(line)")
            }
            // The paragraph's lines, between OVERVIEW's blank line and USAGE's.
            let start = try #require(lines.firstIndex { $0.hasPrefix("WHEN:") })
            let end = try #require(lines[start...].firstIndex { $0.isEmpty })
            for (line, next) in zip(lines[start..<end - 1], lines[start + 1..<end]) {
                let word = next.split(separator: " ").first.map(String.init) ?? ""
                #expect(
                    DisplayWidth.of(line) + 1 + DisplayWidth.of(word) > columns,
                    "columns \(columns): '\(word)' fits after \(line)")
            }
        }
    }

    @Test("a subcommand's description after a translated (default) mark hangs in the description column")
    func translatedDefaultMark() throws {
        let (_, fitted) = Self.help(columns: 80)
        let lines = fitted.split(separator: "\n").map(String.init)
        let run = try #require(lines.firstIndex { $0.hasPrefix("  run (기본)") })
        #expect(DisplayWidth.of(String(lines[run].prefix { $0 != "동" })) == 26, "\(lines[run])")
        let status = try #require(lines.firstIndex { $0.hasPrefix("  status") })
        #expect(status > run + 1, "the description wraps: \(fitted)")
        for line in lines[run + 1..<status] {
            #expect(line.prefix { $0 == " " }.count == 26, "\(line)")
        }
    }

    private static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" })
    }
}
