/// Due times as Korean is written, read into the same `WhenExpression` the English forms give:
/// `내일 오전 9시`, `금요일 오후 3시 반`, `다음 주 월요일`, `3월 14일`, `5월 둘째 토요일`, `다음 달 말일`,
/// `45분 후`, `어린이날`, `세 시 십 분 전`. Spaces are optional; the text is read in NFC.
///
/// The future is preferred: a time alone that has passed today means tomorrow, a weekday the
/// next one, a month and day without a year the next one. An hour with neither 오전/오후 nor a
/// part of the day (`세 시`) is the sooner of its two readings still ahead; digits with a colon
/// (`15:30`) keep the 24-hour reading. A date without a time is all day.
enum KoreanWhen {
    static let examples = "내일 오전 9시, 금요일 오후 3시 반, 다음 주 월요일, 3월 14일, 30분 후"

    static func parse(_ original: String) throws(KitError) -> WhenExpression {
        let text = KoreanText.compact(original)
        let unreadable = KitError.invalidArgument(
            "cannot read '\(original)' as a due time; try \(examples) (or \(WhenExpression.examplesText))"
        )
        try refusePast(text, original: original)
        if let offset = try offset(text, original: original) { return offset }
        // The first reading that takes the whole text (a day, a time, or both). An hour that does
        // not go with its part of the day (오후 15시, 저녁 3시) has no reading: it is unreadable.
        for (day, afterDay) in try lunarDays(text, original: original) + days(text) {
            for (clock, end) in clocks(text, at: afterDay) where endsWithParticle(text, from: end) {
                guard day != nil || clock != nil else { continue }
                return try build(day, clock, original: original)
            }
        }
        throw unreadable
    }

    // MARK: Days

    static let relativeDays: [(String, WhenExpression.Day)] = [
        ("내일모레", .inDays(2)), ("오늘", .today), ("금일", .today), ("내일", .tomorrow), ("낼", .tomorrow),
        ("모레", .inDays(2)), ("글피", .inDays(3)),
        // A week or a weekend alone: its first day (Monday, Saturday).
        ("다다음주", .weekOf(weeks: 2, .monday)), ("다음주말", .weekOf(weeks: 1, .saturday)),
        ("다음주", .weekOf(weeks: 1, .monday)), ("담주", .weekOf(weeks: 1, .monday)),
        ("이번주말", .weekOf(weeks: 0, .saturday)), ("주말", .weekday(.saturday)),
    ]

    /// The hour a part of the day said alone stands for: `내일 아침` is 08:00, `모레 점심` 12:00.
    static let partHours: [(String, Int)] = [
        ("새벽", 5), ("아침", 8), ("오전", 9), ("점심", 12), ("낮", 13), ("오후", 15), ("저녁", 18), ("밤", 21),
    ]

    /// Days with a fixed date, as month and day.
    static let holidays: [(String, Int, Int)] = [
        ("크리스마스이브", 12, 24), ("크리스마스", 12, 25), ("성탄절", 12, 25), ("삼일절", 3, 1), ("어린이날", 5, 5),
        ("어버이날", 5, 8), ("현충일", 6, 6), ("제헌절", 7, 17), ("광복절", 8, 15), ("개천절", 10, 3), ("한글날", 10, 9),
        ("신정", 1, 1), ("새해첫날", 1, 1), ("노동절", 5, 1), ("근로자의날", 5, 1), ("기독탄신일", 12, 25),
    ]

    static let weekWords: [(String, Int)] = [("다다음주", 2), ("다음주", 1), ("담주", 1), ("이번주", 0), ("금주", 0)]
    static let monthWords: [(String, Int)] = [("다다음달", 2), ("다음달", 1), ("담달", 1), ("이번달", 0), ("이달", 0)]
    static let yearWords: [(String, Int)] = [("내후년", 2), ("후년", 2), ("올해", 0), ("금년", 0), ("내년", 1)]
    static let ordinals: [(String, Int)] = [
        ("첫번째", 1), ("첫째", 1), ("첫", 1), ("두번째", 2), ("둘째", 2), ("세번째", 3), ("셋째", 3), ("네번째", 4),
        ("넷째", 4), ("다섯번째", 5), ("다섯째", 5), ("마지막", -1),
    ]

