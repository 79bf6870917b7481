import Foundation
import KitCore
import Testing

@Suite("Korea's public holidays")
struct KoreanHolidaysTests {
    /// `Data/kr-holidays-2027-2031.tsv`: the law's list, substitutes and elections included.
    static let expected: [(String, String)] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Data/kr-holidays-2027-2031.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { fatalError("cannot read \(url.path)") }
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), !line.hasPrefix("date\t") else { return nil }
            let fields = line.split(separator: "\t").map(String.init)
            return (fields[0], fields[1])
        }
    }()

    @Test("2027 to 2031 are the law's list, 설 and 추석 on KASI's days, with every substitute holiday")
    func lawsList() throws {
        for year in 2027...2031 {
            let listed = try KoreanHolidays.list(year: year).map { ($0.date.iso8601, $0.name) }
            let wanted = Self.expected.filter { $0.0.hasPrefix("\(year)-") }
            #expect(listed.map { "\($0.0) \($0.1)" } == wanted.map { "\($0.0) \($0.1)" }, "\(year)")
        }
    }

    @Test("every year to 2100 has 설 and 추석 three days each, and a substitute is never a weekend or a holiday")
    func substitutesAreWorkdays() throws {
        for year in KoreanHolidays.years {
            let list = try KoreanHolidays.list(year: year)
            #expect(list.filter { $0.name.hasPrefix("설날") }.count == 3, "\(year)")
            #expect(list.filter { $0.name.hasPrefix("추석") }.count == 3, "\(year)")
            let holidays = Set(list.filter { $0.kind != .substitute }.map(\.date))
            for substitute in list where substitute.kind == .substitute {
                #expect(![.saturday, .sunday].contains(substitute.date.weekday), "\(substitute)")
                #expect(!holidays.contains(substitute.date), "\(substitute)")
            }
        }
    }

    @Test("years the law of 2026 does not describe are refused, saying why")
    func refusesOtherYears() {
        for year in [2025, 1999, 2101] {
            #expect(throws: KitError.self) { try KoreanHolidays.list(year: year) }
        }
    }
}
