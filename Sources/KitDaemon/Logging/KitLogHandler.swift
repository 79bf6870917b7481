import Foundation
import Logging

/// swift-log to stderr. Under systemd (JOURNAL_STREAM set) each line starts with a `<N>` syslog
/// priority that journald understands and carries no timestamp; otherwise lines start with an
/// RFC 3339 time. Metadata follows the message as `key=value`.
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
        var text =
            journal
            ? "<\(Self.priority(event.level))>" : Self.timestamp() + " " + event.level.rawValue.uppercased() + " "
        text += "\(label): \(event.message)"
        for key in merged.keys.sorted() {
            text += " \(key)=\(Self.quoted("\(merged[key]!)"))"
        }
        text += "\n"
        FileHandle.standardError.write(Data(text.utf8))
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

    private static func timestamp() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        let ms = Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
        return String(Timestamp.rfc3339(ms: ms))
    }
}

private enum Timestamp {
    static func rfc3339(ms: Int64) -> Substring {
        let date = Date(timeIntervalSince1970: Double(ms) / 1000)
        return Substring(date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true)))
    }
}
