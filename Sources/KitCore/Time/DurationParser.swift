/// Reads the durations people type: `90`, `90s`, `4m30s`, `1h2m`, `1h 2m`, `4:30`, `4:30.5`, `1:02:03`,
/// `1.5h`, `2 days`, and the Korean forms (`4분 30초`, `한 시간 반`: `KoreanDuration`). Signed forms (`+1m`, `-30s`) are read by `parseSigned`.
public enum DurationParser {
    /// The longest duration kit accepts anywhere: 366 days.
    public static let maximum: Nanoseconds = 366 * 86_400 * Nanoseconds.second

    public static var examples: KitMessage { .message("90, 90s, 4m30s, 1h2m or 4:30") }

    /// Parses a positive duration.
    public static func parse(_ text: String) throws(DurationParseError) -> Nanoseconds {
        let trimmed = text.trimmingWhitespace()
        if let first = trimmed.first, first == "-" || first == "\u{2212}",
            (try? parseMagnitude(String(trimmed.dropFirst()), original: text)) != nil
        {
            throw DurationParseError(input: text, reason: .negative)
        }
        let value = try parseMagnitude(text, original: text)
        guard value > 0 else { throw DurationParseError(input: text, reason: .notPositive) }
        return Nanoseconds(value)
    }

    /// Parses an adjustment with an optional sign: `+1m`, `-30s`, `90`. Zero is refused.
    public static func parseSigned(_ text: String) throws(DurationParseError) -> Nanoseconds {
        let trimmed = text.trimmingWhitespace()
        var sign: Int64 = 1
        var body = Substring(trimmed)
        if let first = body.first, first == "+" || first == "-" || first == "\u{2212}" {
            sign = first == "+" ? 1 : -1
            body = body.dropFirst()
        }
        let value = try parseMagnitude(String(body), original: text)
        guard value > 0 else { throw DurationParseError(input: text, reason: .notPositive) }
        return Nanoseconds(sign * value)
    }

    /// The nanoseconds `text` says, counted as Int64 until `parse` makes a length of them.
    private static func parseMagnitude(_ text: String, original: String) throws(DurationParseError) -> Int64 {
        let trimmed = text.trimmingWhitespace().lowercased()
        guard !trimmed.isEmpty else { throw DurationParseError(input: original, reason: .empty) }
        let value: Int64
        if KoreanText.hasHangul(trimmed) {
            value = try KoreanDuration.parse(trimmed)
        } else if trimmed.contains(":") {
            value = try parseClock(trimmed, original: original)
        } else if trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
            guard let seconds = Double(trimmed) else { throw DurationParseError(input: original, reason: .malformed) }
            value = try scaled(seconds, by: Nanoseconds.nanosecondsPerSecond, original: original)
        } else {
            value = try parseUnits(trimmed, original: original)
        }
        guard value <= maximum.value else { throw DurationParseError(input: original, reason: .tooLong) }
        return value
    }

    /// `M:SS` or `H:MM:SS`, the seconds with a fraction if wanted (`4:30.25`, to the
    /// nanosecond); the leading field is unbounded, the others are below 60.
    private static func parseClock(_ text: String, original: String) throws(DurationParseError) -> Int64 {
        var fields = text.split(separator: ":", omittingEmptySubsequences: false)
        var fraction: Int64 = 0
        if let last = fields.last, let dot = last.firstIndex(of: ".") {
            let digits = last[last.index(after: dot)...]
            guard (1...9).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Int64(digits + String(repeating: "0", count: 9 - digits.count))
            else { throw DurationParseError(input: original, reason: .malformed) }
            fraction = value
            fields[fields.count - 1] = last[..<dot]
        }
        guard fields.count == 2 || fields.count == 3,
            fields.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { throw DurationParseError(input: original, reason: .malformed) }
        var numbers: [Int64] = []
        for field in fields {
            guard field.count <= 9, let number = Int64(field) else {
                throw DurationParseError(input: original, reason: .tooLong)
            }
            numbers.append(number)
        }
        guard numbers.dropFirst().allSatisfy({ $0 < 60 }) else {
            throw DurationParseError(input: original, reason: .fieldOver59)
        }
        let seconds = numbers.reduce(0) { $0 * 60 + $1 }
        guard seconds <= maximum / Nanoseconds.second else {
            throw DurationParseError(input: original, reason: .tooLong)
        }
        return seconds * Nanoseconds.nanosecondsPerSecond + fraction
    }

    private enum Unit: Int, CaseIterable {
        case day = 0
        case hour
        case minute
        case second
        case millisecond

        var nanoseconds: Int64 {
            switch self {
            case .day: Nanoseconds.day.value
            case .hour: Nanoseconds.hour.value
            case .minute: Nanoseconds.minute.value
            case .second: Nanoseconds.nanosecondsPerSecond
            case .millisecond: 1_000_000
            }
        }

        init?(word: Substring) {
            switch word {
            case "d", "day", "days": self = .day
            case "h", "hr", "hrs", "hour", "hours": self = .hour
            case "m", "min", "mins", "minute", "minutes": self = .minute
            case "s", "sec", "secs", "second", "seconds": self = .second
            case "ms", "msec", "millisecond", "milliseconds": self = .millisecond
            default: return nil
            }
        }
    }

    /// A sequence of `<number><unit>` parts, largest unit first, each unit at most once.
    private static func parseUnits(_ text: String, original: String) throws(DurationParseError) -> Int64 {
        var rest = Substring(text)
        var total: Int64 = 0
        var lastUnit: Unit?
        while true {
            rest = rest.drop(while: { $0 == " " })
            if rest.isEmpty { break }
            let number = rest.prefix(while: { $0.isASCII && ($0.isNumber || $0 == ".") })
            guard !number.isEmpty, let amount = Double(number) else {
                throw DurationParseError(input: original, reason: .malformed)
            }
            rest = rest.dropFirst(number.count).drop(while: { $0 == " " })
            let word = rest.prefix(while: { $0.isLetter })
            guard let unit = Unit(word: word) else {
                throw DurationParseError(
                    input: original, reason: word.isEmpty ? .missingUnit : .unknownUnit(String(word)))
            }
            if let lastUnit, unit.rawValue <= lastUnit.rawValue {
                throw DurationParseError(input: original, reason: .unitOrder)
            }
            lastUnit = unit
            rest = rest.dropFirst(word.count)
            total += try scaled(amount, by: unit.nanoseconds, original: original)
            guard total <= maximum.value else { throw DurationParseError(input: original, reason: .tooLong) }
        }
        guard lastUnit != nil else { throw DurationParseError(input: original, reason: .malformed) }
        return total
    }

    private static func scaled(_ amount: Double, by unit: Int64, original: String) throws(DurationParseError) -> Int64 {
        let value = amount * Double(unit)
        guard value.isFinite, value <= Double(maximum.value) else {
            throw DurationParseError(input: original, reason: .tooLong)
        }
        return Int64(value.rounded())
    }
}

