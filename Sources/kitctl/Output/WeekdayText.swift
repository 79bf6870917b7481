import KitCore
import KitLocalization

/// A weekday's names in the user's language, through the catalog like every other word: `Tue` and
/// `Tuesday` in kit's English, `화` and `화요일` in Korean.
enum WeekdayText {
    static func short(_ weekday: Weekday) -> String { names(weekday).short }
    static func full(_ weekday: Weekday) -> String { names(weekday).full }

    private static func names(_ weekday: Weekday) -> (short: String, full: String) {
        switch weekday {
        case .monday: (Localized.text("Mon"), Localized.text("Monday"))
        case .tuesday: (Localized.text("Tue"), Localized.text("Tuesday"))
        case .wednesday: (Localized.text("Wed"), Localized.text("Wednesday"))
        case .thursday: (Localized.text("Thu"), Localized.text("Thursday"))
        case .friday: (Localized.text("Fri"), Localized.text("Friday"))
        case .saturday: (Localized.text("Sat"), Localized.text("Saturday"))
        case .sunday: (Localized.text("Sun"), Localized.text("Sunday"))
        }
    }
}
