import Foundation

/// Percentiles over a sample, by the nearest-rank method.
struct Sample {
    private(set) var values: [Double]

    init(_ values: [Double]) { self.values = values.sorted() }

    var count: Int { values.count }

    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let rank = Int((p / 100 * Double(values.count)).rounded(.up))
        return values[Swift.min(Swift.max(rank, 1), values.count) - 1]
    }

    var median: Double { percentile(50) }
    var max: Double { values.last ?? .nan }
}

func monotonicSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

func wallSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

func format(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
