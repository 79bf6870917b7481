/// A small recursive-descent reader over the words of a friendly rule.
struct FriendlyRuleParser {
    let original: String
    var words: [String]
    var index = 0

    init(_ text: String) {
        original = text.trimmingWhitespace()
        var spaced = ""
        for character in original.lowercased() { spaced += character == "," ? " , " : String(character) }
        words = spaced.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
    }

    var peek: String? { index < words.count ? words[index] : nil }

    mutating func take() -> String? {
        defer { index += 1 }
        return peek
    }

    mutating func skip(_ word: String) -> Bool {
        guard peek == word else { return false }
        index += 1
        return true
    }

    func unreadable() -> KitError {
        .invalidArgument("cannot read '\(original)' as a repeat rule; \(Recurrence.friendlyHelp)")
    }

    mutating func parse() throws(KitError) -> Recurrence {
        guard !words.isEmpty else {
            throw .invalidArgument("the repeat rule is empty; \(Recurrence.friendlyHelp)")
        }
        var rule = try base()
        rule.end = try end()
        guard peek == nil else { throw unreadable() }
        return try rule.validated()
    }

    mutating func base() throws(KitError) -> Recurrence {
        switch take() {
        case "hourly": return Recurrence(.hourly)
        case "daily": return Recurrence(.daily)
        case "weekdays": return Self.weekdays
        case "weekly": return try weekly(interval: 1)
        case "monthly": return try monthly(interval: 1)
        case "yearly", "annually": return try yearly(interval: 1)
        case "every": break
        default: throw unreadable()
        }
        var interval = 1
        if let word = peek, let number = Int(word) {
            guard number >= 1 else {
                throw .invalidArgument("'\(original)' repeats every \(number); give a number from 1, e.g. every 3 days")
            }
            interval = number
            index += 1
        } else if skip("other") {
            interval = 2
        }
        switch take() {
        case "hour", "hours": return Recurrence(.hourly, interval: interval)
        case "day", "days": return Recurrence(.daily, interval: interval)
        case "weekday" where interval == 1, "weekdays" where interval == 1: return Self.weekdays
        case "week", "weeks": return try weekly(interval: interval)
        case "month", "months": return try monthly(interval: interval)
        case "year", "years": return try yearly(interval: interval)
        default: throw unreadable()
        }
    }

    /// `yearly`, or `yearly on lunar 8/15` (Korea's lunar calendar, KASI's), `on lunar leap 6/1`,
    /// `on chinese lunar 1/1`: a missing 30th is the month's 29th, as `매년 음력 …` reads.
    mutating func yearly(interval: Int) throws(KitError) -> Recurrence {
        guard skip("on") else { return Recurrence(.yearly, interval: interval, monthEnd: .clamp) }
        let calendar: LunarCalendar = skip("chinese") ? .chinese : .dangi
        guard skip("lunar") else { throw unreadable() }
        let isLeap = skip("leap")
        guard let word = take() else { throw unreadable() }
        let parts = word.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let month = Int(parts[0]), let day = Int(parts[1]) else { throw unreadable() }
        guard (1...12).contains(month), (1...30).contains(day) else {
            throw .invalidArgument(
                "'\(original)' names lunar month \(month), day \(day); a lunar month is 1 to 12 and a day 1 to 30")
        }
        return .lunarYearly(
            Recurrence.LunarRule(calendar, month: month, isLeap: isLeap, day: day, skip: .backward), interval: interval)
    }

    static let weekdays = Recurrence(
        .weekly, byDay: [.monday, .tuesday, .wednesday, .thursday, .friday].map { .init($0) })

    /// `weekly`, optionally `on mon,wed` (also `on mon and wed`).
    mutating func weekly(interval: Int) throws(KitError) -> Recurrence {
        var rule = Recurrence(.weekly, interval: interval)
        guard skip("on") else { return rule }
        repeat {
            guard let word = take() else { throw unreadable() }
            rule.byDay.append(Recurrence.WeekdayRule(try weekday(word)))
        } while skip(",") || skip("and")
        return rule
    }

