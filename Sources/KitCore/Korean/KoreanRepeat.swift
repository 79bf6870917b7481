/// Repeat rules as Korean is written, read into the same `Recurrence` (and so the same RRULE) as
/// the English forms: `매일`, `평일`, `주말`, `매주 화요일`, `매주 화·목`, `매주 월,수,금`, `격주`,
/// `3주마다`, `이틀마다`, `N일마다`, `매월 10일`, `매월 말일`, `매월 셋째 수요일`, `매년`,
/// `매년 5월 8일`, `매년 음력 3월 14일` (also `음력 생일`, from the due's lunar date), each optionally
/// ending `2027-01-31까지` or `10번`. Spaces are optional.
enum KoreanRepeat {
    static let examples = "매일, 평일, 매주 화·목, 격주, 3주마다, 매월 10일, 매월 말일, 매월 셋째 수요일, 매년 5월 8일, 매년 음력 3월 14일"

    static func parse(_ original: String) throws(KitError) -> Recurrence {
        var reader = Reader(text: KoreanText.compact(original), original: original)
        var rule = try reader.base()
        rule.end = try reader.end()
        guard reader.cursor.atEnd else { throw reader.unreadable() }
        return try rule.validated()
    }

    private struct Reader {
        var cursor: KoreanCursor
        let original: String

        init(text: [Character], original: String) {
            cursor = KoreanCursor(text)
            self.original = original
        }

        func unreadable() -> KitError {
            .invalidArgument(
                "cannot read '\(original)' as a repeat rule; try \(KoreanRepeat.examples)")
        }

        mutating func base() throws(KitError) -> Recurrence {
            if cursor.take(anyOf: ["매시간", "매시"]) != nil { return Recurrence(.hourly) }
            if cursor.take(anyOf: ["매일", "날마다", "하루마다"]) != nil { return Recurrence(.daily) }
            // 평일, 평일마다, 주말, 주말마다.
            if cursor.take(anyOf: ["평일", "주중"]) != nil {
                _ = cursor.take("마다")
                return weekly(1, FriendlyRuleParser.weekdays.byDay)
            }
            if cursor.take("주말") {
                _ = cursor.take("마다")
                return weekly(1, [.init(.saturday), .init(.sunday)])
            }
            if cursor.take(anyOf: ["매주", "주마다"]) != nil {
                if cursor.take("평일") { return weekly(1, FriendlyRuleParser.weekdays.byDay) }
                if cursor.take("주말") { return weekly(1, [.init(.saturday), .init(.sunday)]) }
                return weekly(1, weekdaysEach())
            }
            if cursor.take("격주") { return weekly(2, weekdaysEach()) }
            if cursor.take(anyOf: ["매월", "매달", "다달이"]) != nil { return try monthly(1) }
            if cursor.take("격월") { return try monthly(2) }
            if cursor.take(anyOf: ["매년", "매해", "해마다"]) != nil { return try yearly(1) }
            // 음력 3월 14일마다, 음력 매년, 음력으로 매년, 음력 생일.
            if cursor.take("음력") {
                _ = cursor.take("으로")
                _ = cursor.take(anyOf: ["매년", "매해", "해마다"])
                return try lunar(1)
            }
            // 화요일마다: weekly on those days.
            let days = weekdays()
            if !days.isEmpty {
                guard cursor.take("마다") else { throw unreadable() }
                return weekly(1, days)
            }
            // 이틀마다, 3일마다, 2주마다, 6개월마다, 2년마다, 3시간마다.
            if let (count, unit) = every() { return try counted(count, unit) }
            throw unreadable()
        }

        private func weekly(_ interval: Int, _ days: [Recurrence.WeekdayRule]) -> Recurrence {
            Recurrence(.weekly, interval: interval, byDay: days)
        }

        /// `N단위마다`, `N단위에 한 번`: a count and its unit.
        private mutating func every() -> (Int, String)? {
            let start = cursor.position
            for (word, days) in KoreanDuration.dayWords {
                cursor.position = start
                if cursor.take(word), cursor.take("마다") { return (days, "일") }
            }
            for number in KoreanNumber.readings(in: cursor.text, at: start) {
                cursor.position = number.end
                guard let count = number.integer,
                    let unit = cursor.take(anyOf: ["시간", "주일", "주", "개월", "달", "년", "일"])
                else { continue }
                if cursor.take("마다") || cursor.take("에한번") { return (count, unit) }
            }
            cursor.position = start
            return nil
        }

        private mutating func counted(_ count: Int, _ unit: String) throws(KitError) -> Recurrence {
            guard count >= 1 else {
                throw .invalidArgument(
                    "'\(original)' repeats every \(String(count)); give a number from 1, e.g. 3일마다")
            }
            switch unit {
            case "시간": return Recurrence(.hourly, interval: count)
            case "일": return Recurrence(.daily, interval: count)
            case "주", "주일": return weekly(count, weekdaysEach())
            case "개월", "달": return try monthly(count)
            default: return try yearly(count)
            }
        }

