/// A message for a person that knows its template: written as an interpolated literal
/// (`"no timer '\(ref)'"`), it keeps the template a translation is looked up by (`no timer '%s'`,
/// or `%1$s`, `%2$s` … with more values) and the values filled in. kitd sends both beside the
/// English (`data.format`, `data.arguments`), so kitctl can say a refusal in the user's language.
/// KitCore and kitd only make messages and keep them English; what a person reads is said in
/// their language at the edge, by `Localized.text(_:)`, the one place a message is translated.
///
/// `scripts/po.sh pot` extracts the literals written where a `KitError` is made, and those marked
/// with `.message(…)`.
public struct KitMessage: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The gettext message id: the literal with `%s` (or `%N$s`) for each value, `%%` for `%`.
    /// Nil for a text made elsewhere, which has no template (`init(verbatim:)`).
    public let format: String?
    public let arguments: [String]
    /// The values that are messages themselves (a reason inside a report line), by their place in
    /// `arguments`, so that they are translated too; empty when none is.
    public let parts: [KitMessage?]
    /// The English, filled in.
    public let english: String

    public init(stringLiteral value: String) {
        format = Self.escaped(value)
        arguments = []
        parts = []
        english = value
    }

    public init(stringInterpolation: Interpolation) {
        let count = stringInterpolation.arguments.count
        format =
            count == 1 ? stringInterpolation.format.replacing("%1$s", with: "%s") : stringInterpolation.format
        arguments = stringInterpolation.arguments
        parts = stringInterpolation.parts.contains { $0 != nil } ? stringInterpolation.parts : []
        english = stringInterpolation.english
    }

    /// A text made elsewhere (a parser's own description, a bound's problem), kept as it is.
    public init(verbatim text: String) {
        format = nil
        arguments = []
        parts = []
        english = text
    }

    /// A text that is its own template: one kit's catalogs may translate as it stands (a step or
    /// a note of the ramen catalog, which `scripts/po.sh pot` extracts from its JSON).
    public init(phrase text: String) {
        format = Self.escaped(text)
        arguments = []
        parts = []
        english = text
    }

    /// A message as it came from elsewhere (kitd's `data.format` and `data.arguments` with its
    /// English): said again in the user's language through its template, when it has one.
    public init(format: String?, arguments: [String], parts: [KitMessage?] = [], english: String) {
        self.format = format
        self.arguments = arguments
        self.parts = parts.contains { $0 != nil } ? parts : []
        self.english = english
    }

    /// A message written as a literal outside a `KitError` (a report line, a reason), marked so
    /// that `scripts/po.sh pot` extracts its template.
    public static func message(_ message: KitMessage) -> KitMessage { message }

    /// kit's English: what logs and the JSON protocol carry.
    public var description: String { english }

    /// `%s` in order, `%1$s` by number, `%%` as `%`: a template filled in with its values, as
    /// the English is and as a translation is.
    public static func fill(_ format: String, _ arguments: [String]) -> String {
        var result = ""
        var next = 0
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            // `append(contentsOf:)` with a Substring, not `+=`, whose generic form has the runtime
            // look up Substring's conformances at the first message of every kitctl command.
            result.append(contentsOf: rest[..<percent])
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                result += "%"
                rest = rest.dropFirst()
            } else if rest.first == "s" {
                result += next < arguments.count ? arguments[next] : ""
                next += 1
                rest = rest.dropFirst()
            } else if let dollar = rest.firstIndex(of: "$"), let number = Int(rest[..<dollar]),
                rest[rest.index(after: dollar)...].first == "s"
            {
                result += number >= 1 && number <= arguments.count ? arguments[number - 1] : ""
                rest = rest[rest.index(dollar, offsetBy: 2)...]
            } else {
                result += "%"
            }
        }
        result.append(contentsOf: rest)
        return result
    }

    /// Two messages are the same when they read the same in English.
    public static func == (lhs: KitMessage, rhs: KitMessage) -> Bool { lhs.english == rhs.english }
    public func hash(into hasher: inout Hasher) { hasher.combine(english) }

    static func escaped(_ literal: String) -> String { literal.replacing("%", with: "%%") }

    public struct Interpolation: StringInterpolationProtocol, Sendable {
        var format = ""
        var english = ""
        var arguments: [String] = []
        var parts: [KitMessage?] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            format.reserveCapacity(literalCapacity + 4 * interpolationCount)
            english.reserveCapacity(literalCapacity)
            arguments.reserveCapacity(interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            format += KitMessage.escaped(literal)
            english += literal
        }

        public mutating func appendInterpolation<Value>(_ value: Value) {
            let text = String(describing: value)
            arguments.append(text)
            parts.append(nil)
            format += "%\(arguments.count)$s"
            english += text
        }

        /// A message inside a message: its English here, and itself kept to be translated.
        public mutating func appendInterpolation(_ message: KitMessage) {
            arguments.append(message.english)
            parts.append(message)
            format += "%\(arguments.count)$s"
            english += message.english
        }
    }
}
