import Foundation
import KitCore
import KitTestValues
import Testing

/// KASI's months, 1900-2050, from `Data/kasi-lunar-months.tsv` (see its first line and
/// `scripts/kasi-lunar-months.py`).
enum KASITable {
    static let months = LunarTableFile.months("kasi-lunar-months.tsv")

    /// The Gregorian date of a lunar date in KASI's table, nil when the table lacks it.
    static func date(year: Int, month: Int, isLeap: Bool = false, day: Int) -> CivilDate? {
        guard let found = months.first(where: { $0.year == year && $0.number == month && $0.isLeap == isLeap }),
            day <= found.days
        else { return nil }
        return found.first.adding(days: day - 1)
    }
}

/// A lunar calendar's months as the test data holds them: one line per month.
enum LunarTableFile {
    struct Month: Equatable, CustomStringConvertible {
        var year: Int
        var number: Int
        var isLeap: Bool
        var first: CivilDate
        var days: Int
        var description: String { "\(year) \(isLeap ? "윤" : "")\(number)월 from \(first.iso8601), \(days) days" }
    }

    static func months(_ name: String) -> [Month] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Data/" + name)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { fatalError("cannot read \(url.path)") }
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), !line.hasPrefix("lunar_year") else { return nil }
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 5, let year = Int(fields[0]), let number = Int(fields[1]), let days = Int(fields[4]),
                let first = try? CivilDate.parseWritten(fields[3])
            else { fatalError("bad line in \(name): \(line)") }
            return Month(year: year, number: number, isLeap: fields[2] == "1", first: first, days: days)
        }
    }

    /// `calendar`'s months of `years`, in the file's form.
    static func months(of calendar: LunarCalendar, _ years: ClosedRange<Int>) -> [Month] {
        years.flatMap { year in
            calendar.months(ofYear: year).map {
                Month(year: year, number: $0.number, isLeap: $0.isLeap, first: $0.first, days: $0.days)
            }
        }
    }
}

@Suite("The Korean lunar calendar, held to KASI's tables")
struct LunarCalendarTests {
    let dangi = LunarCalendar.dangi

    @Test("every month from 1900 to 2050 starts on KASI's day and has KASI's length, leap months included")
    func everyMonth() {
        let table = KASITable.months
        #expect(table.count == 1868)
        let kit = LunarTableFile.months(of: .dangi, 1900...2050)
        #expect(kit.count == table.count)
        for (mine, theirs) in zip(kit, table) where mine != theirs {
            Issue.record("kit has \(mine), KASI \(theirs)")
        }
    }

    @Test("China's calendar is the Hong Kong Observatory's, every month from 1900 to 2100")
    func everyChineseMonth() {
        let table = LunarTableFile.months("chinese-lunar-months.tsv")
        let kit = LunarTableFile.months(of: .chinese, 1900...2100)
        #expect(kit.count == table.count && table.count == 2486)
        for (mine, theirs) in zip(kit, table) where mine != theirs {
            Issue.record("kit has \(mine), the table \(theirs)")
        }
    }

    @Test("every 설날 and 추석 from 1900 to 2050 is KASI's")
    func newYearsAndChuseok() {
        for year in 1900...2050 {
            #expect(dangi.date(LunarDate(year: year, month: 1, day: 1)) == KASITable.date(year: year, month: 1, day: 1))
            #expect(
                dangi.date(LunarDate(year: year, month: 8, day: 15)) == KASITable.date(year: year, month: 8, day: 15))
        }
        #expect(dangi.date(LunarDate(year: 2027, month: 1, day: 1)) == CivilDate(year: 2027, month: 2, day: 7))
        #expect(dangi.date(LunarDate(year: 2027, month: 8, day: 15)) == CivilDate(year: 2027, month: 9, day: 15))
    }

    @Test("every day from lunar 1900 to 2100 reads back as the lunar date it came from")
    func roundTrip() throws {
        let first = try #require(dangi.date(LunarDate(year: 1900, month: 1, day: 1)))
        let last = try #require(dangi.months(ofYear: 2100).last)
        var day = first
        var previous: LunarDate?
        while day < last.first.adding(days: last.days) {
            let lunar = try #require(dangi.lunarDate(of: day), "\(day)")
            #expect(dangi.date(lunar) == day)
            if let previous, lunar.day != 1 { #expect(lunar.day == previous.day + 1) }
            previous = lunar
            day = day.adding(days: 1)
        }
        #expect(dangi.lunarDate(of: first.adding(days: -1)) == nil)
        #expect(dangi.lunarDate(of: day) == nil)
    }

    @Test("Korea and China differ where KASI says: 2017 has 윤5월 in Korea and a leap sixth month in China")
    func koreaAndChina() {
        #expect(LunarCalendar.dangi.leapMonth(ofYear: 2017) == 5)
        #expect(LunarCalendar.chinese.leapMonth(ofYear: 2017) == 6)
        #expect(LunarCalendar.dangi.leapMonth(ofYear: 2033) == 11)
        #expect(LunarCalendar.dangi.leapMonth(ofYear: 2027) == nil)
        // 2028: China's new year is a day before Korea's.
        #expect(
            LunarCalendar.chinese.date(LunarDate(year: 2028, month: 1, day: 1))
                == CivilDate(year: 2028, month: 1, day: 26))
        #expect(
            LunarCalendar.dangi.date(LunarDate(year: 2028, month: 1, day: 1))
                == CivilDate(year: 2028, month: 1, day: 27))
    }

    @Test("a date a year lacks moves as RFC 7529's SKIP says, and without a skip it does not exist")
    func skip() {
        // 음력 2027년 3월 has 29 days; 2028's 5월 is followed by 윤5월, 2027 has no leap month.
        let thirtieth = LunarDate(year: 2027, month: 3, day: 30)
        #expect(dangi.date(thirtieth) == nil)
        #expect(dangi.date(thirtieth, skip: .omit) == nil)
        #expect(dangi.date(thirtieth, skip: .backward) == CivilDate(year: 2027, month: 5, day: 5))
        #expect(dangi.date(thirtieth, skip: .forward) == KASITable.date(year: 2027, month: 4, day: 1))
        let leap = LunarDate(year: 2027, month: 6, isLeap: true, day: 1)
        #expect(dangi.date(leap, skip: .omit) == nil)
        #expect(dangi.date(leap, skip: .backward) == KASITable.date(year: 2027, month: 6, day: 1))
        #expect(dangi.date(leap, skip: .forward) == KASITable.date(year: 2027, month: 7, day: 1))
        // 2028 has 윤5월: the sixth month after it is the plain 6월.
        #expect(
            dangi.date(LunarDate(year: 2028, month: 6, isLeap: true, day: 1), skip: .backward)
                == KASITable.date(year: 2028, month: 6, day: 1))
        #expect(
            dangi.date(LunarDate(year: 2028, month: 5, isLeap: true, day: 1), skip: .backward)
                == CivilDate(year: 2028, month: 6, day: 23))
    }

    @Test("outside 1900-2100 there is no lunar date, never a guess")
    func outside() {
        #expect(dangi.months(ofYear: 1899).isEmpty)
        #expect(dangi.months(ofYear: 2101).isEmpty)
        #expect(dangi.date(LunarDate(year: 2101, month: 1, day: 1), skip: .backward) == nil)
        #expect(dangi.lunarDate(of: CivilDate(year: 1899, month: 12, day: 31)) == nil)
        #expect(dangi.date(LunarDate(year: 2027, month: 13, day: 1), skip: .backward) == nil)
    }
}
