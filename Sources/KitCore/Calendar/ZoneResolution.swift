/// The instant a civil time resolved to, and whether DST moved or chose it.
public struct ZoneResolution: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The local time occurs exactly once.
        case exact
        /// The local time falls in a gap of `gap` seconds; the instant is the end of the gap.
        case skipped(gap: Int64)
        /// The local time occurs twice, at the first offset and then at the second (seconds east
        /// of UTC); the instant is the first.
        case repeated(offsets: (first: Int, second: Int))

        public static func == (lhs: Kind, rhs: Kind) -> Bool {
            switch (lhs, rhs) {
            case (.exact, .exact): true
            case (.skipped(let a), .skipped(let b)): a == b
            case (.repeated(let a), .repeated(let b)): a.first == b.first && a.second == b.second
            default: false
            }
        }
    }

    public var instant: WallTime
    public var kind: Kind

    public init(instant: WallTime, kind: Kind) {
        self.instant = instant
        self.kind = kind
    }
}
