import KitCore
import Testing

@Suite("Reading repeat rules in Korean")
struct KoreanRepeatTests {
    @Test(
        "each Korean rule is the RRULE its English form gives",
        arguments: [
            ("매일", "daily"), ("매주", "weekly"), ("매주 화요일", "weekly on tue"), ("매주 화·목", "weekly on tue,thu"),
            ("매주 화,목", "weekly on tue,thu"), ("매주 월,수,금", "weekly on mon,wed,fri"),
            ("매주 월수금", "weekly on mon,wed,fri"), ("매주 화요일과 목요일", "weekly on tue,thu"),
            ("화요일마다", "weekly on tue"), ("평일", "weekdays"), ("매주 평일", "weekdays"),
            ("주말", "weekly on sat,sun"), ("주말마다", "weekly on sat,sun"), ("평일마다", "weekdays"),
            ("격주", "every 2 weeks"), ("격주 화요일", "every 2 weeks on tue"),
            ("3주마다", "every 3 weeks"), ("2주마다 월요일", "every 2 weeks on mon"), ("이틀마다", "every 2 days"),
            ("사흘마다", "every 3 days"), ("5일마다", "every 5 days"), ("매월", "monthly"), ("매달", "monthly"),
            ("매월 10일", "monthly on day 10"), ("매달 10일", "monthly on day 10"), ("매월 말일", "monthly on the last day"),
            ("매월 마지막 날", "monthly on the last day"), ("매월 셋째 수요일", "monthly on the 3rd wed"),
            ("매월 마지막 금요일", "monthly on the last fri"), ("격월", "every 2 months"), ("6개월마다", "every 6 months"),
            ("매년", "yearly"), ("2년마다", "every 2 years"), ("매시간", "hourly"), ("3시간마다", "every 3 hours"),
            ("매일 10번", "daily for 10 times"), ("매주 화요일, 2027-01-31까지", "weekly on tue until 2027-01-31"),
            ("매일 2027년 1월 31일까지", "daily until 2027-01-31"),
        ])
    func sameAsEnglish(korean: String, english: String) throws {
        #expect(try Recurrence.parse(korean).rrule == Recurrence.parse(english).rrule)
    }

    @Test("매년 5월 8일 repeats on that month and day")
    func yearlyOnDate() throws {
        #expect(try Recurrence.parse("매년 5월 8일").rrule == "FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=8")
        #expect(try Recurrence.parse("매년 오월 팔일").rrule == "FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=8")
    }

    @Test(
        "refuses what is no rule, saying why",
        arguments: [
            ("매주 사과", "cannot read"), ("사과", "cannot read"), ("매월 40일", "not a day of the month"),
            ("0일마다", "give a number from 1"), ("매일 내일까지", "give the last date with its year"),
        ])
    func refuses(text: String, message: String) {
        #expect {
            try Recurrence.parse(text)
        } throws: { error in
            (error as? KitError)?.message.contains(message) == true
        }
    }
}

@Suite("Repeat rules said back in Korean")
struct KoreanRuleTextTests {
    @Test(
        "each rule is said in Korean, and that reads back as the same rule",
        arguments: [
            ("daily", "매일"), ("every 3 days", "3일마다"), ("weekly", "매주"), ("weekly on tue,thu", "매주 화·목"),
            ("weekdays", "평일"), ("weekly on sat,sun", "주말"), ("every 2 weeks", "격주"),
            ("every 3 weeks on mon", "3주마다 월요일"), ("monthly", "매월"), ("monthly on day 10", "매월 10일"),
            ("monthly on the last day", "매월 말일"), ("monthly on the 3rd wed", "매월 셋째 수요일"),
            ("monthly on the last fri", "매월 마지막 금요일"), ("every 6 months", "6개월마다"), ("yearly", "매년"),
            ("every 2 years", "2년마다"), ("hourly", "매시간"), ("daily for 10 times", "매일 10번"),
            ("weekly on tue until 2027-01-31", "매주 화요일 2027-01-31까지"),
        ])
    func saidInKorean(english: String, korean: String) throws {
        let anchor = CivilDate(year: 2026, month: 11, day: 24)
        let rule = try Recurrence.parse(english)
        #expect(rule.koreanText(anchor: anchor) == korean)
        #expect(try Recurrence.parse(korean).rrule == rule.rrule)
    }

    @Test("a rule only an RRULE can say has no Korean text either")
    func onlyRRULE() throws {
        let rule = try Recurrence.parseRRULE("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")
        #expect(rule.koreanText(anchor: CivilDate(year: 2026, month: 11, day: 30)) == nil)
    }
}
