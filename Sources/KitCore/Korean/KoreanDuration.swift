/// Durations as Korean is written: `3분`, `4분 30초`, `90초`, `1.5시간`, `2시간 15분`, in words of
/// either number system (`세 시간`, `삼 분`, `서른 분`), with a half (`한 시간 반`, `반 시간`), and
/// the words for days (`하루`, `이틀`, `사흘`, …, `열흘`, `보름`) and weeks (`일주일`, `2주`).
/// Spaces are optional. Units go from the largest down, each once, as in the English forms.
enum KoreanDuration {
    static var examples: KitMessage { .message("3분, 4분 30초, 1시간 15분, 한 시간 반 or 90초") }

    /// A unit, ranked from the largest.
    enum Unit: Int, CaseIterable {
        case week = 0
        case day
        case hour
        case minute
        case second
        case millisecond

        var nanoseconds: Double {
            switch self {
            case .week: 7 * 86_400e9
            case .day: 86_400e9
            case .hour: 3_600e9
            case .minute: 60e9
            case .second: 1e9
            case .millisecond: 1e6
            }
        }

        /// The words, longest first where one begins another (`주일` before `주`, `밀리초` before
        /// nothing: `초` is taken on its own).
        static let words: [(String, Unit)] = [
            ("밀리초", .millisecond), ("주일", .week), ("주", .week), ("일", .day), ("시간", .hour), ("분", .minute),
            ("초", .second),
        ]
    }

    /// Days said in one word.
    static let dayWords: [(String, Int)] = [
        ("하루", 1), ("이틀", 2), ("사흘", 3), ("나흘", 4), ("닷새", 5), ("엿새", 6), ("이레", 7), ("여드레", 8),
        ("아흐레", 9), ("열흘", 10), ("보름", 15),
    ]

    /// Reads a whole Korean duration (a positive length).
    static func parse(_ original: String) throws(DurationParseError) -> Int64 {
        let text = KoreanText.compact(original)
        if text.contains(where: { $0.isASCII && $0.isLetter }) {
            throw DurationParseError(input: original, reason: .mixedLanguages)
        }
        var body = text
        if body.count > 2, String(body.suffix(2)) == "동안" { body.removeLast(2) }
        let endings = readings(in: body, at: 0).filter { $0.end == body.count }
        guard let reading = endings.first else {
            throw DurationParseError(input: original, reason: .korean)
        }
        guard reading.nanoseconds <= Double(DurationParser.maximum.value) else {
            throw DurationParseError(input: original, reason: .tooLong)
        }
        return Int64(reading.nanoseconds.rounded())
    }

    struct Reading {
        var nanoseconds: Double
        var end: Int
    }

    /// Every duration that can be read from `start`, by where it ends: the longest first.
    static func readings(in text: [Character], at start: Int) -> [Reading] {
        var found: [Reading] = []
        collect(text, at: start, after: nil, total: 0, into: &found)
        return found.sorted { $0.end > $1.end }
    }

    /// One part (an amount and its unit, perhaps a half after it), then the parts after it, each
    /// with a smaller unit than the one before.
    private static func collect(
        _ text: [Character], at start: Int, after last: Unit?, total: Double, into found: inout [Reading]
    ) {
        guard found.count < 64 else { return }
        for (amount, unit, end) in parts(text, at: start) {
            if let last, unit.rawValue <= last.rawValue { continue }
            var sum = total + amount * unit.nanoseconds
            var next = end
            var cursor = KoreanCursor(text)
            cursor.position = end
            // `한 시간 반`: and a half of that unit.
            if cursor.take("반") {
                sum += unit.nanoseconds / 2
                next = cursor.position
            }
            guard sum > 0, sum.isFinite, sum < 1e19 else { continue }
            found.append(Reading(nanoseconds: sum, end: next))
            collect(text, at: next, after: unit, total: sum, into: &found)
        }
    }

    /// The parts that can start at `start`: a number and a unit (`4분`, `세 시간`, `일주일`), a half
    /// and a unit (`반 시간`), a day word (`이틀`), or a bare unit meaning one (`주`, as in `매주`,
    /// is not taken here).
    private static func parts(_ text: [Character], at start: Int) -> [(Double, Unit, Int)] {
        var found: [(Double, Unit, Int)] = []
        var cursor = KoreanCursor(text)
        for (word, days) in dayWords {
            cursor.position = start
            if cursor.take(word) { found.append((Double(days), .day, cursor.position)) }
        }
        cursor.position = start
        if cursor.take("반"), let unit = unit(text, at: cursor.position) {
            found.append((0.5, unit.0, unit.1))
        }
        for number in KoreanNumber.readings(in: text, at: start) {
            guard let unit = unit(text, at: number.end) else { continue }
            found.append((number.value, unit.0, unit.1))
        }
        return found
    }

    private static func unit(_ text: [Character], at index: Int) -> (Unit, Int)? {
        var cursor = KoreanCursor(text)
        cursor.position = index
        for (word, unit) in Unit.words where cursor.take(word) { return (unit, cursor.position) }
        return nil
    }
}
