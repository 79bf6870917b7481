/// Which days count as "this day" in earlier years.
public enum OnThisDay {
    /// The `MM-DD` keys of `date`: its own, and on 28 February of a common year also 29
    /// February, so that leap-day entries come up once in four years' absence.
    public static func monthDays(of date: CivilDate) -> [String] {
        let key = String(date.iso8601.suffix(5))
        if date.month == 2 && date.day == 28 && !CivilDate.isLeap(date.year) { return [key, "02-29"] }
        return [key]
    }
}
