import KitCore

/// config.toml's `[tray]` table: kit in the panel (`Tray`).
///
/// ```toml
/// [tray]
/// enabled = true                          # false: no tray item, and no session bus at all
/// durations = ["3m", "5m", "10m", "25m"]  # what Start timer offers
/// ```
struct TraySettings: ConfigSection, Equatable {
    static let name = "tray"
    static let keys: Set<String> = ["enabled", "durations"]
    /// The most durations Start timer lists.
    static let maximumDurations = 12

    var enabled = true
    var durations: [Nanoseconds] = [3, 5, 10, 25].map { Nanoseconds.minute * $0 }

    init() {}

    init(_ table: ConfigTable) throws(ConfigError) {
        if let flag = try table.bool("enabled") { enabled = flag }
        let what = "durations in quotes, such as [\"5m\", \"1h30m\"]"
        if let texts = try table.strings("durations", what) {
            guard (1...Self.maximumDurations).contains(texts.count) else {
                throw table.error("durations", " must list 1 to \(Self.maximumDurations) durations")
            }
            var durations: [Nanoseconds] = []
            for text in texts {
                do throws(DurationParseError) {
                    durations.append(try DurationParser.parse(text))
                } catch {
                    throw table.error("durations", ": \(error.description)")
                }
                guard durations.last! >= Nanoseconds.second, durations.last! <= Nanoseconds.day * 366 else {
                    throw table.error("durations", " = \"\(text)\" must be from a second to 366 days")
                }
            }
            self.durations = durations
        }
    }
}
