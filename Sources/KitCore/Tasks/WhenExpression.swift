/// What a person typed after `--due`, read but not yet placed in time: parsing needs no zone and
/// no clock; `resolve(now:in:defaultTime:)` does the rest.
///
/// The accepted forms are listed once, in `acceptedForms`, for messages and documentation.
public enum WhenExpression: Hashable, Sendable {
    /// A day and a time of day in the task's zone. No time means "all day": the default time.
    case day(Day, at: TimeOfDay?)
    /// An hour said without 오전 or 오후 (`세 시 반`): of its first reading (03:30; 12:00 for 12시)
    /// and the one twelve hours later, the sooner that is still ahead.
    case dayEitherHalf(Day, first: TimeOfDay)
    /// A date-time with an explicit UTC offset (`Z`, `+09:00`): one instant, whatever the zone.
    case exact(CivilDateTime, utcOffset: Int)
    /// A duration from now: `in 2h`.
    case fromNow(Nanoseconds)

    public indirect enum Day: Hashable, Sendable {
        /// Today; also what an English time alone means.
        case today
        case tomorrow
        case date(CivilDate)
        /// The next such day, today included when the time is still ahead.
        case weekday(Weekday)
        /// `next fri`: the first such day strictly after today.
        case nextWeekday(Weekday)
        /// Today while the time is still ahead, else tomorrow: what a Korean time alone means.
        case soonest
        /// That many days after today: 모레 is 2, 글피 3.
        case inDays(Int)
        /// That weekday of the week (Monday to Sunday) `weeks` after this one: 이번 주 is 0,
        /// 다음 주 1.
        case weekOf(weeks: Int, Weekday)
        /// A day of a month: 3월 14일 (the next March 14 still ahead), 14일 (this month's while
        /// still ahead, else the next month's that has it), 다음 달 14일, 2027년 3월 14일.
        case dayIn(MonthRef, day: Int)
        /// The `n`th weekday of a month (1...5, or -1 for the last): 5월 둘째 토요일.
        case nthWeekday(MonthRef, n: Int, Weekday)
        /// The last day of a month: 2월 마지막 날, 다음 달 말일.
        case lastDay(MonthRef)
        /// `day`, a number of days on: 자정 is the 00:00 after the day it is said of.
        case shifted(Day, days: Int)
        /// `day`, which the person said is a `weekday` (3월 14일 일요일): refused when it is not.
        case said(Day, Weekday)
        /// A day of Korea's lunar calendar: 음력 3월 14일 (the next one still ahead), 2027년 음력
        /// 윤6월 1일, 추석.
        case lunar(LunarDay)
    }

    /// A 음력 date as said: without a year, the next one; a leap month, the next year that has
    /// it. A 30th a month lacks is its 29th (`LunarCalendar.Skip.backward`).
    public struct LunarDay: Hashable, Sendable {
        public var year: YearRef?
        public var month: Int
        public var isLeap: Bool
        public var day: Int

        public init(year: YearRef? = nil, month: Int, isLeap: Bool = false, day: Int) {
            self.year = year
            self.month = month
            self.isLeap = isLeap
            self.day = day
        }
    }

    /// A year as a date gives it: a number, or counted from this one (올해 0, 내년 1).
    public enum YearRef: Hashable, Sendable {
        case year(Int)
        case fromThis(Int)
    }

    /// A month as a date gives it.
    public enum MonthRef: Hashable, Sendable {
        /// The next such month that still has the day ahead: 5월 is this May or next.
        case month(Int)
        case yearMonth(YearRef, Int)
        /// Months after this one: 이번 달 is 0, 다음 달 1.
        case fromThis(Int)
        /// This month while the day is still ahead, else the next: no month said.
        case soonest
    }

    /// One accepted form: examples of it, and what it means.
    public struct Form: Hashable, Sendable {
        public var examples: [String]
        public var meaning: String
    }

