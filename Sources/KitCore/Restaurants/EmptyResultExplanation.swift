/// Why a filter matches no place: the clause that removed the last candidates.
///
/// The clauses are applied one by one in the order the person named their categories; the culprit
/// is the first clause after which nothing is left. The message names it and how many places were
/// left before it: "no place has kind=일식 among the 3 places with area=수원역".
public struct EmptyResultExplanation: Equatable, Sendable, CustomStringConvertible {
    /// The clause that left nothing, or nil when there are no places at all.
    public let culprit: PlaceFilter.Clause?
    /// The clauses applied before the culprit.
    public let before: [PlaceFilter.Clause]
    /// How many places matched `before`.
    public let remainingBefore: Int

    /// The explanation, or nil when the filter matches at least one place.
    public static func explain(_ filter: PlaceFilter, places: [Place]) -> EmptyResultExplanation? {
        var remaining = places
        var before: [PlaceFilter.Clause] = []
        if remaining.isEmpty { return EmptyResultExplanation(culprit: nil, before: [], remainingBefore: 0) }
        for clause in filter.clauses {
            let next = remaining.filter { clause.matches($0.tags) }
            if next.isEmpty {
                return EmptyResultExplanation(culprit: clause, before: before, remainingBefore: remaining.count)
            }
            remaining = next
            before.append(clause)
        }
        return nil
    }

    /// What went wrong, without advice: "no place has kind=일식 among the 3 places with area=수원역".
    public var summary: String {
        guard let culprit else { return "there are no places yet" }
        let among = remainingBefore == 1 ? "the 1 place" : "the \(remainingBefore) places"
        let with = before.isEmpty ? "" : " with " + before.map(\.description).joined(separator: " and ")
        return "no place has \(culprit) among \(among)\(with)"
    }

    /// The summary and what to do about it, as the refusal of a pick, one template for each
    /// shape, so kitctl can say it in the user's language (`place list` and `place tags` send
    /// its template too).
    public var refusal: KitError {
        guard let culprit else { return .notFound("there are no places yet; add one first") }
        let clause = culprit.description
        let category = culprit.tags.first?.category ?? culprit.category
        let count = String(remainingBefore)
        let with = before.map(\.description).joined(separator: ", ")
        switch (before.isEmpty, remainingBefore == 1) {
        case (true, true):
            return .notFound("no place has \(clause) among the 1 place; drop \(clause) or pick another \(category)")
        case (true, false):
            return .notFound(
                "no place has \(clause) among the \(count) places; drop \(clause) or pick another \(category)")
        case (false, true):
            return .notFound(
                "no place has \(clause) among the 1 place with \(with); drop \(clause) or pick another \(category)")
        case (false, false):
            return .notFound(
                "no place has \(clause) among the \(count) places with \(with); drop \(clause) or pick another \(category)"
            )
        }
    }

    /// The summary and what to do about it: the refusal's English.
    public var description: String { refusal.kitMessage.english }
}
