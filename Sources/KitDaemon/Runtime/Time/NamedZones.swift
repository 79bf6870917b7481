import Foundation
import Synchronization

/// Zones of the system's tz database by IANA name, each made once, safe to ask from any thread:
/// how work off the loop reads zones. The loop's `SystemZones` keeps a cache of its own, without
/// a lock.
final class NamedZones: Sendable {
    private let made = Mutex<[String: FoundationZone]>([:])

    func zone(named name: String) -> FoundationZone? {
        made.withLock { made in
            if let zone = made[name] { return zone }
            guard let zone = TimeZone(identifier: name) else { return nil }
            let wrapped = FoundationZone(zone)
            made[name] = wrapped
            return wrapped
        }
    }

    var knownNames: [String] { TimeZone.knownTimeZoneIdentifiers }
}
