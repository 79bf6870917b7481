import Foundation
import KitCore

@testable import KitDaemon

/// Real zones from the tz database, with a system zone the test names: a change of the system
/// zone without touching /etc/localtime.
final class SettableZones: ZoneProvider {
    private let real = SystemZones()
    private(set) var systemName: String
    private var pending: String

    init(system: String) {
        systemName = system
        pending = system
    }

    var system: any UTCOffsets { real.zone(named: systemName) ?? FixedOffset.utc }

    func zone(named name: String) -> (any UTCOffsets)? { real.zone(named: name) }

    var knownNames: [String] { real.knownNames }

    var defined: DefinedZones { real.defined }

    /// What the system zone becomes at the next `systemChanged()`, as the tz link would.
    func setSystem(_ name: String) { pending = name }

    func systemChanged() { systemName = pending }

    func snapshot() -> ZoneSnapshot {
        ZoneSnapshot(systemName: systemName, system: system, named: NamedZones(defined: real.defined))
    }
}
