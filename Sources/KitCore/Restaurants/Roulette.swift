/// Picks places at random for lunch, reproducibly: the same seed and inputs give the same picks.
///
/// A spin draws `count` distinct places from the candidates, the places that match `filter`
/// (taken in ascending id order, so the order the caller lists them in does not matter). The
/// options are of two sorts and combine freely:
///
/// - Options that narrow the pool each draw chooses from, strongest first:
///   - `rotate`: only places not yet picked in the current round. When every candidate has been
///     picked once, a new round begins with all of them. The state lives in a `RotationState` the
///     caller stores per filter and passes back; each spin returns the next one. A place added to
///     the candidates mid-round (new, or re-tagged to match) joins the current round; a place that
///     left (deleted, or no longer matching) is dropped from the state, and the round ends when
///     every current candidate has been picked. A state whose `filterKey` is not this filter's
///     `canonicalText` is ignored and a fresh round begins. With `count` larger than what is left
///     of a round, the rest of the round is drawn first and the remainder from the next round
///     (still distinct within the spin).
///   - `avoidRecent`: skip places picked or visited at or after `now - avoidRecent` (entries after
///     `now`, from a clock set back, count as recent). When that would leave nothing to choose
///     from, the draw chooses from the pool without this option; the result's `includesRecent`
///     and a note say so. Rotation wins over avoid-recent: a round is never cut short for it.
/// - The distribution within the pool: uniform, or with `weighted` proportional to each place's
///   `weight` (clamped to `PlaceValidation.weightRange`). Several places are drawn one after the
///   other without replacement.
///
/// Randomness is `Xoshiro256StarStar(seed:)` with `next(below:)`; callers without a seed of their
/// own pass a random one.
public struct Roulette: Hashable, Sendable {
    public var filter: PlaceFilter
    /// How many distinct places to pick: at least 1, at most the number of candidates.
    public var count: Int
    public var weighted: Bool
    public var rotate: Bool
    /// The avoid-recent window, up to `DurationParser.maximum` (366 days); nil for none.
    public var avoidRecent: Nanoseconds?

    public init(
        filter: PlaceFilter = PlaceFilter(), count: Int = 1, weighted: Bool = false, rotate: Bool = false,
        avoidRecent: Nanoseconds? = nil
    ) {
        self.filter = filter
        self.count = count
        self.weighted = weighted
        self.rotate = rotate
        self.avoidRecent = avoidRecent
    }

    /// The key to store this roulette's `RotationState` under.
    public var rotationKey: String { filter.canonicalText }

    public func spin(
        _ places: [Place], history: [PlaceHistoryEntry] = [], rotation: RotationState? = nil, now: WallTime,
        seed: UInt64
    ) throws(KitError) -> RouletteResult {
        guard count >= 1 else {
            throw .invalidArgument("cannot pick \(count) places; ask for 1 or more")
        }
        if let avoidRecent, avoidRecent <= 0 || avoidRecent > DurationParser.maximum {
            throw .invalidArgument(
                "the avoid-recent window must be longer than zero and at most 366 days; try 7d")
        }
        let candidates = try self.candidates(places)
        let recent = recentIDs(history, now: now)
        var rng = Xoshiro256StarStar(seed: seed)
        var round = 1
        var done: Set<Int64> = []
        if rotate, let rotation, rotation.filterKey == rotationKey {
            round = max(1, rotation.round)
            done = Set(rotation.pickedIDs).intersection(candidates.map(\.id))
        }
        var remaining = candidates
        var picks: [Place] = []
        var startedNewRound = false
        var recentPicks = 0
        for _ in 0..<count {
            var pool = remaining
            if rotate {
                pool = remaining.filter { !done.contains($0.id) }
                if pool.isEmpty {
                    round = round < Int.max ? round + 1 : 1
                    done = []
                    startedNewRound = true
                    pool = remaining
                }
            }
            if !recent.isEmpty {
                let fresh = pool.filter { !recent.contains($0.id) }
                if fresh.isEmpty { recentPicks += 1 } else { pool = fresh }
            }
            let place = pool[choose(from: pool, using: &rng)]
            picks.append(place)
            remaining.removeAll { $0.id == place.id }
            done.insert(place.id)
        }
        var notes: [String] = []
        if startedNewRound {
            notes.append("every matching place has been picked once; round \(round) of the rotation has begun")
        }
        if recentPicks > 0, let avoidRecent { notes.append(recentNote(recentPicks, window: avoidRecent)) }
        return RouletteResult(
            picks: picks, candidateCount: candidates.count,
            rotation: rotate ? RotationState(filterKey: rotationKey, round: round, pickedIDs: Array(done)) : nil,
            startedNewRound: startedNewRound, includesRecent: recentPicks > 0, notes: notes)
    }

    /// The places matching the filter, one per id, by ascending id; refuses when too few.
    private func candidates(_ places: [Place]) throws(KitError) -> [Place] {
        var ids: Set<Int64> = []
        let candidates = filter.apply(to: places).filter { ids.insert($0.id).inserted }.sorted { $0.id < $1.id }
        if candidates.isEmpty {
            let explanation = EmptyResultExplanation.explain(filter, places: places)
            guard let explanation else { throw .notFound("no place matches \(filter)") }
            throw explanation.refusal
        }
        guard count <= candidates.count else {
            let scope =
                filter.isEmpty ? "there are only \(candidates.count)" : "only \(candidates.count) match \(filter)"
            throw .invalidArgument(
                "cannot pick \(count) different places: \(scope); ask for at most \(candidates.count)")
        }
        return candidates
    }

    private func recentIDs(_ history: [PlaceHistoryEntry], now: WallTime) -> Set<Int64> {
        guard let avoidRecent else { return [] }
        let (start, overflow) = now.nanoseconds.subtractingReportingOverflow(avoidRecent.value)
        let cutoff = overflow ? Int64.min : start
        return Set(history.lazy.filter { $0.at.nanoseconds >= cutoff }.map(\.placeID))
    }

    private func choose(from pool: [Place], using rng: inout Xoshiro256StarStar) -> Int {
        guard weighted else { return Int(rng.next(below: UInt64(pool.count))) }
        let range = PlaceValidation.weightRange
        let weights = pool.map { UInt64(min(max($0.weight, range.lowerBound), range.upperBound)) }
        var target = rng.next(below: weights.reduce(0, +))
        for (index, weight) in weights.enumerated() {
            if target < weight { return index }
            target -= weight
        }
        return pool.count - 1
    }

    private func recentNote(_ recentPicks: Int, window: Nanoseconds) -> String {
        let within = "picked or visited in the last \(DurationFormatter.compact(window))"
        let scope = rotate ? "place left in this rotation round" : "matching place"
        if recentPicks == count {
            return "every \(scope) was \(within), so the pick includes recent places anyway"
        }
        let verb = recentPicks == 1 ? "was" : "were"
        return "only \(count - recentPicks) of the \(count) picks avoid places \(within); "
            + "the other \(recentPicks) \(verb) picked from recent places"
    }
}
