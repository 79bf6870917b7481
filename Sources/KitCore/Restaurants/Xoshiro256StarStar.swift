/// xoshiro256** 1.0 (Blackman and Vigna, `xoshiro256starstar.c`): the generator behind roulette.
///
/// Written out here, rather than using the system generator, so that one seed gives the same
/// sequence on every machine and every Swift version. `next(below:)` is the bounded draw roulette
/// uses, for the same reason (`RandomNumberGenerator.next(upperBound:)` may change between
/// versions).
public struct Xoshiro256StarStar: RandomNumberGenerator, Hashable, Sendable {
    public private(set) var state: (UInt64, UInt64, UInt64, UInt64)

    /// Seeds the four state words with the first four outputs of `SplitMix64(seed:)`, as the
    /// authors recommend.
    public init(seed: UInt64) {
        var mixer = SplitMix64(seed: seed)
        state = (mixer.next(), mixer.next(), mixer.next(), mixer.next())
    }

    /// Uses the state as given. The all-zero state, which would only ever yield zeros, is replaced
    /// by the state of `init(seed: 0)`.
    public init(state: (UInt64, UInt64, UInt64, UInt64)) {
        self.state = state == (0, 0, 0, 0) ? Xoshiro256StarStar(seed: 0).state : state
    }

    public mutating func next() -> UInt64 {
        let result = rotateLeft(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotateLeft(state.3, 45)
        return result
    }

    /// A uniform draw from `0..<bound` (Lemire's multiply-and-reject method, no modulo bias);
    /// 0 when `bound` is 0.
    public mutating func next(below bound: UInt64) -> UInt64 {
        guard bound > 0 else { return 0 }
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold { product = next().multipliedFullWidth(by: bound) }
        }
        return product.high
    }

    public static func == (lhs: Xoshiro256StarStar, rhs: Xoshiro256StarStar) -> Bool { lhs.state == rhs.state }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(state.0)
        hasher.combine(state.1)
        hasher.combine(state.2)
        hasher.combine(state.3)
    }

    private func rotateLeft(_ value: UInt64, _ count: UInt64) -> UInt64 { (value << count) | (value >> (64 - count)) }
}
