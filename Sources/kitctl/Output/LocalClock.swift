import KitCore
import KitLocalization
import KitProtocol

/// Times and dates in kitctl's tables, as the user's locale writes them (`LocaleClock`).
enum LocalClock {
    static let style: ClockText.Style = LocaleClock.style
    /// Monday first, as the agenda lays weeks out.
    static let weekdays: [String] = LocaleClock.weekdays
    static let monthNames: [String]? = LocaleClock.monthNames

    static func short(_ instant: WallTime, now: WallTime) -> String {
        ClockText.short(instant, now: now, in: LocalZone(), style: style)
    }

    static func brief(_ instant: WallTime, now: WallTime) -> String {
        ClockText.brief(instant, now: now, in: LocalZone(), style: style)
    }
}
