import KitCore

/// A bound on one member of a method's params, declared with the params type (`BoundedParams`)
/// and checked by kitd's router as the params are read, before any handler sees them: the edge
/// where a client's numbers are bounded. docs/protocol.md must give each bound (`MethodTableTests`),
/// and each is tried just outside its ends (`MethodTableRouteTests`).
public struct ParamBound<Params> {
    /// The member, by its wire name.
    public let member: String
    /// The bound as docs/protocol.md gives it in the member's row: `1 to 10000`.
    public let text: String
    /// Values just outside the bound, as JSON text (`10001`, `"xxx…"`), each refused with `-32003`.
    public let outside: [String]
    private let check: (Params) -> String?

    /// The problem with `params`' member, in words a person can act on; nil when within.
    public func problem(in params: Params) -> String? { check(params) }

    /// A count of `unit` (`timers a page`) in `range`, when given. `hint` says what to do
    /// instead (`follow 'next' for more`).
    public static func count(
        _ member: String, _ path: KeyPath<Params, Int?>, _ range: ClosedRange<Int>, unit: String,
        hint: String? = nil
    ) -> Self {
        let open = range.upperBound == Int.max
        let text = open ? "at least \(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
        var outside = [String(range.lowerBound - 1)]
        if !open { outside.append(String(range.upperBound + 1)) }
        return Self(member: member, text: text, outside: outside) { params in
            guard let value = params[keyPath: path], !range.contains(value) else { return nil }
            return "'\(member)' \(value) is out of range; give \(text) \(unit)" + (hint.map { ", and \($0)" } ?? "")
        }
    }
}

extension ParamBound {
    /// A duration in nanoseconds inside one of `ranges`, when given. `text` says the ranges as the
    /// member's row in docs/protocol.md does (`more than 0 and at most 366 days`).
    public static func duration(
        _ member: String, _ path: KeyPath<Params, Nanoseconds?>, _ ranges: ClosedRange<Nanoseconds>..., text: String,
        hint: String? = nil
    ) -> Self {
        duration(member, ranges, text: text, hint: hint) { $0[keyPath: path] }
    }

    /// A duration member that is always there (`timer.start`'s `durationNs`).
    public static func duration(
        _ member: String, _ path: KeyPath<Params, Nanoseconds>, _ ranges: ClosedRange<Nanoseconds>..., text: String,
        hint: String? = nil
    ) -> Self {
        duration(member, ranges, text: text, hint: hint) { $0[keyPath: path] }
    }

    private static func duration(
        _ member: String, _ ranges: [ClosedRange<Nanoseconds>], text: String, hint: String?,
        value: @escaping (Params) -> Nanoseconds?
    ) -> Self {
        let within = { (value: Nanoseconds) in ranges.contains { $0.contains(value) } }
        let ends = ranges.flatMap { range -> [Nanoseconds] in
            let below = range.lowerBound.subtractingReportingOverflow(1)
            let above = range.upperBound.addingReportingOverflow(1)
            return (below.overflow ? [] : [below.partialValue]) + (above.overflow ? [] : [above.partialValue])
        }
        let outside = Set(ends.filter { !within($0) }).sorted().map(String.init)
        return Self(member: member, text: text, outside: outside) { params in
            guard let value = value(params), !within(value) else { return nil }
            return "'\(member)' \(value) is out of range; give \(text)" + (hint.map { "; \($0)" } ?? "")
        }
    }
}

extension ParamBound {
    /// A text of at most `limit` characters, when given.
    public static func text(_ member: String, _ path: KeyPath<Params, String?>, limit: Int) -> Self {
        text(member, limit: limit) { $0[keyPath: path] }
    }

    /// A text member that is always there (`task.add`'s `due`).
    public static func text(_ member: String, _ path: KeyPath<Params, String>, limit: Int) -> Self {
        text(member, limit: limit) { $0[keyPath: path] }
    }

    private static func text(_ member: String, limit: Int, value: @escaping (Params) -> String?) -> Self {
        let text = "at most \(grouped(limit)) characters"
        let outside = "\"" + String(repeating: "x", count: limit + 1) + "\""
        return Self(member: member, text: text, outside: [outside]) { params in
            // Counting stops past the limit: a 1 MB text costs no more than one at the limit.
            guard let value = value(params), value.utf8.count > limit, value.prefix(limit + 1).count > limit else {
                return nil
            }
            return "'\(member)' has more than \(grouped(limit)) characters; give \(text)"
        }
    }

    /// `2,000` for 2000, as docs/protocol.md writes limits.
    private static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(Substring(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return ([Substring(digits)] + groups).joined(separator: ",")
    }
}

/// Params with bounds on their members, checked before the handler runs.
public protocol BoundedParams {
    static var bounds: [ParamBound<Self>] { get }
}

extension BoundedParams {
    /// The first problem with `value`'s members, when it is a `Self`.
    public static func firstProblem(in value: Any) -> String? {
        guard let params = value as? Self else { return nil }
        return bounds.lazy.compactMap { $0.problem(in: params) }.first
    }

    /// Each bound's member, text and values outside it, without the params' type.
    public static var boundDescriptions: [(member: String, text: String, outside: [String])] {
        bounds.map { ($0.member, $0.text, $0.outside) }
    }
}
