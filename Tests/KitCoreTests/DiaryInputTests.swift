import KitCore
import Testing

@Suite("Diary dates, months, references and fields")
struct DiaryInputTests {
    let today = CivilDate(year: 2026, month: 11, day: 22)

    @Test("--date takes a day, a day and a time, today and yesterday")
    func dates() throws {
        #expect(
            try DiaryWhen.parse("2025-11-22", today: today)
                == DiaryWhen(day: CivilDate(year: 2025, month: 11, day: 22), time: nil))
        #expect(
            try DiaryWhen.parse("2024-02-29 21:30", today: today)
                == DiaryWhen(day: CivilDate(year: 2024, month: 2, day: 29), time: TimeOfDay(hour: 21, minute: 30)))
        #expect(try DiaryWhen.parse("yesterday", today: today).day == CivilDate(year: 2026, month: 11, day: 21))
    }

    @Test("a date that does not exist is refused with the length of its month")
    func impossibleDate() {
        #expect {
            try DiaryWhen.parse("2026-02-30", today: today)
        } throws: { error in
            "\(error)".contains("2026-02 has 28 days")
        }
        #expect(throws: KitError.self) { try DiaryRef.parse("2026-02-30", today: today) }
        #expect(throws: KitError.self) { try DiaryWhen.parse("last week", today: today) }
    }

    @Test("a reference is an id, a date or a title")
    func references() throws {
        #expect(try DiaryRef.parse("#12", today: today) == .id(12))
        #expect(try DiaryRef.parse("2026-11-20", today: today) == .day(CivilDate(year: 2026, month: 11, day: 20)))
        #expect(try DiaryRef.parse("today", today: today) == .day(today))
        #expect(try DiaryRef.parse("Rain by the river", today: today) == .title("Rain by the river"))
    }

    @Test("a month is YYYY-MM and ends at the first of the next")
    func months() throws {
        let month = try DiaryMonth.parse("2026-12")
        #expect(
            month.first == CivilDate(year: 2026, month: 12, day: 1)
                && month.end == CivilDate(year: 2027, month: 1, day: 1))
        #expect(throws: KitError.self) { try DiaryMonth.parse("2026-13") }
        #expect(throws: KitError.self) { try DiaryMonth.parse("November") }
    }

    @Test("on 28 February of a common year, 29 February counts as this day too")
    func leapDay() {
        #expect(OnThisDay.monthDays(of: CivilDate(year: 2027, month: 2, day: 28)) == ["02-28", "02-29"])
        #expect(OnThisDay.monthDays(of: CivilDate(year: 2028, month: 2, day: 28)) == ["02-28"])
    }

    @Test("fields read key=value; later keys replace earlier ones")
    func fields() throws {
        #expect(try DiaryField.parse(" steps = 8000 ") == DiaryField(key: "steps", value: "8000"))
        #expect(try DiaryField.parse("note=a=b").value == "a=b")
        #expect(throws: KitError.self) { try DiaryField.parse("no equals") }
        #expect(throws: KitError.self) { try DiaryField.parse("=value") }
        let merged = DiaryField.merged([
            .init(key: "a", value: "1"), .init(key: "b", value: "2"), .init(key: "A", value: "3"),
        ])
        #expect(merged == [.init(key: "A", value: "3"), .init(key: "b", value: "2")])
    }

    @Test("suggestions find titles that contain the words or are a typo away")
    func suggestions() {
        let titles = ["shopping list", "회의 메모", "reading notes"]
        #expect(Suggestions.closest(to: "shoping", among: titles) == ["shopping list"])
        #expect(Suggestions.closest(to: "회의", among: titles) == ["회의 메모"])
        #expect(Suggestions.closest(to: "zzzzzz", among: titles).isEmpty)
    }
}
