import KitCore
import KitTestValues
import Testing

@Suite("Days said to options that take a date, behind and ahead")
struct SaidDayTests {
    /// Thursday 2026-11-26.
    static let today = CivilDate(year: 2026, month: 11, day: 26)

    @Test(
        "the Korean day words --due reads, and those behind today, name the day meant",
        arguments: [
            ("오늘", CivilDate(year: 2026, month: 11, day: 26)), ("어제", CivilDate(year: 2026, month: 11, day: 25)),
            ("그저께", CivilDate(year: 2026, month: 11, day: 24)), ("내일", CivilDate(year: 2026, month: 11, day: 27)),
            ("모레", CivilDate(year: 2026, month: 11, day: 28)), ("사흘 전", CivilDate(year: 2026, month: 11, day: 23)),
            ("일주일 전", CivilDate(year: 2026, month: 11, day: 19)),
            ("지난주 금요일", CivilDate(year: 2026, month: 11, day: 20)),
            ("지난 금요일", CivilDate(year: 2026, month: 11, day: 20)),
            ("지난 목요일", CivilDate(year: 2026, month: 11, day: 19)),
            ("월요일", CivilDate(year: 2026, month: 11, day: 23)), ("다음 주 월요일", CivilDate(year: 2026, month: 11, day: 30)),
            ("3월 14일", CivilDate(year: 2026, month: 3, day: 14)),
            ("2025년 3월 14일", CivilDate(year: 2025, month: 3, day: 14)),
            ("추석", CivilDate(year: 2026, month: 9, day: 25)), ("음력 3월 14일", CivilDate(year: 2026, month: 4, day: 30)),
            ("yesterday", CivilDate(year: 2026, month: 11, day: 25)),
            ("tomorrow", CivilDate(year: 2026, month: 11, day: 27)),
        ])
    func reads(text: String, day: CivilDate) throws {
        #expect(try SaidDay.parse(text, today: Self.today) == day)
    }

    @Test("no day is nil (a title stays a title), and a day that does not exist is refused")
    func nonsense() throws {
        #expect(try SaidDay.parse("첫눈", today: Self.today) == nil)
        #expect(try SaidDay.parse("2026-11-25", today: Self.today) == nil)
        #expect(throws: KitError.self) { try SaidDay.parse("2월 30일", today: Self.today) }
        #expect(try DiaryWhen.parse("어제", today: Self.today).day == CivilDate(year: 2026, month: 11, day: 25))
        #expect(try DiaryRef.parse("그저께", today: Self.today) == .day(CivilDate(year: 2026, month: 11, day: 24)))
        #expect(try DiaryRef.parse("첫눈", today: Self.today) == .title("첫눈"))
        // A text no day is that long is not read at all (kitd reads a diary's date from any client).
        #expect(try SaidDay.parse(String(repeating: "어제", count: 500_000), today: Self.today) == nil)
    }
}
