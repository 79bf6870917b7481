/// A timed step of a cook: at the start, some time before the end, or at the end.
public struct RamenStep: Codable, Sendable, Equatable, CustomStringConvertible {
    public enum Moment: Sendable, Equatable {
        case start
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
        case .left(let left): return left > 0 && left < duration ? duration - left : nil
        }
    }

    /// `start: …`, `1:00 left: …`, `end: …`: the form `--step` takes and `description` prints.
    public var description: String {
        switch moment {
        case .start: "start: \(text)"
        case .end: "end: \(text)"
        case .left(let left): "\(DurationFormatter.clock(left)) left: \(text)"
        }
    }

    /// Reads `start: add the flakes`, `end: drain`, or `1:00 left: add an egg` (any duration).
    public static func parse(_ text: String) throws(KitError) -> RamenStep {
        guard let colon = text.firstIndex(of: ":") else { throw badStep(text) }
        // `1:00 left: …` has a colon inside the time; the step's colon is the one after "left".
        if let leftRange = text.firstRange(of: " left:") {
            let when = String(text[..<leftRange.lowerBound])
            let body = String(text[leftRange.upperBound...]).trimmingWhitespace()
            guard !body.isEmpty else { throw badStep(text) }
            do throws(DurationParseError) {
                return RamenStep(.left(try DurationParser.parse(when)), body)
            } catch {
                throw .invalidArgument("the step '\(text)' has an unreadable time: \(error.description)")
            }
        }
        let head = text[..<colon].trimmingWhitespace().lowercased()
        let body = String(text[text.index(after: colon)...]).trimmingWhitespace()
        guard !body.isEmpty else { throw badStep(text) }
        switch head {
        case "start": return RamenStep(.start, body)
        case "end": return RamenStep(.end, body)
        default: throw badStep(text)
        }
    }

    private static func badStep(_ text: String) -> KitError {
        .invalidArgument(
            "cannot read the step '\(text)'; write 'start: add the flakes', '1:00 left: add an egg' or 'end: drain'")
    }

    /// `{"at":"left","leftNs":60000000000,"seconds":60,"text":"add an egg"}`: `seconds` is the
    /// form before kit kept nanoseconds, still written, and read when `leftNs` is absent.
    private enum CodingKeys: String, CodingKey { case at, leftNs, seconds, text }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        switch try container.decode(String.self, forKey: .at) {
        case "start": moment = .start
        case "end": moment = .end
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
                forKey: .at, in: container, debugDescription: "'\(other)' is not start, left or end")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        switch moment {
        case .start: try container.encode("start", forKey: .at)
        case .end: try container.encode("end", forKey: .at)
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
