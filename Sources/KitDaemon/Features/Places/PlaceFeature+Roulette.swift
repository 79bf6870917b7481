import KitCore
import KitLocalization
import KitProtocol

/// `place.pick`: the roulette, its history rows and rotation state, and the optional popup.
extension PlaceFeature {
    /// Seeds kitd draws stay below 2^53, so that any JSON reader (jq, JavaScript) keeps them exact.
    static let drawnSeedLimit: UInt64 = 1 << 53

    func pick(_ params: PlacePickParams) throws -> PlacePickResult {
        let filter = try Self.filter(params.tags)
        // Bounded at the edge (PlacePickParams.bounds), which also bounds the history read below.
        let window = params.avoidRecentNs
        let roulette = Roulette(
            filter: filter, count: params.count ?? 1, weighted: params.weighted ?? false,
            rotate: params.rotate ?? false, avoidRecent: window)
        let now = clock.now().wall
        var history: [PlaceHistoryEntry] = []
        if let window {
            let (start, overflow) = now.nanoseconds.subtractingReportingOverflow(window.value)
            history = try store.placeHistoryEntries(since: WallTime(nanoseconds: overflow ? Int64.min : start))
        }
        let rotation = roulette.rotate ? try store.rotation(filterKey: roulette.rotationKey) : nil
        let seed = params.seed ?? UInt64.random(in: 0..<Self.drawnSeedLimit)
        let result = try roulette.spin(places, history: history, rotation: rotation, now: now, seed: seed)
        try storing {
            try store.recordPick(
                result.picks.map { ($0.id, $0.name) }, filter: filter.canonicalText, at: now, rotation: result.rotation)
        }
        for place in result.picks { recordPicked(place.id, at: now) }
        let picks = result.picks.map(info)
        let names = places.lazy.filter(filter.matches).prefix(30).map(\.name)
        let event = PlacePickedEvent(picks: picks, filter: filter.canonicalText, seed: seed)
        commits.onCommitted { [events] in events.emit(Event.placePicked, event) }
        if params.notify == true {
            let popup = pickPopup(result.picks, now: clock.now())
            popups.post(popup)
        }
        logger.info(
            "roulette picked",
            metadata: [
                "place.ids": "\(result.picks.map(\.id))", "place.candidates": "\(result.candidateCount)",
                "place.filter": "\(filter.canonicalText)", "place.seed": "\(seed)",
            ])
        return PlacePickResult(
            picks: picks, candidates: result.candidateCount, candidateNames: Array(names), seed: seed,
            round: result.rotation?.round, startedNewRound: result.startedNewRound,
            includesRecent: result.includesRecent, notes: result.notes)
    }

    /// "Picked: 수원 칼국수" with the tags, address and link of each pick.
    private func pickPopup(_ picks: [Place], now: ClockReading) -> Popup {
        let summary = Localized.text("Picked: %s", picks.map(\.name).joined(separator: ", "))
        let body = picks.map { place in
            var lines: [String] = []
            if picks.count > 1 { lines.append(place.name) }
            if !place.tags.isEmpty { lines.append(place.tags.map(\.description).joined(separator: " · ")) }
            if let address = place.address { lines.append(address) }
            if let url = place.url { lines.append(url) }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
        return Popup(
            subject: PlacePopup.pick, summary: summary, body: body, icon: "emblem-favorite", urgency: .normal,
            category: "x-kit.place.picked", requestedAt: now.boot)
    }
}
