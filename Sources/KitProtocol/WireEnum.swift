import KitCore

/// A closed set of words on the wire (a timer's state, a change's reason, a run's outcome): an
/// enum whose raw value is the JSON text, so clients see the same strings they always did, and
/// kit compares cases, not strings. Printed, it is its wire text (`timed out`, not `timedOut`).
public protocol WireEnum: RawRepresentable, Codable, Sendable, CaseIterable, CustomStringConvertible
where RawValue == String {}

extension WireEnum {
    public var description: String { rawValue }
}

extension ItemMerge.Side: WireEnum {}
extension RamenKind: WireEnum {}
extension RamenEntry.Origin: WireEnum {}
extension PlaceHistoryEntry.Kind: WireEnum {}