    /// Every form `parse` accepts. The README and the protocol reference list these.
    public static let acceptedForms: [Form] = [
        Form(
            examples: ["18:00", "6pm", "6:30pm", "12am", "noon"],
            meaning: "that time today; refused if it has passed (say 'tomorrow 18:00')"),
        Form(examples: ["today 18:00", "at 18:00"], meaning: "the same, spelled out"),
        Form(examples: ["tomorrow", "tomorrow 9:00"], meaning: "tomorrow, at the default time or the one given"),
        Form(
            examples: ["mon", "monday", "mon 10:00"],
            meaning: "the next such day; today only if the time is still ahead"),
        Form(examples: ["next fri", "next fri 14:00"], meaning: "the first such day after today"),
        Form(examples: ["in 2h", "in 3 days", "in 1h30m"], meaning: "that long from now"),
        Form(examples: ["2026-11-25"], meaning: "that day, all day: at the default time"),
        Form(examples: ["2026-11-25 18:00", "2026-11-25T18:00"], meaning: "that date and local time"),
        Form(
            examples: ["2026-11-25T18:00+09:00", "2026-11-25T09:00Z"],
            meaning: "that date and time at a UTC offset: one instant, whatever the zone"),
    ]

    /// A short list of examples for error messages.
    public static var examplesText: KitMessage {
        .message("18:00, 6pm, tomorrow 9:00, fri 14:00, next mon, in 2h or 2026-11-25 18:00")
    }

    /// Reads a WHEN. Words are case-insensitive; `at` may stand before a time (`tomorrow at 9:00`).
    public static func parse(_ text: String) throws(KitError) -> WhenExpression {
        let original = text.trimmingWhitespace()
        // Korean, and dates written with slashes or full stops (3/14, 2027/3/14, 2027.3.14,
        // 2027. 3. 14.) or without leading zeros (2027-3-14), which the Korean reader takes.
        if KoreanText.hasHangul(original) || original.contains("/") || Self.isWrittenDate(original) {
            return try KoreanWhen.parse(original)
        }
        let words = original.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first else {
            throw .invalidArgument("the due time is empty; try \(examplesText)")
        }
        let unreadable = KitError.invalidArgument(
            "cannot read '\(original)' as a due time; try \(examplesText)")
        if first == "in" {
            let rest = words.dropFirst().joined(separator: " ")
            do {
                return .fromNow(try DurationParser.parse(rest))
            } catch {
                throw .invalidArgument(
                    "cannot read '\(original)' as a due time: \(error.kitMessage)")
            }
        }
        if Self.looksLikeDate(first) {
            if first.utf8.count > 10 {
                guard words.count == 1 else { throw unreadable }
                return try dateTime(first, original: original)
            }
            let date = try CivilDate.parseISO8601(first)
            let rest = Array(words.dropFirst())
            guard !rest.isEmpty else { return .day(.date(date), at: nil) }
            let timeText = rest.first == "at" ? rest.dropFirst().joined() : rest.joined()
            if timeText.contains(where: { $0 == "+" || $0 == "-" || $0 == "z" }) {
                return try dateTime(first + "t" + timeText, original: original)
            }
            return .day(.date(date), at: try time(timeText, original: original))
        }
        var rest = words[...]
        let day: Day
        switch first {
        case "today":
            day = .today
            rest = rest.dropFirst()
        case "tomorrow":
            day = .tomorrow
            rest = rest.dropFirst()
        case "next":
            guard words.count >= 2, let weekday = Weekday(name: words[1]) else { throw unreadable }
            day = .nextWeekday(weekday)
            rest = rest.dropFirst(2)
        case "at":
            // `at 23:59`: that time today, as a bare time is.
            guard words.count >= 2 else { throw unreadable }
            return .day(.today, at: try time(words.dropFirst().joined(), original: original))
        default:
            if let weekday = Weekday(name: first) {
                day = .weekday(weekday)
                rest = rest.dropFirst()
            } else {
                return .day(.today, at: try time(words.joined(), original: original))
            }
        }
        if rest.first == "at" { rest = rest.dropFirst() }
        guard !rest.isEmpty else {
            if words.last == "at" { throw unreadable }
            return .day(day, at: nil)
        }
        return .day(day, at: try time(rest.joined(), original: original))
    }

    /// Starts with a date written otherwise than `2027-03-14`.
    private static func isWrittenDate(_ text: String) -> Bool {
        guard let written = CivilDate.writtenPrefix(Substring(text)) else { return false }
        let length = text.utf8.count - written.rest.utf8.count
        return !(length == 10 && text.utf8.dropFirst(4).first == ISODigits.dash)
    }

