import Foundation

/// Calendar files as phones and khal leave them in a vdir, for watched-calendar tests and figures.
public enum CalendarFile {
    /// `20270104T100000Z`.
    public static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }

    /// An event an hour from now, with one alarm at `alarm` (a UTC instant) and khal's
    /// `DESCRIPTION:None`.
    public static func event(_ uid: String, _ title: String, alarmAt alarm: Date) -> String {
        [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//Phone//EN", "BEGIN:VEVENT", "UID:\(uid)",
            "DTSTAMP:\(stamp(Date()))", "DTSTART:\(stamp(Date().addingTimeInterval(3600)))", "SUMMARY:\(title)",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:None", "TRIGGER;VALUE=DATE-TIME:\(stamp(alarm))",
            "END:VALARM", "END:VEVENT", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
    }
}