    /// Every way a day can be read at the start, and where each ends; no day at all comes last.
    static func days(_ text: [Character]) -> [(WhenExpression.Day?, Int)] {
        var found: [(WhenExpression.Day?, Int)] = []
        var cursor = KoreanCursor(text)
        for (word, day) in relativeDays {
            cursor.position = 0
            if cursor.take(word) { found.append((day, cursor.position)) }
        }
        for (word, month, day) in holidays {
            cursor.position = 0
            if cursor.take(word) { found.append((.dayIn(.month(month), day: day), cursor.position)) }
        }
        found += englishDays(text)
        // 이번 주 금요일, 다음 주 월요일, 다음 금요일, 이번 금요일, 금요일.
        for (word, weeks) in weekWords {
            cursor.position = 0
            if cursor.take(word), let weekday = weekday(&cursor) {
                found.append((.weekOf(weeks: weeks, weekday), cursor.position))
            }
        }
        cursor.position = 0
        if cursor.take("다음"), let weekday = weekday(&cursor) { found.append((.nextWeekday(weekday), cursor.position)) }
        cursor.position = 0
        if cursor.take("이번"), let weekday = weekday(&cursor) { found.append((.weekday(weekday), cursor.position)) }
        cursor.position = 0
        if let weekday = weekday(&cursor) { found.append((.weekday(weekday), cursor.position)) }
        for (day, end) in dates(text) {
            found.append((day, end))
            cursor.position = end
            if let weekday = weekday(&cursor) { found.append((.said(day, weekday), cursor.position)) }
        }
        found.append((nil, 0))
        return found
    }

    /// The English reader's day words before a Korean time (`tomorrow 오후 3시`, `fri 오후 3시`,
    /// `next mon 아침`, `today at 오후 2시`), as a Korean day may come before an English time
    /// (`내일 3pm`).
    static func englishDays(_ text: [Character]) -> [(WhenExpression.Day?, Int)] {
        var cursor = KoreanCursor(text)
        for (word, day) in englishDayWords {
            cursor.position = 0
            guard cursor.take(word) else { continue }
            let end = cursor.position
            return cursor.take("at") ? [(day, end), (day, cursor.position)] : [(day, end)]
        }
        return []
    }

    /// The English reader's words for a day: `next fri` before `fri` (spaces are compacted out).
    private static let englishDayWords: [(String, WhenExpression.Day)] =
        [("tomorrow", .tomorrow), ("today", .today)]
        + Weekday.typedNames.map { ("next" + $0.0, .nextWeekday($0.1)) }
        + Weekday.typedNames.map { ($0.0, .weekday($0.1)) }

    /// The 음력 days at the start: `음력 3월 14일`, `2027년 음력 윤6월 1일`, `음력 2027년 3월 14일`,
    /// `설날`, `추석 전날`; and where each ends.
    static func lunarDays(_ text: [Character], original: String) throws(KitError) -> [(WhenExpression.Day, Int)] {
        var found: [(WhenExpression.Day, Int)] = []
        var cursor = KoreanCursor(text)
        for (word, month, day, shift) in KoreanLunar.holidays {
            cursor.position = 0
            guard cursor.take(word) else { continue }
            let lunar = WhenExpression.Day.lunar(.init(month: month, day: day))
            found.append((shift == 0 ? lunar : .shifted(lunar, days: shift), cursor.position))
        }
        // 설 alone: the word is also a prefix of others (설거지), so only the whole text.
        if text == ["설"] { found.append((.lunar(.init(month: 1, day: 1)), 1)) }
        // The year may come before 음력 or after it.
        for (yearBefore, afterYear) in years(text) {
            cursor.position = afterYear
            guard cursor.take("음력") else { continue }
            let afterLunar = cursor.position
            var yearsAfter: [(WhenExpression.YearRef?, Int)] = [(nil, afterLunar)]
            if yearBefore == nil {
                yearsAfter = years(Array(text[afterLunar...])).map { ($0.0, $0.1 + afterLunar) }
            }
            for (yearAfter, start) in yearsAfter {
                cursor.position = start
                guard let (month, isLeap, day) = try KoreanLunar.monthDay(&cursor, original: original) else { continue }
                let lunar = WhenExpression.LunarDay(
                    year: yearBefore ?? yearAfter, month: month, isLeap: isLeap, day: day)
                found.append((.lunar(lunar), cursor.position))
            }
        }
        return found
    }

