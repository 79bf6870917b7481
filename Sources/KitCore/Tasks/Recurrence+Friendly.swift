/// The friendly repeat syntax people type after `--repeat`, case-insensitive:
///
/// `hourly`, `every 2 hours`, `daily`, `weekdays`, `weekly`, `weekly on mon,wed`, `every 3 days`, `every 2 weeks`,
/// `every 2 weeks on tue,thu`, `every 6 months`, `monthly`, `monthly on day 15`,
/// `monthly on the last day`, `monthly on the 2nd tue` (`1st`…`4th`, `last`), `yearly`,
/// `yearly on lunar 8/15` (`on lunar leap 6/1`, `on chinese lunar 1/1`), each
/// optionally followed by `until 2027-01-31` or `for 10 times` (also `, until …`, `count 10`).
///
/// Month-based forms that name a day of the month clamp it to the month's end (see
/// `Recurrence.MonthEndPolicy`).
extension Recurrence {
    /// Every repeat form, as people type them; error messages and the docs list these.
    public static let friendlyForms = [
        "hourly", "every 2 hours", "daily", "weekdays", "weekly", "weekly on mon,wed", "every 3 days", "every 2 weeks",
        "every 2 weeks on tue,thu",
        "every 6 months", "monthly", "monthly on day 15", "monthly on the last day", "monthly on the 2nd tue",
        "yearly", "yearly on lunar 8/15",
    ]

    /// The endings any form may take.
    public static let friendlyEnds = ["until 2027-01-31", "for 10 times"]

    static var friendlyHelp: KitMessage {
        .message(
            "use one of: \(friendlyForms.joined(separator: ", ")); optionally followed by '\(friendlyEnds[0])' or '\(friendlyEnds[1])'"
        )
    }

    /// Reads the friendly syntax described on this extension.
    public static func parseFriendly(_ text: String) throws(KitError) -> Recurrence {
        var parser = FriendlyRuleParser(text)
        return try parser.parse()
    }
}
