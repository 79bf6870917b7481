import KitCore

/// The zones as the loop saw them when work off it began, for that work to use on its thread:
/// the system zone at that moment, and any zone by name. A change of the system zone while the
/// work runs is not seen by it; the part that runs back on the loop sees the zones as they are.
struct ZoneSnapshot: Sendable {
    let systemName: String
    let system: any UTCOffsets
    let named: NamedZones

    func zone(named name: String) -> (any UTCOffsets)? { named.zone(named: name) }

    var knownNames: [String] { named.knownNames }
}