    /// `월요일` … `일요일`.
    static func weekday(_ cursor: inout KoreanCursor) -> Weekday? {
        for weekday in Weekday.allCases where cursor.take(weekday.koreanName) { return weekday }
        return nil
    }

    /// Dates: `2027년 3월 14일`, `3월 14일`, `14일`, `다음 달 14일`, `5월 둘째 토요일`, `마지막 금요일`,
    /// `2월 마지막 날`, `다음 달 말일`, and in digits `2027-03-14`, `2027/3/14`, `3/14`.
    static func dates(_ text: [Character]) -> [(WhenExpression.Day, Int)] {
        var found = digitDates(text)
        for (year, afterYear) in years(text) {
            for (month, afterMonth) in months(text, at: afterYear) {
                guard year == nil || month != nil else { continue }
                let ref: WhenExpression.MonthRef
                switch (year, month) {
                case (let year?, .month(let number)?): ref = .yearMonth(year, number)
                case (nil, let month?): ref = month
                case (nil, nil): ref = .soonest
                default: continue
                }
                var cursor = KoreanCursor(text)
                // 14일, 십사일.
                for number in KoreanNumber.readings(in: text, at: afterMonth) where number.system != .native {
                    cursor.position = number.end
                    guard let day = number.integer, (1...31).contains(day), cursor.take("일") else { continue }
                    // 2027년 3월 14일 is a date of its own; 일요일 after 14 is not 14일 + 요일.
                    guard !cursor.sees("요일") else { continue }
                    if case (.year(let year)?, .month(let number)?) = (year, month) {
                        let date = CivilDate(year: year, month: number, day: day)
                        if date.isValid { found.append((.date(date), cursor.position)) }
                    } else {
                        found.append((.dayIn(ref, day: day), cursor.position))
                    }
                }
                // 말일, 마지막 날, 마지막날.
                cursor.position = afterMonth
                if month != nil || afterMonth == 0, cursor.take(anyOf: ["마지막날", "말일"]) != nil {
                    found.append((.lastDay(ref), cursor.position))
                }
                // 둘째 토요일, 마지막 금요일.
                for (word, n) in ordinals {
                    cursor.position = afterMonth
                    if cursor.take(word), let weekday = weekday(&cursor) {
                        found.append((.nthWeekday(ref, n: n, weekday), cursor.position))
                    }
                }
            }
        }
        return found
    }

    /// A year, if one is said, and where it ends: `2027년`, `이천이십칠년`, `올해`, `내년`.
    static func years(_ text: [Character]) -> [(WhenExpression.YearRef?, Int)] {
        var found: [(WhenExpression.YearRef?, Int)] = []
        var cursor = KoreanCursor(text)
        for (word, years) in yearWords {
            cursor.position = 0
            if cursor.take(word) { found.append((.fromThis(years), cursor.position)) }
        }
        for number in KoreanNumber.readings(in: text, at: 0) where number.system != .native {
            cursor.position = number.end
            if let year = number.integer, CivilDate.supportedYears.contains(year), cursor.take("년") {
                found.append((.year(year), cursor.position))
            }
        }
        found.append((nil, 0))
        return found
    }

