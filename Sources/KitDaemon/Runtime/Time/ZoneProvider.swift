import Foundation
import KitCore

/// Where tasks get their time zones: the system's, one named by IANA id, or one a calendar file
/// defined. A seam: tests can
/// hand in zones of their own, and a change of the system zone is one call.
protocol ZoneProvider: AnyObject {
    /// The system zone's IANA name, e.g. `Europe/Berlin`.
    var systemName: String { get }
    var system: any UTCOffsets { get }
    /// A zone by IANA name, or by the name of a zone a calendar file defined; nil if there is
    /// no such zone.
    func zone(named name: String) -> (any UTCOffsets)?
    /// The zones calendar files defined that no IANA zone matches.
    var defined: DefinedZones { get }
    /// Every IANA name `zone(named:)` knows.
    var knownNames: [String] { get }
    /// The system zone may have changed: read it again.
    func systemChanged()
    /// The zones as they are now, for work on another thread.
    func snapshot() -> ZoneSnapshot
}

extension ZoneProvider {
    /// What an instant worked out from a civil time depends on besides the zone a task names:
    /// the system zone and the tz database's version. Tasks' stored instants are worked out
    /// again when it differs.
    var instantsBasis: String { "\(systemName) tzdata \(SystemZones.databaseVersion)" }
}

/// Zones from the system's tz database, through Foundation.
final class SystemZones: ZoneProvider {
    private var cache: [String: any UTCOffsets] = [:]
    let defined = DefinedZones()
    /// Made on first use: Foundation loads ICU for zones, a few MiB that a kitd without tasks
    /// does not need.
    private lazy var current = FoundationZone(TimeZone.current)

    var systemName: String { current.zone.identifier }
    var system: any UTCOffsets { current }

    func zone(named name: String) -> (any UTCOffsets)? {
        if let cached = cache[name] { return cached }
        let system: (any UTCOffsets)? = FoundationZone.named(name)
        guard let zone = system ?? defined.makeZone(named: name) else { return nil }
        cache[name] = zone
        return zone
    }

    var knownNames: [String] { TimeZone.knownTimeZoneIdentifiers }

    /// The tz database's version (`2025b`), from the first line of `tzdata.zi`; `unknown` when
    /// it cannot be read.
    static let databaseVersion: String = {
        let path = "/usr/share/zoneinfo/tzdata.zi"
        guard let handle = FileHandle(forReadingAtPath: path), let head = try? handle.read(upToCount: 64) else {
            return "unknown"
        }
        try? handle.close()
        let line = String(decoding: head.prefix { $0 != 10 }, as: UTF8.self)
        let prefix = "# version "
        return line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : "unknown"
    }()

    func systemChanged() {
        NSTimeZone.resetSystemTimeZone()
        current = FoundationZone(TimeZone.current)
    }

    /// The system zone now, and zones by name through a cache of the snapshot's own, so the
    /// thread that uses it never shares this one's.
    func snapshot() -> ZoneSnapshot {
        ZoneSnapshot(systemName: systemName, system: current, named: NamedZones(defined: defined))
    }
}