    /// `monthly`, optionally `on day 15`, `on the 15th`, `on the last day`, `on the 2nd tue`,
    /// `on the last fri`.
    mutating func monthly(interval: Int) throws(KitError) -> Recurrence {
        var rule = Recurrence(.monthly, interval: interval, monthEnd: .clamp)
        guard skip("on") else { return rule }
        _ = skip("the")
        if skip("day") {
            guard let word = take(), let day = Int(word) else { throw unreadable() }
            rule.byMonthDay = [try monthDay(day)]
            return rule
        }
        guard let word = take() else { throw unreadable() }
        let ordinal: Int
        if word == "last" {
            ordinal = -1
        } else if let number = Self.ordinal(word) {
            ordinal = number
        } else {
            throw unreadable()
        }
        if peek == nil || peek == "," || peek == "until" || peek == "for" || peek == "count" || skip("day") {
            if ordinal == -1 {
                rule.byMonthDay = [-1]
                rule.monthEnd = .skip
            } else {
                rule.byMonthDay = [try monthDay(ordinal)]
            }
            return rule
        }
        guard let dayWord = take() else { throw unreadable() }
        let day = try weekday(dayWord)
        guard (1...4).contains(ordinal) || ordinal == -1 else {
            throw .invalidArgument(
                "'\(original)': not every month has a \(word) \(day.name); use 1st to 4th, or 'last \(day.shortName.lowercased())'"
            )
        }
        rule.byDay = [Recurrence.WeekdayRule(day, ordinal: ordinal)]
        rule.monthEnd = .skip
        return rule
    }

    /// `until 2027-01-31` (optionally with a time), `for 10 times`, `count 10`, `10 times`.
    mutating func end() throws(KitError) -> Recurrence.End {
        _ = skip(",")
        guard let word = take() else { return .never }
        switch word {
        case "until":
            guard let dateWord = take() else { throw unreadable() }
            let date = try CivilDate.parseWritten(dateWord)
            if let timeWord = peek, timeWord.contains(":") {
                index += 1
                guard let time = ISODigits.time(Array(timeWord.utf8)) else { throw unreadable() }
                let clock = try TimeOfDay.validated(hour: time.hour, minute: time.minute, second: time.second)
                return .until(.local(CivilDateTime(date: date, time: clock)))
            }
            return .until(.date(date))
        case "for", "count":
            guard let countWord = take(), let count = Int(countWord) else { throw unreadable() }
            if word == "for" && !(skip("times") || skip("time") || skip("occurrences")) { throw unreadable() }
            return .count(count)
        default:
            guard let count = Int(word), skip("times") else { throw unreadable() }
            return .count(count)
        }
    }

    func weekday(_ word: String) throws(KitError) -> Weekday {
        if let day = Weekday(name: word) ?? (word.hasSuffix("s") ? Weekday(name: word.dropLast()) : nil) { return day }
        throw .invalidArgument(
            "'\(original)': '\(word)' is not a weekday; use mon, tue, wed, thu, fri, sat or sun (e.g. weekly on mon,wed)"
        )
    }

    func monthDay(_ day: Int) throws(KitError) -> Int {
        guard (1...31).contains(day) else {
            throw .invalidArgument(
                "'\(original)': day \(day) is not a day of the month; use 1 to 31 (e.g. monthly on day 15)")
        }
        return day
    }

    /// `1st`, `2nd`, `3rd`, `4th`, `15th`, `first`, `second`, … as a number.
    static func ordinal(_ word: String) -> Int? {
        let words = ["first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5]
        if let number = words[word] { return number }
        for suffix in ["st", "nd", "rd", "th"] where word.hasSuffix(suffix) {
            return Int(word.dropLast(2))
        }
        return nil
    }
}
