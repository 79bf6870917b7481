/// A day as a person says it to an option that takes a date (`diary write --date`, `agenda`,
/// `diary on-this-day --date`, a diary entry's reference): the written forms (`2026-11-25`,
/// `2026.11.25`, `2026/11/25`), `today`, `yesterday` and `tomorrow`, and the days `--due` reads in
/// Korean, in either direction, since a diary looks back: `오늘`, `어제`, `그저께`, `내일`, `모레`,
/// `금요일`, `지난주 금요일`, `다음 주 월요일`, `사흘 전`, `3월 14일`, `음력 3월 14일`, `추석`.
///
/// A month and day without a year (`3월 14일`, `음력 3월 14일`, `추석`) is this year's, as `date -d`
/// reads one, not the next; a weekday alone is this week's (Monday to Sunday).
public enum SaidDay {
    static let past: [(String, Int)] = [("그저께", -2), ("그제", -2), ("엊그제", -2), ("어저께", -1), ("어제", -1)]
    /// The longest text read as a day, as `--due`'s limit: a longer one is no day, and is not
    /// read (kitd reads a diary's `date` from any client).
    public static let maximumLength = 200

    /// The day `text` names, seen from `today`, or nil when it is no day kit reads (the caller
    /// says what to write).
    public static func parse(_ text: String, today: CivilDate) throws(KitError) -> CivilDate? {
        let trimmed = text.trimmingWhitespace()
        switch trimmed.lowercased() {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        case "tomorrow": return today.adding(days: 1)
        default: break
        }
        guard trimmed.utf8.count <= Self.maximumLength * 4, KoreanText.hasHangul(trimmed) else { return nil }
        let compact = KoreanText.compact(trimmed)
        var cursor = KoreanCursor(compact)
        for (word, days) in past where cursor.take(word) && cursor.atEnd { return today.adding(days: days) }
        // 지난주 금요일, 지난 금요일 (the last one before today).
        cursor.position = 0
        if cursor.take("지난주") || cursor.take("저번주"), let weekday = KoreanWhen.weekday(&cursor), cursor.atEnd {
            let monday = today.adding(days: 1 - today.weekday.rawValue)
            return monday.adding(days: weekday.rawValue - 1 - 7)
        }
        cursor.position = 0
        if cursor.take("지난"), let weekday = KoreanWhen.weekday(&cursor), cursor.atEnd {
            let back = (today.weekday.rawValue - weekday.rawValue + 7) % 7
            return today.adding(days: -(back == 0 ? 7 : back))
        }
        // 사흘 전, 3일 전, 일주일 전.
        for reading in KoreanDuration.readings(in: compact, at: 0) {
            cursor.position = reading.end
            let day = 86_400 * Double(Nanoseconds.nanosecondsPerSecond)
            let days = reading.nanoseconds / day
            guard days == days.rounded(), days >= 1, days <= 366 else { continue }
            if cursor.take("전"), cursor.atEnd { return today.adding(days: -Int(days)) }
            if cursor.take(anyOf: ["후", "뒤"]) != nil, cursor.atEnd { return today.adding(days: Int(days)) }
        }
        let lunar = try KoreanWhen.lunarDays(compact, original: trimmed).map { (Optional($0.0), $0.1) }
        for (day, end) in lunar + KoreanWhen.days(compact) where end == compact.count {
            guard let day else { continue }
            return try date(of: day, today: today)
        }
        return nil
    }

    /// The day a `Day` of a due time names, read as this year's or this week's.
    private static func date(of day: WhenExpression.Day, today: CivilDate) throws(KitError) -> CivilDate {
        switch day {
        case .dayIn(.month(let month), let number):
            return try CivilDate.validated(year: today.year, month: month, day: number)
        case .nthWeekday(.month(let month), let n, let weekday):
            guard let date = CivilDate.nthWeekday(n, weekday, year: today.year, month: month) else {
                let shown = CivilDate(year: today.year, month: month, day: 1).iso8601.prefix(7)
                throw .invalidArgument(
                    "\(String(shown)) has no such \(weekday) (\(weekday.koreanName)); give another day")
            }
            return date
        case .lastDay(.month(let month)):
            return CivilDate.lastDay(year: today.year, month: month)
        case .weekday(let weekday):
            return today.adding(days: weekday.rawValue - today.weekday.rawValue)
        case .lunar(var lunar) where lunar.year == nil:
            let year = LunarCalendar.dangi.lunarDate(of: today)?.year ?? today.year
            lunar.year = .year(year)
            return try WhenExpression.dates(.lunar(lunar), today: today).0[0]
        case .shifted(let inner, let days):
            return try date(of: inner, today: today).adding(days: days)
        default:
            // Every other day names at least one date, or refuses itself.
            return try WhenExpression.dates(day, today: today).0[0]
        }
    }
}
