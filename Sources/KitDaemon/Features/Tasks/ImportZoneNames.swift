import KitCalendar
import KitCore

/// The zone each TZID of one imported document means, worked out once per TZID: the name itself
/// when kit knows it; the zone CLDR maps a Windows name to (Outlook, Exchange); or, for a name
/// the document defines in a VTIMEZONE, the IANA zone that agrees with that definition from the
/// year of first use through ten years on, and when none does, the definition itself, kept
/// under its TZID (`newDefinitions`). Matching a definition costs milliseconds, so a
/// document gets at most `maximumDefinitions` of them. It runs off the loop, on the zones as
/// they were when the import began.
final class ImportZoneNames {
    static let maximumDefinitions = 32

    /// Zones tried first for a VTIMEZONE that names none: where most calendars are written (so US
    /// Eastern rules read as New York, not Indianapolis).
    static let commonZones = [
        "America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles",
        "America/Anchorage", "Pacific/Honolulu", "America/Toronto", "America/Vancouver", "America/Mexico_City",
        "America/Sao_Paulo", "Europe/London", "Europe/Dublin", "Europe/Lisbon", "Europe/Berlin", "Europe/Paris",
        "Europe/Madrid", "Europe/Rome", "Europe/Amsterdam", "Europe/Athens", "Europe/Helsinki", "Europe/Moscow",
        "Europe/Istanbul", "Asia/Dubai", "Asia/Kolkata", "Asia/Singapore", "Asia/Shanghai", "Asia/Hong_Kong",
        "Asia/Taipei", "Asia/Seoul", "Asia/Tokyo", "Australia/Perth", "Australia/Adelaide", "Australia/Brisbane",
        "Australia/Sydney", "Pacific/Auckland", "Africa/Johannesburg", "Africa/Lagos", "Africa/Cairo",
    ]

    private let zones: ZoneSnapshot
    private let definitions: [String: [UInt8]]
    private var found: [String: String?] = [:]
    private var matched = 0
    /// Definitions this document brings that no IANA zone matches, by the name kit gives each
    /// (its TZID, numbered when a different zone has that name): the loop half keeps them.
    private(set) var newDefinitions: [String: String] = [:]
    private var newZones: [String: EmbeddedTimeZone] = [:]

    init(zones: ZoneSnapshot, definitions: [String: [UInt8]]) {
        self.zones = zones
        self.definitions = definitions
    }

    /// The IANA name `tzid` means, or nil when it means none kit knows.
    func name(for tzid: String, year: Int) -> String? {
        if let known = found[tzid] { return known }
        let name = look(up: tzid, year: year)
        found[tzid] = name
        return name
    }

    /// Why `tzid` has no zone, for the report.
    func unknown(_ tzid: String) -> KitMessage {
        guard definitions[tzid] != nil else { return .message("unknown time zone '\(tzid)'") }
        if matched >= Self.maximumDefinitions {
            return .message(
                "unknown time zone '\(tzid)'; kit reads at most \(Self.maximumDefinitions) zones a file defines")
        }
        return .message("unknown time zone '\(tzid)'; the file's VTIMEZONE for it matches no zone kit knows")
    }

    private func look(up tzid: String, year: Int) -> String? {
        // The document's own definition comes before a zone kit keeps under the same name.
        let definedHere = definitions[tzid] != nil && zones.named.defined.text(named: tzid) != nil
        if !definedHere && zones.zone(named: tzid) != nil { return tzid }
        if let windows = WindowsZones.ianaName(for: tzid), zones.zone(named: windows) != nil { return windows }
        guard let definition = definitions[tzid], matched < Self.maximumDefinitions,
            let embedded = EmbeddedTimeZone(tzid: tzid, vtimezone: definition)
        else { return nil }
        matched += 1
        if let iana = embedded.ianaName(
            among: [zones.systemName] + Self.commonZones + WindowsZones.ianaNames + zones.knownNames,
            years: year...(year + 10), zone: zones.zone(named:))
        {
            return iana
        }
        // No IANA zone keeps its rules (pre-2007 US daylight time, a made-up offset): the zone is
        // used as the document writes it, under its TZID, or the name kit already keeps it under.
        let text = String(decoding: definition, as: UTF8.self)
        if let kept = zones.named.defined.name(definedAs: text) { return kept }
        if let here = newDefinitions.first(where: { $0.value == text })?.key { return here }
        var name = tzid
        var number = 2
        while zones.zone(named: name) != nil || newDefinitions[name] != nil {
            name = "\(tzid) (\(number))"
            number += 1
        }
        newDefinitions[name] = text
        newZones[name] = EmbeddedTimeZone(tzid: name, vtimezone: definition)
        return name
    }

    /// A zone by the name `name(for:year:)` gave: a zone of the snapshot, or one this document
    /// defines.
    func zone(named name: String) -> (any UTCOffsets)? { newZones[name] ?? zones.zone(named: name) }
}
