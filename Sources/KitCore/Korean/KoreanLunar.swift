/// 음력 as Korean is written, for due times and repeat rules: `음력 8월 15일`, `음력 윤6월 1일`,
/// `음력 정월 보름`, `음력 섣달 그믐`, and the days that move with it (`설날`, `추석`,
/// `부처님오신날`). Months are 1월…12월 (also 정월, 동짓달, 섣달, and 윤 before a leap month); days
/// are 1일…30일 (also 초하루, 보름, and 그믐, the month's last day).
enum KoreanLunar {
    /// The lunar holidays: the lunar month and day, and how many days before it the word names
    /// (설 연휴 and 추석 전날 start the day before).
    static let holidays: [(word: String, month: Int, day: Int, shift: Int)] = [
        ("설날전날", 1, 1, -1), ("설연휴", 1, 1, -1), ("설날", 1, 1, 0), ("구정", 1, 1, 0), ("추석전날", 8, 15, -1),
        ("추석연휴", 8, 15, -1), ("추석", 8, 15, 0), ("한가위", 8, 15, 0), ("부처님오신날", 4, 8, 0), ("석가탄신일", 4, 8, 0),
        ("초파일", 4, 8, 0), ("정월대보름", 1, 15, 0), ("대보름", 1, 15, 0), ("단오", 5, 5, 0), ("칠석", 7, 7, 0),
        ("백중", 7, 15, 0),
    ]

    /// 그믐: the last day of the month, which is the 30th moved back where the month has 29 days.
    static let lastDay = 30

    /// A lunar month and day read from `cursor` (after `음력`), or nil when none is next. Throws
    /// for a month or day no lunar year has.
    static func monthDay(_ cursor: inout KoreanCursor, original: String) throws(KitError)
        -> (month: Int, isLeap: Bool, day: Int)?
    {
        let start = cursor.position
        let isLeap = cursor.take("윤")
        for (month, afterMonth) in months(cursor.text, at: cursor.position) {
            cursor.position = afterMonth
            if let day = try day(&cursor, original: original) {
                guard (1...12).contains(month) else {
                    throw .invalidArgument(
                        "'\(original)': the lunar calendar has months 1 to 12 (윤 before a leap month, e.g. 윤6월), not \(String(month))월"
                    )
                }
                return (month, isLeap, day)
            }
        }
        cursor.position = start
        return nil
    }

    /// The month readings at `start`: `3월`, `삼월`, `정월`, `동짓달`, `섣달`, and where each ends.
    private static func months(_ text: [Character], at start: Int) -> [(Int, Int)] {
        var found: [(Int, Int)] = []
        var cursor = KoreanCursor(text)
        for (word, month) in [("정월", 1), ("동짓달", 11), ("동지달", 11), ("섣달", 12), ("유월", 6), ("시월", 10)] {
            cursor.position = start
            if cursor.take(word) { found.append((month, cursor.position)) }
        }
        for number in KoreanNumber.readings(in: text, at: start) where number.system != .native {
            cursor.position = number.end
            if let month = number.integer, month < 100, cursor.take("월") { found.append((month, cursor.position)) }
        }
        return found
    }

    /// `14일`, `십사일`, `초하루`, `보름`, `그믐`, `그믐날`; nil when none is next.
    private static func day(_ cursor: inout KoreanCursor, original: String) throws(KitError) -> Int? {
        if cursor.take("초하루") || cursor.take("초하룻날") { return 1 }
        if cursor.take("보름") {
            _ = cursor.take("날")
            return 15
        }
        if cursor.take("그믐") {
            _ = cursor.take("날")
            return lastDay
        }
        let start = cursor.position
        for number in KoreanNumber.readings(in: cursor.text, at: start) where number.system != .native {
            cursor.position = number.end
            guard let day = number.integer, cursor.take("일"), !cursor.sees("요일") else { continue }
            guard (1...30).contains(day) else {
                throw .invalidArgument(
                    "'\(original)': a lunar month has 29 or 30 days, so \(String(day))일 is no lunar day; use 1일 to 30일"
                )
            }
            return day
        }
        cursor.position = start
        return nil
    }
}
