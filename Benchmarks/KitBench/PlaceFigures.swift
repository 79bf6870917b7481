import Foundation
import KitClient
import KitCore
import KitProtocol
import KitStore
import KitTestSupport

/// Issue 7's figures: facets over 10,000 places with a two-tag filter, and a rotating pick.
enum PlaceFigures {
    static let areas = (1...25).map { "동네\($0)" }
    static let kinds = ["한식", "중식", "일식", "양식", "분식", "카페", "베트남", "인도", "멕시칸", "태국"]
    static let prices = ["싸다", "보통", "비싸다"]

    /// 10,000 places, each with an area, a kind, a price and one to three of 12 moods.
    static func drafts(_ count: Int) throws -> [PlaceDraft] {
        var rng = Xoshiro256StarStar(seed: 7)
        func any(_ values: [String]) -> String { values[Int(rng.next(below: UInt64(values.count)))] }
        return try (0..<count).map { index in
            var tags: TagSet = [
                try PlaceTag(category: "area", value: any(areas)), try PlaceTag(category: "kind", value: any(kinds)),
                try PlaceTag(category: "price", value: any(prices)),
            ]
            for _ in 0..<(1 + Int(rng.next(below: 3))) {
                tags.insert(try PlaceTag(category: "mood", value: "mood\(rng.next(below: 12))"))
            }
            return PlaceDraft(name: "place \(index)", tags: tags, weight: 1 + Int(rng.next(below: 5)))
        }
    }

    static func tagsAndPick(places: Int = 10_000, requests: Int = 2_000, runs: Int = 30) throws -> [Figure] {
        let daemon = try BenchDaemon()
        try daemon.start()
        daemon.stop()
        let all = try drafts(places)
        do {
            let database = try KitDatabase.open(path: daemon.databasePath, logger: .init(label: "bench"))
            _ = try database.places.insertPlaces(all, now: WallTime(seconds: wallSeconds()))
            try database.commit()
        }
        try daemon.start()

        // place.tags with a two-tag filter, one request at a time on an open connection.
        let connection = try daemon.connect()
        let filter = PlaceFilterParams(tags: ["area=동네3", "kind=한식"])
        var roundTrips: [Double] = []
        var matching = 0
        for _ in 0..<requests {
            let began = monotonicSeconds()
            matching = try connection.call(Method.placeTags, filter).matching
            roundTrips.append((monotonicSeconds() - began) * 1000)
        }
        // The daemon's own work for the same request, measured in this process on the same data.
        let placesInMemory = all.enumerated().map { Place(id: Int64($0.offset + 1), draft: $0.element) }
        let index = FacetIndex(placesInMemory)
        var compute: [Double] = []
        for _ in 0..<requests {
            let began = monotonicSeconds()
            let parsed = try PlaceFilter(parsing: filter.tags ?? [])
            _ = index.facets(parsed)
            compute.append((monotonicSeconds() - began) * 1000)
        }

        // place.pick with rotate on an open connection: the daemon's part of the command below.
        var pickTrips: [Double] = []
        for _ in 0..<200 {
            let began = monotonicSeconds()
            _ = try connection.call(Method.placePick, PlacePickParams(rotate: true))
            pickTrips.append((monotonicSeconds() - began) * 1000)
        }

        // kitctl place pick --rotate, whole command.
        let (times, _) = try daemon.timeKitctl(["place", "pick", "--rotate"], runs: runs)
        daemon.stop()
        let r = Sample(roundTrips)
        let c = Sample(compute)
        let p = Sample(times)
        let q = Sample(pickTrips)
        return [
            Figure(
                name: "place.tags, \(places) places, filter area=동네3 kind=한식 (\(matching) match), "
                    + "round trip on an open connection (\(requests) requests)",
                target: "report p99",
                measured: "p50 \(format(r.median, 3)) ms, p99 \(format(r.percentile(99), 3)) ms", met: nil),
            Figure(
                name: "  the daemon's work alone (filter parse + facet index over \(places) places, in-process)",
                target: "report p99",
                measured: "p50 \(format(c.median, 3)) ms, p99 \(format(c.percentile(99), 3)) ms", met: nil),
            Figure(
                name: "`kitctl place pick --rotate` with \(places) places, whole command (\(runs) runs)",
                target: "report median",
                measured: "median \(format(p.median)) ms, p90 \(format(p.percentile(90))) ms", met: nil),
            Figure(
                name: "  place.pick with rotate on an open connection (200 picks; each reply after an fsync'd commit)",
                target: "", measured: "p50 \(format(q.median, 3)) ms, p99 \(format(q.percentile(99), 3)) ms", met: nil),
        ]
    }
}
