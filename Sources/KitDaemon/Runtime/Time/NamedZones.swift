import Foundation
import KitCore
import Synchronization

/// Zones of the system's tz database by IANA name, and the zones calendar files defined
/// (`DefinedZones`), each made once, safe to ask from any thread: how work off the loop reads
/// zones. The loop's `SystemZones` keeps a cache of its own, without a lock.
final class NamedZones: Sendable {
    private let made = Mutex<[String: any UTCOffsets & Sendable]>([:])
    let defined: DefinedZones

    init(defined: DefinedZones) { self.defined = defined }

    func zone(named name: String) -> (any UTCOffsets & Sendable)? {
        made.withLock { made in
            if let zone = made[name] { return zone }
            let system: (any UTCOffsets & Sendable)? = FoundationZone.named(name)
            let zone = system ?? defined.makeZone(named: name)
            made[name] = zone
            return zone
        }
    }

    var knownNames: [String] { TimeZone.knownTimeZoneIdentifiers }
}
