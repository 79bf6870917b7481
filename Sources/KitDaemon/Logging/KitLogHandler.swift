import Foundation
import Logging

/// swift-log to the journal under systemd, else to stderr.
///
/// Under systemd (JOURNAL_STREAM set) each entry goes to journald in its native protocol
/// (`sd_journal_sendv`), with the metadata as fields of their own: `timer.id` becomes
/// `KIT_TIMER_ID`, so `journalctl --user -u kitd KIT_TIMER_ID=7` finds a timer's story. If the
/// journal does not take it, the line goes to stderr with a `<N>` syslog priority and no
/// timestamp. Run by hand, lines go to stderr starting with an RFC 3339 time. In every line,
/// metadata follows the message as `key=value`.
public struct KitLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let journal: Bool

    public init(label: String, level: Logger.Level, environment: [String: String] = ProcessInfo.processInfo.environment)
    {
        self.label = label
        self.logLevel = level
        self.journal = environment["JOURNAL_STREAM"] != nil
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let explicit = event.metadata { merged.merge(explicit) { $1 } }
        if let error = event.error { merged["error"] = "\(error)" }
        var line = "\(label): \(event.message)"
        for key in merged.keys.sorted() {
            line += " \(key)=\(Self.quoted("\(merged[key]!)"))"
        }
        if journal && Libsystemd.journalSend(Self.journalFields(line, level: event.level, metadata: merged)) { return }
        let prefix =
            journal
            ? "<\(Self.priority(event.level))>" : Self.timestamp() + " " + event.level.rawValue.uppercased() + " "
        FileHandle.standardError.write(Data((prefix + line + "\n").utf8))
    }

    /// `MESSAGE`, `PRIORITY`, `SYSLOG_IDENTIFIER`, and a `KIT_…` field per metadata key.
    static func journalFields(_ message: String, level: Logger.Level, metadata: Logger.Metadata) -> [String] {
        var fields = ["MESSAGE=" + message, "PRIORITY=\(priority(level))", "SYSLOG_IDENTIFIER=kitd"]
        for key in metadata.keys.sorted() {
            fields.append(fieldName(key) + "=" + "\(metadata[key]!)")
        }
        return fields
    }

    /// `timer.id` → `KIT_TIMER_ID`: upper-case letters, digits and `_`, as journal fields must be.
    static func fieldName(_ key: String) -> String {
        let name = key.uppercased().unicodeScalars.map { scalar -> String in
            ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) ? String(scalar) : "_"
        }.joined()
        return String(("KIT_" + name).prefix(64))
    }

    private static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    private static func quoted(_ value: String) -> String {
        value.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" })
            ? "\"" + value.replacingOccurrences(of: "\"", with: "\\\"") + "\"" : value
    }

    /// Now, as the lines run by hand start: `2026-12-06T09:48:15.319Z`.
    static func timestamp() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        let ms = Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
        return String(Timestamp.rfc3339(ms: ms))
    }
}

private enum Timestamp {
    static func rfc3339(ms: Int64) -> Substring {
        let date = Date(timeIntervalSince1970: Double(ms) / 1000)
        // In UTC, and saying so (`Z`).
        return Substring(
            date.formatted(
                .iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted)))
    }
}
