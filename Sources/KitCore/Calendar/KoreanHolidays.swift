/// Korea's public holidays (관공서의 공휴일에 관한 규정, 공휴일에 관한 법률) as the law stands since
/// 2026: the fixed days, 설날 and 추석 (three days each, on KASI's lunar dates), 부처님 오신 날, the
/// election days set by law that are known, and substitute holidays (대체공휴일).
///
/// Substitutes (규정 제3조): a 국경일 (3·1절, 제헌절, 광복절, 개천절, 한글날), 노동절, 어린이날,
/// 부처님 오신 날 or 기독탄신일 on a Saturday, a Sunday or another holiday, and a day of 설 or 추석
/// on a Sunday or another holiday, give the first weekday after it that is no holiday. 1월 1일,
/// 현충일 and election days give none. Two holidays on one weekday give one substitute (2025's
/// 어린이날 and 부처님 오신 날).
///
/// 제헌절 became a holiday again, and 노동절 one, in 2026, so earlier years are refused rather than
/// listed under today's law. One-off holidays (임시공휴일) are set by decree and are not guessed.
public enum KoreanHolidays {
    /// The years kit lists: from the law of 2026 to the end of the lunar table.
    public static let years = 2026...LunarCalendar.years.upperBound

    public struct Holiday: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable {
            case fixed
            case lunar
            case substitute
            case election
        }

        public var date: CivilDate
        /// The official Korean name: `설날`, `대체공휴일(설날)`.
        public var name: String
        public var kind: Kind

        public init(date: CivilDate, name: String, kind: Kind) {
            self.date = date
            self.name = name
            self.kind = kind
        }
    }

    /// The fixed days: month, day, name, and whether a weekend or another holiday gives a substitute.
    static let fixed: [(month: Int, day: Int, name: String, substitutes: Bool)] = [
        (1, 1, "1월 1일", false), (3, 1, "3·1절", true), (5, 1, "노동절", true), (5, 5, "어린이날", true),
        (6, 6, "현충일", false), (7, 17, "제헌절", true), (8, 15, "광복절", true), (10, 3, "개천절", true),
        (10, 9, "한글날", true), (12, 25, "기독탄신일", true),
    ]

    /// Elections held when a term ends (공직선거법 제34조), holidays by 규정 제2조: those whose day
    /// the law has fixed. Later ones depend on terms and laws not yet known.
    static let elections: [(CivilDate, String)] = [
        (CivilDate(year: 2026, month: 6, day: 3), "제9회 전국동시지방선거"),
        (CivilDate(year: 2028, month: 4, day: 12), "제23대 국회의원선거"),
        (CivilDate(year: 2030, month: 3, day: 27), "제22대 대통령선거"),
        (CivilDate(year: 2030, month: 6, day: 12), "제10회 전국동시지방선거"),
    ]

    /// The holidays of Gregorian `year`, by date (a date with two holidays lists both).
    public static func list(year: Int) throws(KitError) -> [Holiday] {
        guard years.contains(year) else {
            throw .invalidArgument(
                "kit lists Korea's holidays from \(years.lowerBound) to \(years.upperBound): the law changed in 2026 (제헌절 and 노동절), and KASI's and kit's lunar tables end in \(years.upperBound)"
            )
        }
        // Each day, the name its substitute carries, and when a lost day gives one.
        var days: [(holiday: Holiday, family: String, rule: Substitutes)] = []
        for (month, day, name, substitutes) in fixed {
            let holiday = Holiday(date: CivilDate(year: year, month: month, day: day), name: name, kind: .fixed)
            days.append((holiday, name, substitutes ? .weekend : .none))
        }
        // 설날 falls from 21 January to 20 February, so the lunar year is the Gregorian one.
        for (month, day, family) in [(1, 1, "설날"), (8, 15, "추석")] {
            guard let date = LunarCalendar.dangi.date(LunarDate(year: year, month: month, day: day)) else { continue }
            for (offset, name) in zip(-1...1, [family + " 전날", family, family + " 다음 날"]) {
                days.append((Holiday(date: date.adding(days: offset), name: name, kind: .lunar), family, .sunday))
            }
        }
        if let buddha = LunarCalendar.dangi.date(LunarDate(year: year, month: 4, day: 8)) {
            days.append((Holiday(date: buddha, name: "부처님 오신 날", kind: .lunar), "부처님 오신 날", .weekend))
        }
        for (date, name) in elections where date.year == year {
            days.append((Holiday(date: date, name: name, kind: .election), name, .none))
        }
        days.sort { ($0.holiday.date, order($0.holiday.kind)) < ($1.holiday.date, order($1.holiday.kind)) }
        var taken = Set(days.map(\.holiday.date))
        var substitutes: [Holiday] = []
        var seen: Set<CivilDate> = []
        for (holiday, family, rule) in days {
            // The first holiday of a day is a day off once; each one more on it, or one on its
            // weekend, is a day lost.
            let overlaps = !seen.insert(holiday.date).inserted
            let weekday = holiday.date.weekday
            let lost =
                switch rule {
                case .none: false
                case .sunday: overlaps || weekday == .sunday
                case .weekend: overlaps || weekday == .sunday || weekday == .saturday
                }
            guard lost else { continue }
            var substitute = holiday.date.adding(days: 1)
            while taken.contains(substitute) || substitute.weekday == .saturday || substitute.weekday == .sunday {
                substitute = substitute.adding(days: 1)
            }
            taken.insert(substitute)
            substitutes.append(Holiday(date: substitute, name: "대체공휴일(\(family))", kind: .substitute))
        }
        return (days.map(\.holiday) + substitutes).sorted {
            ($0.date, order($0.kind)) < ($1.date, order($1.kind))
        }
    }

    /// The holidays from `first` through `last`, in order.
    public static func list(from first: CivilDate, through last: CivilDate) -> [Holiday] {
        guard first <= last else { return [] }
        return (first.year...last.year).flatMap { (try? list(year: $0)) ?? [] }.filter {
            $0.date >= first && $0.date <= last
        }
    }

    private enum Substitutes {
        case none
        case sunday
        case weekend
    }

    private static func order(_ kind: Holiday.Kind) -> Int {
        switch kind {
        case .fixed: 0
        case .lunar: 1
        case .election: 2
        case .substitute: 3
        }
    }
}
