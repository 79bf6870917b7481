/// Windows zone names, as Outlook and Exchange write them in a TZID (`Pacific Standard Time`, or
/// in older versions `(UTC-08:00) Pacific Time (US & Canada)`), and the IANA zones they mean, from
/// CLDR's windowsZones table (`WindowsZones+Table.swift`, made by `scripts/windows-zones.py`).
public enum WindowsZones {
    /// The IANA zone for a Windows zone name, or nil when the name is not one. Names match
    /// without regard to case.
    public static func ianaName(for windowsName: String) -> String? {
        byLowercasedName[windowsName.lowercased()]
    }

    /// The IANA zones the table names, each once, sorted: the main zone of every Windows zone,
    /// which makes good first guesses for a zone known only by its offsets.
    public static let ianaNames: [String] = Array(Set(table.values)).sorted()

    private static let byLowercasedName: [String: String] = Dictionary(
        table.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
}
