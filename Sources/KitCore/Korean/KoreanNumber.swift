/// A number written in Korean text: digits (`3`, `1.5`), Sino-Korean words (`삼십오`,
/// `이천이십칠`), or native Korean ones (`세`, `열두`, `서른`), mixed with digits where people do
/// (`2천`). Korean counts hours in native numbers and minutes, days, months and years in
/// Sino-Korean ones; the readers decide which a place takes.
struct KoreanNumber: Equatable {
    enum System: Equatable { case digits, sino, native }

    var value: Double
    var system: System
    /// Where the number ends in the text read.
    var end: Int

    /// The whole value, when it has no fraction.
    var integer: Int? { value == value.rounded(.down) && value < 1e9 ? Int(value) : nil }

    /// Every way a number can be read at `start`, longest first: `십일` is 11, or 10 followed by
    /// `일` (a day). The reader tries each until the rest of its grammar fits.
    static func readings(in text: [Character], at start: Int) -> [KoreanNumber] {
        var found = digits(in: text, at: start).map { [$0] } ?? []
        found += sino(in: text, at: start)
        found += native(in: text, at: start)
        return found.sorted { $0.end > $1.end }
    }

    // MARK: Digits

    private static func digits(in text: [Character], at start: Int) -> KoreanNumber? {
        var index = start
        var literal = ""
        while index < text.count, text[index].isASCII, text[index].isNumber || text[index] == "." {
            literal.append(text[index])
            index += 1
        }
        guard !literal.isEmpty, literal.count <= 12, literal.first != ".", literal.last != ".",
            let value = Double(literal)
        else { return nil }
        // `2천`, `3만`: digits times a Sino-Korean power, as in prices and years.
        if index < text.count, let power = powers[text[index]], value == value.rounded(.down) {
            return KoreanNumber(value: value * Double(power), system: .digits, end: index + 1)
        }
        return KoreanNumber(value: value, system: .digits, end: index)
    }

    // MARK: Sino-Korean

    private static let sinoDigits: [Character: Int] = [
        "영": 0, "공": 0, "일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "륙": 6, "칠": 7, "팔": 8, "구": 9,
    ]
    private static let powers: [Character: Int] = ["십": 10, "백": 100, "천": 1000, "만": 10_000]

    /// Each prefix at `start` that is a Sino-Korean number: `이천이십칠` gives 2, 2000, 2002,
    /// 2020, 2027. Powers fall in order (천 before 백 before 십), and 만 multiplies what came before.
    private static func sino(in text: [Character], at start: Int) -> [KoreanNumber] {
        var found: [KoreanNumber] = []
        var index = start
        var total = 0  // the part below 만 that is complete
        var high = 0  // whole 만s
        var pending: Int?  // a digit waiting for its power
        var lastPower = Int.max
        while index < text.count {
            let character = text[index]
            if let digit = sinoDigits[character] {
                guard pending == nil else { break }
                pending = digit
            } else if let power = powers[character] {
                if power == 10_000 {
                    let below = total + (pending ?? 0)
                    guard high == 0 else { break }
                    high = (below == 0 ? 1 : below) * 10_000
                    total = 0
                    lastPower = 10_000
                } else {
                    guard power < lastPower || lastPower == 10_000 else { break }
                    if pending == 0 { break }
                    total += (pending ?? 1) * power
                    lastPower = power
                }
                pending = nil
            } else {
                break
            }
            index += 1
            found.append(KoreanNumber(value: Double(high + total + (pending ?? 0)), system: .sino, end: index))
        }
        return found
    }

    // MARK: Native Korean

    /// The words for 1 to 9, each with the forms it takes before a counter (`한 시`, `세 시`).
    private static let nativeOnes: [(String, Int)] = [
        ("하나", 1), ("한", 1), ("둘", 2), ("두", 2), ("셋", 3), ("세", 3), ("석", 3), ("서", 3), ("넷", 4),
        ("네", 4), ("넉", 4), ("너", 4), ("다섯", 5), ("닷", 5), ("여섯", 6), ("엿", 6), ("일곱", 7), ("여덟", 8),
        ("아홉", 9),
    ]
    private static let nativeTens: [(String, Int)] = [
        ("열", 10), ("스물", 20), ("스무", 20), ("서른", 30), ("마흔", 40), ("쉰", 50), ("예순", 60), ("일흔", 70),
        ("여든", 80), ("아흔", 90),
    ]

    private static func native(in text: [Character], at start: Int) -> [KoreanNumber] {
        var found: [KoreanNumber] = []
        func word(_ list: [(String, Int)], at index: Int) -> [(Int, Int)] {
            var cursor = KoreanCursor(text)
            return list.compactMap { word, value in
                cursor.position = index
                return cursor.take(word) ? (value, cursor.position) : nil
            }
        }
        for (ten, end) in word(nativeTens, at: start) {
            found.append(KoreanNumber(value: Double(ten), system: .native, end: end))
            // `스무` stands only before a counter: twenty-one is `스물하나`.
            for (one, oneEnd) in word(nativeOnes, at: end) {
                found.append(KoreanNumber(value: Double(ten + one), system: .native, end: oneEnd))
            }
        }
        for (one, end) in word(nativeOnes, at: start) {
            found.append(KoreanNumber(value: Double(one), system: .native, end: end))
        }
        return found
    }
}
