/// The day (and time) a diary entry is about, as given with `--date`.
public struct DiaryWhen: Sendable, Equatable {
    public var day: CivilDate
    public var time: TimeOfDay?

    public init(day: CivilDate, time: TimeOfDay?) {
        self.day = day
        self.time = time
    }

    public static let examples = "2026-11-20, 2026-11-20 21:30, today, yesterday, 어제 or 지난주 금요일"

    /// Reads `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]` (or with `T`), and the days `SaidDay` reads
    /// (`today`, `yesterday`, `어제`, `그저께`, `지난 금요일`, `3월 14일`). A date that does not exist
    /// (2026-02-30) is refused with the length of its month.
    public static func parse(_ text: String, today: CivilDate) throws(KitError) -> DiaryWhen {
        let trimmed = text.trimmingWhitespace()
        if let day = try SaidDay.parse(trimmed, today: today) { return DiaryWhen(day: day, time: nil) }
        guard let written = CivilDate.writtenPrefix(Substring(trimmed)) else {
            throw .invalidArgument("cannot read '\(text)' as a date; write \(examples)")
        }
        let day = try CivilDate.validated(year: written.year, month: written.month, day: written.day)
        guard !written.rest.isEmpty else { return DiaryWhen(day: day, time: nil) }
        guard let time = ISODigits.time(Array(written.rest.dropFirst().trimmingWhitespace().utf8)) else {
            throw .invalidArgument("cannot read '\(text)' as a date and time; write \(examples)")
        }
        return DiaryWhen(
            day: day, time: try TimeOfDay.validated(hour: time.hour, minute: time.minute, second: time.second))
    }
}
