import Foundation
import KitClient
import KitCore
import KitProtocol
import KitTestSupport

/// Issue 3's figures: listing the catalog from the shell, and searching 10,000 products.
enum RamenFigures {
    static func listCommand(runs: Int = 60) throws -> [Figure] {
        let daemon = try BenchDaemon()
        try daemon.start()
        let (times, output) = try daemon.timeKitctl(["ramen", "list"], runs: runs)
        let count = output.split(separator: "\n").count - 1
        daemon.stop()
        let sample = Sample(times)
        return [
            Figure(
                name: "`kitctl ramen list`, whole command (\(count) products, \(runs) runs)", target: "report",
                measured: "median \(format(sample.median)) ms, p90 \(format(sample.percentile(90))) ms", met: nil)
        ]
    }

    /// 10,000 made-up products with Korean and English names.
    static func synthetic(_ count: Int) -> [RamenProduct] {
        let syllables = Array("가나다라마바사아자차카타파하신진너구리안성탕삼양짜파게티불닭볶음열참깨육개장왕뚜껑오징어짬뽕틈새")
        let words = ["spicy", "mild", "seafood", "beef", "kimchi", "cheese", "curry", "miso", "shoyu", "tonkotsu"]
        var generator = SplitMix64(seed: 7)
        return (0..<count).map { index in
            let length = 2 + Int(generator.next() % 3)
            let name =
                String((0..<length).map { _ in syllables[Int(generator.next() % UInt64(syllables.count))] })
                + "면 \(index)"
            let english = words[Int(generator.next() % 10)].capitalized + " Noodle \(index)"
            return RamenProduct(
                id: "synthetic-\(index)", name: name, englishName: english, brand: "Brand \(index % 40)", kind: .pot,
                cookTime: Int64(180 + index % 180) * Nanoseconds.second, waterMl: 500)
        }
    }

    static let queries = ["신라", "ㅅㄹ", "ㅈㅍㄱ", "spicy", "noodle 42", "brand 7", "불닭", "kimchi noodle 99", "짜", "ㅇㅈㅇ"]

    static func searchTenThousand() throws -> [Figure] {
        let products = synthetic(10_000)
        let index = RamenSearchIndex(products)
        var inProcess: [Double] = []
        for round in 0..<30 {
            for query in queries {
                let began = monotonicSeconds()
                let hits = index.search(query)
                inProcess.append((monotonicSeconds() - began) * 1000)
                if round == 0 && hits.isEmpty && query == "신라" { throw HarnessError("the synthetic set has no 신라") }
            }
        }

        let daemon = try BenchDaemon()
        try daemon.start()
        let client = try daemon.connect()
        try Figures.pipeline(
            client,
            products.map {
                RequestEnvelope(
                    id: .number(1), method: Method.ramenAdd.name,
                    params: RamenAddParams(name: $0.name, cookNs: $0.cookTime, englishName: $0.englishName))
            })
        var roundTrips: [Double] = []
        for _ in 0..<20 {
            for query in ["ㅅㄹ면 12", "noodle 4242", "brand 7 spicy", "짜파 면", "ㅇㅈㅇ면 99"] {
                let began = monotonicSeconds()
                _ = try client.callForLine(Method.ramenList, RamenListParams(query: query))
                roundTrips.append((monotonicSeconds() - began) * 1000)
            }
        }
        daemon.stop()
        let local = Sample(inProcess)
        let remote = Sample(roundTrips)
        return [
            Figure(
                name: "ramen search over 10,000 products, kitd's search code (\(local.count) queries)",
                target: "report p99",
                measured: "p50 \(format(local.median)) ms, p99 \(format(local.percentile(99))) ms", met: nil),
            Figure(
                name: "  same through kitd: `ramen.list` with a query, round trip", target: "",
                measured: "p50 \(format(remote.median)) ms, p99 \(format(remote.percentile(99))) ms", met: nil),
        ]
    }
}