    /// A month, if one is said, and where it ends: `3월`, `삼월`, `이번 달`, `다음 달`.
    private static func months(_ text: [Character], at start: Int) -> [(WhenExpression.MonthRef?, Int)] {
        var found: [(WhenExpression.MonthRef?, Int)] = []
        var cursor = KoreanCursor(text)
        for (word, months) in monthWords {
            cursor.position = start
            if cursor.take(word) { found.append((.fromThis(months), cursor.position)) }
        }
        for number in KoreanNumber.readings(in: text, at: start) where number.system != .native {
            cursor.position = number.end
            // 유월 and 시월 are how 6월 and 10월 are said.
            if let month = number.integer, (1...12).contains(month), cursor.take("월") {
                found.append((.month(month), cursor.position))
            }
        }
        for (word, month) in [("유월", 6), ("시월", 10)] {
            cursor.position = start
            if cursor.take(word) { found.append((.month(month), cursor.position)) }
        }
        found.append((nil, start))
        return found
    }

    /// `2027-03-14`, `2027-3-14`, `2027.03.14`, `2027. 3. 14.`, `2027/3/14`, and without a year
    /// `3/14` (the next March 14) at the start.
    private static func digitDates(_ text: [Character]) -> [(WhenExpression.Day, Int)] {
        let whole = String(text)
        if let written = CivilDate.writtenPrefix(Substring(whole), bounded: false) {
            let date = CivilDate(year: written.year, month: written.month, day: written.day)
            return date.isValid ? [(.date(date), text.count - written.rest.count)] : []
        }
        let run = text.prefix { $0.isASCII && ($0.isNumber || $0 == "/") }
        let fields = run.split(separator: "/", omittingEmptySubsequences: false).map { Int(String($0)) }
        guard fields.count == 2, let month = fields[0], let day = fields[1], (1...12).contains(month),
            (1...31).contains(day)
        else { return [] }
        return [(.dayIn(.month(month), day: day), run.count)]
    }

    // MARK: Times

    /// A time of day as said.
    enum Clock: Equatable {
        case exact(TimeOfDay)
        /// Without 오전/오후: the first reading (03:00, or 12:00 for 12시); the one twelve hours later is
        /// the other.
        case eitherHalf(TimeOfDay)
        /// A time after the midnight that ends the day said: 밤 1시, 자정 (00:00).
        case nightAfter(TimeOfDay)
    }

    /// The parts of the day, the hours (as said) each takes, and those it reads in the afternoon
    /// (or, past 12, in the night after the day said).
    static let dayParts: [(word: String, hours: Set<Int>, afternoon: Set<Int>)] = [
        ("오전", Set(1...12), []), ("오후", Set(1...12), Set(1...11)), ("새벽", Set(1...6).union([12]), []),
        ("아침", Set(5...11), []), ("점심", [11, 12, 1, 2], [1, 2]), ("낮", Set(1...5).union([11, 12]), Set(1...5)),
        ("저녁", Set(4...11), Set(4...11)), ("밤", Set(7...12).union(1...4), Set(7...11)),
    ]

    /// Every way a time can be read at `start`, and where each ends; no time at all comes first
    /// when `start` is the end.
    static func clocks(_ text: [Character], at start: Int) -> [(Clock?, Int)] {
        // The one space kept: between a date's digits and a time's.
        let start = start < text.count && text[start] == " " ? start + 1 : start
        var found: [(Clock?, Int)] = []
        var cursor = KoreanCursor(text)
        cursor.position = start
        if cursor.take("정오") { found.append((.exact(.noon), cursor.position)) }
        cursor.position = start
        if cursor.take("자정") { found.append((.nightAfter(.midnight), cursor.position)) }
        var parts: [(String?, Int)] = [(nil, start)]
        for (word, _, _) in dayParts {
            cursor.position = start
            if cursor.take(word) { parts.insert((word, cursor.position), at: 0) }
        }
        // A part of the day alone: its hour (아침 08:00), after any reading with an hour said.
        var alone: [(Clock?, Int)] = []
        for (word, hour) in partHours {
            cursor.position = start
            if cursor.take(word) { alone.append((.exact(TimeOfDay(hour: hour, minute: 0)), cursor.position)) }
        }
        for (part, afterPart) in parts {
            for (hour, minute, second, end) in spokenHours(text, at: afterPart) {
                if let clock = clock(part: part, hour: hour, minute: minute, second: second, spoken: true) {
                    found.append((clock, end))
                }
            }
            // 15:30, 3pm, 9:00: the English forms, after a Korean day or part of the day.
            let rest = String(text[afterPart...])
            if afterPart < text.count, rest.allSatisfy(\.isASCII),
                let time = try? WhenExpression.time(rest, original: rest)
            {
                if let part,
                    let clock = clock(
                        part: part, hour: time.hour, minute: time.minute, second: time.second, spoken: false)
                {
                    found.append((clock, text.count))
                } else if part == nil {
                    found.append((.exact(time), text.count))
                }
            }
        }
        found += alone
        found.append((nil, start))
        return found
    }

