/// A timed step of a cook: at the start, some time into it, some time before the end, or at the
/// end.
public struct RamenStep: Codable, Sendable, Equatable, CustomStringConvertible {
    public enum Moment: Sendable, Equatable {
        case start
        /// This long after the start.
        case after(Nanoseconds)
        /// This long before the end.
        case left(Nanoseconds)
        case end
    }

    public var moment: Moment
    public var text: String

    public init(_ moment: Moment, _ text: String) {
        self.moment = moment
        self.text = text
    }

    /// How long after the start the step is due, for a cook of `duration`. nil for a `left` step
    /// that falls outside the cook (the time was shortened).
    public func offset(inCookOf duration: Nanoseconds) -> Nanoseconds? {
        switch moment {
        case .start: return 0
        case .end: return duration
        case .after(let after): return after > 0 && after < duration ? after : nil
        case .left(let left): return left > 0 && left < duration ? duration - left : nil
        }
    }

    /// Whether the step pops up on its own during a cook (an `after` or a `left` step).
    public var isTimed: Bool {
        switch moment {
        case .after, .left: true
        case .start, .end: false
        }
    }

    /// `start: …`, `2:00 in: …`, `1:00 left: …`, `end: …`: the form `--step` takes and
    /// `description` prints.
    public var description: String { momentText + ": " + text }

    /// When it comes: `start`, `2:00 in`, `1:00 left`, `end`.
    public var momentText: String { moment.message.english }

    /// The step as a person reads it, with the catalog's text and the moment each translatable:
    /// `start: Add the noodles…`, `시작: 끓는 물에 면을 넣습니다.` under ko_KR.
    public var message: KitMessage { .message("\(moment.message): \(KitMessage(phrase: text))") }

    /// Reads `start: add the flakes`, `end: drain`, `2:00 in: stir`, `1:00 left: add an egg`
    /// (any duration), and the same in Korean: `시작: 스프 넣기`, `끝: 불 끄기`, `2분 후: 젓기`,
    /// `1분 남음: 계란`, `1:30 남음: 계란`.
    public static func parse(_ original: String) throws(KitError) -> RamenStep {
        let text = original.replacing("：", with: ":")
        for (marker, timed) in [
            (" left", Moment.left), (" in", Moment.after), ("남음", Moment.left), ("후", Moment.after),
        ] {
            guard let (when, body) = split(text, at: marker) else { continue }
            guard !body.isEmpty else { throw badStep(original) }
            do throws(DurationParseError) {
                return RamenStep(timed(try DurationParser.parse(when)), body)
            } catch {
                throw .invalidArgument(
                    "the step '\(original)' has an unreadable time: \(error.kitMessage)")
            }
        }
        guard let colon = text.firstIndex(of: ":") else { throw badStep(original) }
        let head = text[..<colon].trimmingWhitespace().lowercased()
        let body = String(text[text.index(after: colon)...]).trimmingWhitespace()
        guard !body.isEmpty else { throw badStep(original) }
        switch head {
        case "start", "시작": return RamenStep(.start, body)
        case "end", "끝", "마지막": return RamenStep(.end, body)
        default: throw badStep(original)
        }
    }

    /// `1:00 left: …` has a colon inside the time; the step's colon is the first one after
    /// `marker`. The time before the marker and the text after the colon, or nil.
    private static func split(_ text: String, at marker: String) -> (String, String)? {
        var searched = text.startIndex
        while let range = text[searched...].firstRange(of: marker) {
            let after = text[range.upperBound...].drop(while: { $0 == " " })
            let when = text[..<range.lowerBound].trimmingWhitespace()
            if after.first == ":", !when.isEmpty {
                return (when, String(after.dropFirst()).trimmingWhitespace())
            }
            searched = range.upperBound
        }
        return nil
    }

    private static func badStep(_ text: String) -> KitError {
        .invalidArgument(
            "cannot read the step '\(text)'; write 'start: add the flakes', '2:00 in: stir', '1:00 left: add an egg' or 'end: drain' (in Korean '시작: …', '2분 후: …', '1분 남음: …', '끝: …')"
        )
    }

    /// `{"at":"left","leftNs":60000000000,"seconds":60,"text":"add an egg"}`: `seconds` is the
    /// form before kit kept nanoseconds, still written, and read when `leftNs` is absent.
    private enum CodingKeys: String, CodingKey { case at, afterNs, leftNs, seconds, text }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        switch try container.decode(String.self, forKey: .at) {
        case "start": moment = .start
        case "end": moment = .end
        case "after": moment = .after(try container.decode(Nanoseconds.self, forKey: .afterNs))
        case "left":
            if let left = try container.decodeIfPresent(Nanoseconds.self, forKey: .leftNs) {
                moment = .left(left)
            } else {
                let seconds = try container.decode(Double.self, forKey: .seconds)
                let scaled = (seconds * Double(Nanoseconds.nanosecondsPerSecond)).rounded()
                guard scaled.magnitude < 9.2e18 else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .seconds, in: container, debugDescription: "\(seconds) seconds is too long")
                }
                moment = .left(Nanoseconds(Int64(scaled)))
            }
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .at, in: container, debugDescription: "'\(other)' is not start, after, left or end")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        switch moment {
        case .start: try container.encode("start", forKey: .at)
        case .end: try container.encode("end", forKey: .at)
        case .after(let after):
            try container.encode("after", forKey: .at)
            try container.encode(after, forKey: .afterNs)
        case .left(let left):
            try container.encode("left", forKey: .at)
            try container.encode(left, forKey: .leftNs)
            try container.encode(Double(left.value) / Double(Nanoseconds.nanosecondsPerSecond), forKey: .seconds)
        }
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String { String(self).trimmingWhitespace() }
}

extension RamenStep.Moment {
    /// `start`, `2:00 in`, `1:00 left`, `end` (the English `--step` reads), each with its template.
    public var message: KitMessage {
        switch self {
        case .start: .message("start")
        case .end: .message("end")
        case .after(let after): .message("\(DurationFormatter.clock(after)) in")
        case .left(let left): .message("\(DurationFormatter.clock(left)) left")
        }
    }
}
