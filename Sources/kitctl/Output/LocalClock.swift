import Glibc
import KitCore
import KitProtocol

/// Times and dates as the user's locale writes them (`LC_TIME`, else `LC_ALL`/`LANG`): its month
/// and weekday names, and a 12- or 24-hour clock. In the C and POSIX locales, and when the
/// locale is not installed, the output is kitctl's own: `Nov 22 14:05`.
enum LocalClock {
    static let style: ClockText.Style = locale.style
    /// Monday first, as the agenda lays weeks out.
    static let weekdays: [String] = locale.weekdays
    static let monthNames: [String]? = locale.monthNames

    static func short(_ instant: WallTime, now: WallTime) -> String {
        ClockText.short(instant, now: now, in: LocalZone(), style: style)
    }

    static func brief(_ instant: WallTime, now: WallTime) -> String {
        ClockText.brief(instant, now: now, in: LocalZone(), style: style)
    }

    private struct Locale {
        var style = ClockText.Style.english
        var weekdays = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
        var monthNames: [String]?
    }

    private static let locale: Locale = {
        guard let name = setlocale(LC_TIME, "").map({ String(cString: $0) }), name != "C", name != "POSIX" else {
            return Locale()
        }
        func item(_ item: nl_item) -> String { String(cString: nl_langinfo(item)) }
        let abbreviated = (0..<12).map { item(nl_item(ABMON_1) + nl_item($0)) }
        let full = (0..<12).map { item(nl_item(MON_1) + nl_item($0)) }
        // ABDAY_1 is Sunday; the agenda starts on Monday. Two letters, as the C layout has.
        let days = (0..<7).map { item(nl_item(ABDAY_1) + nl_item(($0 + 1) % 7)) }
        let timeFormat = item(nl_item(T_FMT))
        let twelveHour = ["%r", "%I", "%l", "%p"].contains { timeFormat.contains($0) }
        return Locale(
            style: ClockText.Style(
                months: abbreviated, twelveHour: twelveHour, am: item(nl_item(AM_STR)),
                pm: item(nl_item(PM_STR))),
            weekdays: days.map { String($0.prefix(2)) }, monthNames: full)
    }()
}
