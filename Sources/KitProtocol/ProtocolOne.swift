import KitCore

/// Protocol 1 at the edge of the wire, in one place.
///
/// Since protocol 2 every duration on the wire is an integer number of nanoseconds, in a member
/// whose name ends in `Ns`. Protocol 1 sent a JSON number of seconds (or milliseconds) under
/// another name. So that scripts and status bars written against it keep working, kit still
/// writes protocol 1's member (its twin) beside each `Ns` member protocol 1 had in every reply
/// and event (`remainingSeconds` beside `remainingNs`: `LineEncoder` through `replyMember`, and
/// `LineWriter.duration` for the generated writers), and kitd still takes protocol 1's params
/// (`{"seconds":90}` for `timer.start`: `Decoder.duration(_:)`, through `paramsMember`). kit's own
/// types hold only the `Ns` members, and kit itself reads only them. docs/protocol.md lists both.
public enum ProtocolOne {
    /// A reply's or an event's duration member that protocol 1 had, and its protocol 1 twin: its
    /// name, and how many nanoseconds its unit is.
    public struct Member: Sendable {
        public let key: StaticString
        public let name: StaticString
        public let unit: Int64
    }

    public static let duration = Member(key: "durationNs", name: "durationSeconds", unit: second)
    public static let remaining = Member(key: "remainingNs", name: "remainingSeconds", unit: second)
    public static let elapsed = Member(key: "elapsedNs", name: "elapsedSeconds", unit: second)
    public static let remindAfter = Member(key: "remindAfterNs", name: "remindAfterSeconds", unit: second)
    public static let lap = Member(key: "lapNs", name: "lapSeconds", unit: second)
    public static let total = Member(key: "totalNs", name: "totalSeconds", unit: second)
    public static let alerts = Member(key: "alertsNs", name: "alertSeconds", unit: second)
    public static let nag = Member(key: "nagNs", name: "nagSeconds", unit: second)
    public static let delta = Member(key: "deltaNs", name: "deltaSeconds", unit: second)
    public static let uptime = Member(key: "uptimeNs", name: "uptimeSeconds", unit: second)
    public static let before = Member(key: "beforeNs", name: "beforeSeconds", unit: second)
    public static let cook = Member(key: "cookNs", name: "seconds", unit: second)
    public static let catalogCook = Member(key: "catalogCookNs", name: "catalogSeconds", unit: second)
    public static let lateness = Member(key: "latenessNs", name: "latenessMs", unit: millisecond)
    public static let latency = Member(key: "latencyNs", name: "latencyMs", unit: millisecond)

    /// Every one of them: a member named by one of these keys, in any reply or event, gets its
    /// twin.
    public static let replyMembers = [
        duration, remaining, elapsed, remindAfter, lap, total, alerts, nag, delta, uptime, before, cook, catalogCook,
        lateness, latency,
    ]

    /// The twin written beside a reply's or an event's `key`; nil for a member protocol 1 did not
    /// have.
    public static func replyMember(_ key: String) -> Member? { byKey[key] }

    /// Whether `name` is a twin (`uptimeSeconds`): a reader of kit's own types passes over it.
    public static func isReplyMember(_ name: String) -> Bool { names.contains(name) }

    private static let byKey = Dictionary(uniqueKeysWithValues: replyMembers.map { ($0.key.description, $0) })
    private static let names = Set(replyMembers.map(\.name.description))

    /// The protocol 1 name of a params member (a number of seconds) that kitd still takes in
    /// place of `key`; nil for a member protocol 1 did not have.
    public static func paramsMember(_ key: String) -> String? {
        switch key {
        case "durationNs", "deltaNs", "cookNs": "seconds"
        case "remindAfterNs": "remindAfterSeconds"
        case "avoidRecentNs": "avoidRecentSeconds"
        default: nil
        }
    }

    /// `nanoseconds` in a protocol 1 unit, as the JSON number protocol 1 wrote.
    public static func number(_ nanoseconds: Nanoseconds, unit: Int64) -> Double {
        Double(nanoseconds.value) / Double(unit)
    }

    /// A protocol 1 number of seconds as nanoseconds, saturating at the ends of the range, so that
    /// a value too large for kit is refused by the method's own range check instead of as a type
    /// error.
    public static func nanoseconds(seconds number: Double) -> Nanoseconds {
        let scaled = (number * Double(second)).rounded()
        if scaled >= 9.2e18 { return .max }
        if scaled <= -9.2e18 { return .min }
        return Nanoseconds(Int64(scaled))
    }

    private static let second = Nanoseconds.nanosecondsPerSecond
    private static let millisecond = Nanoseconds.millisecond.value
}