    private static func looksLikeDate(_ word: String) -> Bool {
        let bytes = Array(word.utf8)
        return bytes.count >= 10 && bytes[0..<4].allSatisfy { $0 >= 48 && $0 <= 57 } && bytes[4] == ISODigits.dash
    }

    /// `2026-11-25t18:00[:ss]` with an optional `z` or `±hh[:mm]` (already lowercased).
    private static func dateTime(_ word: String, original: String) throws(KitError) -> WhenExpression {
        let bytes = Array(word.utf8)
        guard bytes.count > 11, bytes[10] == UInt8(ascii: "t") else {
            throw .invalidArgument("cannot read '\(original)' as a due time; try \(examplesText)")
        }
        let date = try CivilDate.parseISO8601(String(decoding: bytes[0..<10], as: UTF8.self))
        var timePart = Array(bytes[11...])
        var offset: Int?
        if timePart.last == UInt8(ascii: "z") {
            offset = 0
            timePart.removeLast()
        } else if let sign = timePart.lastIndex(where: { $0 == UInt8(ascii: "+") || $0 == ISODigits.dash }) {
            guard let seconds = utcOffset(Array(timePart[sign...])) else {
                throw .invalidArgument(
                    "'\(original)' has a UTC offset kit cannot read; write it as +09:00, -05:00 or Z (e.g. 2026-11-25T18:00+09:00)"
                )
            }
            offset = seconds
            timePart.removeSubrange(sign...)
        }
        let time = try time(String(decoding: timePart, as: UTF8.self), original: original)
        guard let offset else { return .day(.date(date), at: time) }
        return .exact(CivilDateTime(date: date, time: time), utcOffset: offset)
    }

    /// `+09:00`, `-0500`, `+09`: seconds east of UTC, at most 18 hours.
    private static func utcOffset(_ bytes: [UInt8]) -> Int? {
        let sign = bytes.first == ISODigits.dash ? -1 : 1
        let digits = bytes.dropFirst().filter { $0 != ISODigits.colon }
        guard digits.count == 2 || digits.count == 4, let hours = ISODigits.number(Array(digits), 0..<2) else {
            return nil
        }
        let minutes = digits.count == 4 ? ISODigits.number(Array(digits), 2..<4) : 0
        guard let minutes, minutes < 60, hours * 60 + minutes <= 18 * 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// `18:00`, `18:00:30`, `9:00`, `6pm`, `6:30pm`, `12am`, `noon` (spaces already removed).
    static func time(_ text: String, original: String) throws(KitError) -> TimeOfDay {
        let unreadable = KitError.invalidArgument(
            "cannot read '\(original)' as a due time; try \(examplesText)")
        if text == "noon" { return .noon }
        if text == "midnight" {
            throw .invalidArgument(
                "'\(original)': 'midnight' could mean the start or the end of a day; write 'tomorrow 00:00' or '23:59'")
        }
        var body = text
        var meridiem: String?
        for suffix in ["am", "pm", "a.m.", "p.m."] where body.hasSuffix(suffix) {
            meridiem = String(suffix.prefix(1))
            body = String(body.dropLast(suffix.count))
        }
        let bytes = Array(body.utf8)
        guard let meridiem else {
            guard let time = ISODigits.time(bytes) else { throw unreadable }
            return try TimeOfDay.validated(hour: time.hour, minute: time.minute, second: time.second)
        }
        let clock =
            bytes.contains(ISODigits.colon)
            ? ISODigits.time(bytes)
            : ISODigits.number(bytes, 0..<bytes.count)
                .map { TimeOfDay(hour: $0, minute: 0) }
        guard let clock, bytes.count <= 5 || bytes.contains(ISODigits.colon) else { throw unreadable }
        guard (1...12).contains(clock.hour) else {
            throw .invalidArgument("'\(original)': with am or pm the hour goes from 1 to 12 (e.g. 6pm, 12am)")
        }
        let hour = clock.hour % 12 + (meridiem == "p" ? 12 : 0)
        return try TimeOfDay.validated(hour: hour, minute: clock.minute, second: clock.second)
    }
}
