/// A day of the week, numbered as ISO 8601 does: Monday is 1, Sunday is 7.
public enum Weekday: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
    case monday = 1
    case tuesday
    case wednesday
    case thursday
    case friday
    case saturday
    case sunday

    /// The two-letter code iCalendar uses: `MO`, `TU`, …
    public var icalCode: String {
        switch self {
        case .monday: "MO"
        case .tuesday: "TU"
        case .wednesday: "WE"
        case .thursday: "TH"
        case .friday: "FR"
        case .saturday: "SA"
        case .sunday: "SU"
        }
    }

    /// `Mon`, `Tue`, …
    public var shortName: String { String(name.prefix(3)) }

    /// `Monday`, `Tuesday`, …
    public var name: String {
        switch self {
        case .monday: "Monday"
        case .tuesday: "Tuesday"
        case .wednesday: "Wednesday"
        case .thursday: "Thursday"
        case .friday: "Friday"
        case .saturday: "Saturday"
        case .sunday: "Sunday"
        }
    }

    public var description: String { name }

    /// `월요일`, `화요일`, …
    public var koreanName: String { koreanShortName + "요일" }

    /// `월`, `화`, …: as in `매주 화·목`.
    public var koreanShortName: String { ["월", "화", "수", "목", "금", "토", "일"][rawValue - 1] }

    /// Reads an iCalendar code (`MO` … `SU`), case-insensitively.
    public init?(icalCode: some StringProtocol) {
        guard let day = Weekday.allCases.first(where: { $0.icalCode == icalCode.uppercased() }) else { return nil }
        self = day
    }

    /// Every name people type for a weekday, lowercased, longer ones first (`thursday` before
    /// `thurs`, `thur` and `thu`), so that a reader taking the first that starts a text takes the
    /// whole name.
    public static let typedNames: [(String, Weekday)] = {
        let extra: [(String, Weekday)] = [
            ("tues", .tuesday), ("wednes", .wednesday), ("thur", .thursday), ("thurs", .thursday),
        ]
        let names = allCases.flatMap { [($0.name.lowercased(), $0), ($0.shortName.lowercased(), $0)] } + extra
        return names.sorted { $0.0.count > $1.0.count }
    }()

    /// Reads what people type: `mon`, `monday`, `tue`, `tues`, `thu`, `thurs`, … in any case.
    public init?(name: some StringProtocol) {
        let word = name.lowercased()
        guard let day = Weekday.typedNames.first(where: { $0.0 == word })?.1 else { return nil }
        self = day
    }

    /// Days from this weekday forward to `other`: 0 when they are the same, else 1...6.
    public func days(until other: Weekday) -> Int { (other.rawValue - rawValue + 7) % 7 }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
