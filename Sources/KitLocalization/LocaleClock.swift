import Glibc
import KitCore

/// Times and dates as the user's locale writes them (`LC_TIME`, else `LC_ALL`/`LANG`), from
/// glibc's locale data: its month and weekday names, a 12- or 24-hour clock, and where the day and
/// AM/PM go (`11월 29일`, `오후 2:05` under ko_KR). In the C and POSIX locales, and when the
/// locale is not installed, kit's own: `Nov 22 14:05`. kitctl's tables and kitd's popups use it.
public enum LocaleClock {
    public static let style: ClockText.Style = locale.style
    /// Monday first, as the agenda lays weeks out.
    public static let weekdays: [String] = locale.weekdays
    public static let monthNames: [String]? = locale.monthNames

    /// The style for kitd's popups: the locale's once `Localized.setUp` ran, else kit's own.
    public static var popupStyle: ClockText.Style { Localized.isSetUp ? style : .english }

    /// The year's word, when the locale writes the year first (`년` in `2026년 12월`); nil for
    /// month first (`December 2026`).
    public static let yearFirst: String? = locale.yearFirst

    /// A month's title, `December 2026` or `2026년 12월`.
    public static func monthTitle(year: Int, month: Int) -> String {
        let name = monthNames?[month - 1] ?? CivilDate.monthName(month)
        guard let word = yearFirst else { return "\(name) \(year)" }
        return "\(year)\(word) \(name)"
    }

    private struct Reading {
        var style = ClockText.Style.english
        var weekdays = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
        var monthNames: [String]?
        var yearFirst: String?
    }

    private static let locale: Reading = {
        guard let name = setlocale(LC_TIME, "").map({ String(cString: $0) }), name != "C", name != "POSIX" else {
            return Reading()
        }
        func item(_ item: nl_item) -> String { String(cString: nl_langinfo(item)) }
        let abbreviated = (0..<12).map { item(nl_item(ABMON_1) + nl_item($0)).trimmingWhitespace() }
        let full = (0..<12).map { item(nl_item(MON_1) + nl_item($0)).trimmingWhitespace() }
        // ABDAY_1 is Sunday; the agenda starts on Monday. Two letters, as the C layout has.
        let days = (0..<7).map { item(nl_item(ABDAY_1) + nl_item(($0 + 1) % 7)) }
        let timeFormat = item(nl_item(T_FMT))
        // On bytes: `String.contains` is _StringProcessing's, 50 µs to set up in every kitctl.
        let twelveHour = ["%r", "%I", "%l", "%p"].contains { part in
            timeFormat.utf8.indices.contains { timeFormat.utf8[$0...].starts(with: part.utf8) }
        }
        // `%Y년 %m월 %d일`: the day of the month is followed by a word of its own.
        let dateFormat = item(nl_item(D_FMT))
        var daySuffix = ""
        for day in ["%d", "%e", "%-d"] {
            guard let range = dateFormat.firstRange(of: day) else { continue }
            daySuffix = String(
                dateFormat[range.upperBound...].prefix { !$0.isWhitespace && $0 != "%" && !$0.isPunctuation })
            break
        }
        let meridiemFirst = item(nl_item(T_FMT_AMPM)).hasPrefix("%p")
        let yearFirst =
            dateFormat.hasPrefix("%Y")
            ? String(dateFormat.dropFirst(2).prefix { !$0.isWhitespace && $0 != "%" && !$0.isPunctuation }) : nil
        return Reading(
            style: ClockText.Style(
                months: abbreviated, twelveHour: twelveHour, am: item(nl_item(AM_STR)), pm: item(nl_item(PM_STR)),
                daySuffix: daySuffix, meridiemFirst: meridiemFirst, yearFirst: yearFirst),
            weekdays: days.map { String($0.prefix(2)) }, monthNames: full, yearFirst: yearFirst)
    }()
}