    /// `세 시`, `3시 30분`, `세 시 반`, `네 시 십 분 전`, `3시 5분 10초`: the hour, minute and
    /// second as said, and where each reading ends. Minutes before the hour come out negative.
    private static func spokenHours(_ text: [Character], at start: Int) -> [(Int, Int, Int, Int)] {
        var found: [(Int, Int, Int, Int)] = []
        var cursor = KoreanCursor(text)
        for hourNumber in KoreanNumber.readings(in: text, at: start) where hourNumber.system != .sino {
            cursor.position = hourNumber.end
            guard let hour = hourNumber.integer, hour <= 24, cursor.take("시"), !cursor.sees("간") else { continue }
            let afterHour = cursor.position
            found.append((hour, 0, 0, afterHour))
            if cursor.take("반") { found.append((hour, 30, 0, cursor.position)) }
            for minuteNumber in KoreanNumber.readings(in: text, at: afterHour) {
                cursor.position = minuteNumber.end
                guard let minute = minuteNumber.integer, minute < 60, cursor.take("분") else { continue }
                let afterMinute = cursor.position
                if cursor.take("전") {
                    found.append((hour, -minute, 0, cursor.position))
                    continue
                }
                found.append((hour, minute, 0, afterMinute))
                for secondNumber in KoreanNumber.readings(in: text, at: afterMinute) {
                    cursor.position = secondNumber.end
                    if let second = secondNumber.integer, second < 60, cursor.take("초") {
                        found.append((hour, minute, second, cursor.position))
                    }
                }
            }
        }
        return found.sorted { $0.3 > $1.3 }
    }

    /// The time an hour said with (or without) a part of the day names; nil when they do not go
    /// together (저녁 3시). `spoken`: said with 시, where an hour from 1 to 12 alone is ambiguous.
    /// `minute` is negative for minutes before the hour (네 시 십 분 전).
    static func clock(part: String?, hour: Int, minute: Int, second: Int, spoken: Bool) -> Clock? {
        func time(_ minutes: Int) -> TimeOfDay { TimeOfDay(hour: minutes / 60, minute: minutes % 60, second: second) }
        guard let part else {
            if spoken && (1...12).contains(hour) {
                // 12시 is noon first (12시 10분 전 is 11:50), then the midnight twelve hours later.
                let minutes = hour * 60 + minute
                return .eitherHalf(time(minutes < 0 ? minutes + 720 : minutes))
            }
            // 0시, 13시 … 23시, and digits with a colon: the 24-hour reading; 24시 is midnight.
            let minutes = hour * 60 + minute
            if minutes == 1440 && second == 0 { return .nightAfter(.midnight) }
            return (0..<1440).contains(minutes) ? .exact(time(minutes)) : nil
        }
        guard let reading = dayParts.first(where: { $0.word == part }), reading.hours.contains(hour) else { return nil }
        // 오후 12시, 낮 12시 and 점심 12시 are noon; 오전 12시 and 새벽 12시 the midnight that starts the day.
        let noon = hour == 12 && (part == "오후" || part == "점심" || part == "낮")
        var hour24 = noon ? 12 : hour % 12 + (reading.afternoon.contains(hour) ? 12 : 0)
        // 밤 12시 is the midnight after the day said, 밤 1시 the hour after it.
        if part == "밤" && (hour == 12 || hour <= 4) { hour24 += 24 }
        let minutes = hour24 * 60 + minute
        guard minutes >= 0 else { return nil }
        return minutes >= 1440 ? .nightAfter(time(minutes - 1440)) : .exact(time(minutes))
    }