        /// `화요일`, `화·목`, `월,수,금`, `월수금`, `화요일과 목요일`: the days named, in order;
        /// none when no day is next.
        private mutating func weekdays() -> [Recurrence.WeekdayRule] {
            var days: [Recurrence.WeekdayRule] = []
            while true {
                let start = cursor.position
                if !days.isEmpty { _ = cursor.take(anyOf: ["·", "・", ",", "、", "/", "과", "와", "랑", "및", "하고"]) }
                guard
                    let day = Weekday.allCases.first(where: {
                        cursor.take($0.koreanName) || cursor.take($0.koreanShortName)
                    })
                else {
                    cursor.position = start
                    break
                }
                days.append(.init(day))
            }
            return days
        }

        /// The days named after a weekly rule, with an optional `마다` (`매주 화요일마다`).
        private mutating func weekdaysEach() -> [Recurrence.WeekdayRule] {
            let days = weekdays()
            if !days.isEmpty { _ = cursor.take("마다") }
            return days
        }

        /// `매월`, then optionally `10일`, `말일`, `마지막 날`, `셋째 수요일`, `마지막 금요일`.
        private mutating func monthly(_ interval: Int) throws(KitError) -> Recurrence {
            var rule = Recurrence(.monthly, interval: interval, monthEnd: .clamp)
            if cursor.take(anyOf: ["마지막날", "말일"]) != nil {
                rule.byMonthDay = [-1]
                rule.monthEnd = .skip
            } else if let (ordinal, day) = nthWeekday() {
                rule.byDay = [Recurrence.WeekdayRule(day, ordinal: ordinal)]
                rule.monthEnd = .skip
            } else if let day = try dayOfMonth() {
                rule.byMonthDay = [day]
            }
            _ = cursor.take("마다")
            return rule
        }

        /// `매년`, then optionally `5월 8일`, or `음력` and a lunar month and day.
        private mutating func yearly(_ interval: Int) throws(KitError) -> Recurrence {
            if cursor.take("음력") { return try lunar(interval) }
            var rule = Recurrence(.yearly, interval: interval, monthEnd: .clamp)
            let start = cursor.position
            for number in KoreanNumber.readings(in: cursor.text, at: start) where number.system != .native {
                cursor.position = number.end
                guard let month = number.integer, (1...12).contains(month), cursor.take("월") else { continue }
                guard let day = try dayOfMonth() else { throw unreadable() }
                rule.byMonth = [month]
                rule.byMonthDay = [day]
                return rule
            }
            cursor.position = start
            return rule
        }

        /// After `음력`: optionally a lunar month and day (`3월 14일`, `윤6월 1일`; else the due's),
        /// then `생일` or `마다`. Days a year lacks move back (`SKIP=BACKWARD`).
        private mutating func lunar(_ interval: Int) throws(KitError) -> Recurrence {
            var lunar = Recurrence.LunarRule(.dangi)
            if let (month, isLeap, day) = try KoreanLunar.monthDay(&cursor, original: original) {
                (lunar.month, lunar.isLeap, lunar.day) = (month, isLeap, day)
            }
            _ = cursor.take("생일")
            _ = cursor.take("마다")
            return Recurrence.lunarYearly(lunar, interval: interval)
        }

        private mutating func nthWeekday() -> (Int, Weekday)? {
            let start = cursor.position
            for (word, ordinal) in KoreanWhen.ordinals where ordinal <= 4 {
                cursor.position = start
                if cursor.take(word), let day = Weekday.allCases.first(where: { cursor.take($0.koreanName) }) {
                    return (ordinal, day)
                }
            }
            cursor.position = start
            return nil
        }

        /// `10일`, `십일`: a day of the month, checked.
        private mutating func dayOfMonth() throws(KitError) -> Int? {
            let start = cursor.position
            for number in KoreanNumber.readings(in: cursor.text, at: start) where number.system != .native {
                cursor.position = number.end
                guard let day = number.integer, cursor.take("일"), !cursor.sees("마다") else { continue }
                guard (1...31).contains(day) else {
                    throw .invalidArgument(
                        "'\(original)': \(String(day))일 is not a day of the month; use 1일 to 31일")
                }
                return day
            }
            cursor.position = start
            return nil
        }

        /// `2027-01-31까지`, `2027년 1월 31일까지`, `10번`, `10회`; none when the text ends.
        mutating func end() throws(KitError) -> Recurrence.End {
            _ = cursor.take(",")
            guard !cursor.atEnd else { return .never }
            let start = cursor.position
            for number in KoreanNumber.readings(in: cursor.text, at: start) {
                cursor.position = number.end
                if let count = number.integer, cursor.take(anyOf: ["번", "회"]) != nil {
                    _ = cursor.take("만")
                    return .count(count)
                }
            }
            // The date is read as a due date is: then `까지`.
            let rest = cursor.text[start...]
            guard rest.count > 2, String(rest.suffix(2)) == "까지" else { throw unreadable() }
            let dateText = String(rest.dropLast(2))
            cursor.position = cursor.text.count
            if let date = try? CivilDate.parseWritten(dateText) { return .until(.date(date)) }
            for (day, end) in KoreanWhen.dates(Array(dateText)) where end == dateText.count {
                if case .date(let date) = day { return .until(.date(date)) }
            }
            throw .invalidArgument(
                "'\(original)': give the last date with its year, e.g. 2027-01-31까지 or 2027년 1월 31일까지")
        }
    }
}