/// Why a duration could not be read, as a message a person can act on.
public struct DurationParseError: MessageError, Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        case empty, malformed, missingUnit
        case unknownUnit(String)
        case unitOrder, fieldOver59, notPositive, tooLong
        /// `-5m` where only a length makes sense.
        case negative
        /// Korean kit cannot read as a duration.
        case korean
        /// Korean and English units in one duration (`4분 30s`).
        case mixedLanguages
    }

    public var input: String
    public var reason: Reason

    public init(input: String, reason: Reason) {
        self.input = input
        self.reason = reason
    }

    /// What went wrong, with its template for a translation.
    public var kitMessage: KitMessage {
        switch reason {
        case .empty: return .message("the duration is empty; try \(DurationParser.examples)")
        case .malformed: return .message("cannot read '\(input)' as a duration; try \(DurationParser.examples)")
        case .missingUnit: return .message("'\(input)' has a number without a unit; use d, h, m, s or ms (e.g. 4m30s)")
        case .unknownUnit(let unit):
            return .message("'\(input)' has an unknown unit '\(unit)'; use d, h, m, s or ms (e.g. 4m30s)")
        case .unitOrder: return .message("'\(input)' repeats a unit or puts a smaller one first; write e.g. 1h2m30s")
        case .fieldOver59:
            return .message("'\(input)': minutes and seconds after a colon must be below 60 (e.g. 4:30)")
        case .notPositive: return .message("'\(input)' is not a positive duration; try \(DurationParser.examples)")
        case .tooLong: return .message("'\(input)' is longer than 366 days, the longest duration kit accepts")
        case .negative:
            return .message("'\(input)' is negative; a length must be positive, such as \(DurationParser.examples)")
        case .korean: return .message("cannot read '\(input)' as a duration; try \(KoreanDuration.examples)")
        case .mixedLanguages:
            return .message("'\(input)' mixes Korean and English units; write it in one of them: 4분 30초 or 4m30s")
        }
    }
}

extension String {
    public func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[start...end])
    }
}