    /// Whether what is left from `start` is nothing, or a particle: 까지, 에, 쯤.
    private static func endsWithParticle(_ text: [Character], from start: Int) -> Bool {
        var cursor = KoreanCursor(text)
        cursor.position = start
        if cursor.atEnd { return true }
        _ = cursor.take(anyOf: ["정각"])
        _ = cursor.take(anyOf: ["쯤", "경"])
        _ = cursor.take(anyOf: ["까지", "에"])
        return cursor.atEnd
    }

    // MARK: Offsets

    static let offsetWords = ["후에", "뒤에", "후", "뒤", "안에", "내에", "이내", "안", "내", "있다가", "지나서"]

    /// `45분 후`, `두 시간 뒤`, `10분 안에`, `사흘 뒤`, and a whole number of days with a time
    /// after it (`사흘 뒤 오후 3시`); nil when the text is no offset.
    private static func offset(_ text: [Character], original: String) throws(KitError) -> WhenExpression? {
        for reading in KoreanDuration.readings(in: text, at: 0) {
            var cursor = KoreanCursor(text)
            cursor.position = reading.end
            if cursor.take("전") || cursor.take("전에") {
                throw .invalidArgument(
                    "'\(original)' is in the past; a due time must be ahead (for that long from now, say \(String(text[..<reading.end])) 후)"
                )
            }
            guard cursor.take(anyOf: offsetWords) != nil else { continue }
            let length = Nanoseconds(Int64(reading.nanoseconds.rounded()))
            guard length.value <= DurationParser.maximum.value else {
                throw .invalidArgument(
                    "'\(original)' is more than 366 days ahead, the furthest kit reaches")
            }
            if endsWithParticle(text, from: cursor.position) { return .fromNow(length) }
            let days = length / (86_400 * Nanoseconds.second)
            guard length % (86_400 * Nanoseconds.second) == .zero, days > 0 else { continue }
            for (clock, end) in clocks(text, at: cursor.position)
            where clock != nil && endsWithParticle(text, from: end) {
                return try build(.inDays(Int(days)), clock, original: original)
            }
        }
        return nil
    }

    // MARK: Refusals and building

    private static func refusePast(_ text: [Character], original: String) throws(KitError) {
        let cursor = KoreanCursor(text)
        if let word = ["어제", "그저께", "그제", "엊그제", "지난주", "지난달", "작년"].first(where: { cursor.sees($0) }) {
            throw .invalidArgument(
                "'\(original)' is in the past ('\(word)'); a due time must be ahead")
        }
    }

    private static func build(_ day: WhenExpression.Day?, _ clock: Clock?, original: String) throws(KitError)
        -> WhenExpression
    {
        switch (day, clock) {
        case (let day?, nil):
            return .day(day, at: nil)
        case (let day, .exact(let time)?):
            return .day(day ?? .soonest, at: time)
        case (let day, .eitherHalf(let time)?):
            return .dayEitherHalf(day ?? .soonest, first: time)
        case (let day?, .nightAfter(let time)?):
            return .day(.shifted(day, days: 1), at: time)
        case (nil, .nightAfter(let time)?):
            // 자정 alone: the coming midnight; 밤 1시 alone: the next 01:00.
            return .day(time == .midnight ? .tomorrow : .soonest, at: time)
        case (nil, nil):
            throw .invalidArgument("cannot read '\(original)' as a due time; try \(examples)")
        }
    }
}
