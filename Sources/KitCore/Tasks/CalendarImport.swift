/// Everything `ICalendarReader` took from a file.
public struct CalendarImport: Hashable, Sendable {
    /// A property or component kit does not use and skipped, with the line it is on.
    public struct Skipped: Hashable, Sendable, CustomStringConvertible {
        public var name: String
        public var line: Int
        /// Why it was skipped, when there is more to say than "not used by kit".
        public var reason: String?
        /// The UID of the component it is in, or of the component skipped.
        public var uid: String?

        public init(name: String, line: Int, reason: String? = nil, uid: String? = nil) {
            self.name = name
            self.line = line
            self.reason = reason
            self.uid = uid
        }

        public var description: String {
            "line \(line): \(name)" + (uid.map { " (UID \($0))" } ?? "") + " skipped"
                + (reason.map { " (\($0))" } ?? "")
        }
    }

    /// A component, or a line, not imported because kit cannot read it or represent it; the
    /// rest of the file was read (lenient reading).
    public struct Rejected: Hashable, Sendable, CustomStringConvertible {
        /// `VEVENT`, `VTODO`, …; empty for a line outside any component.
        public var component: String
        public var line: Int
        public var uid: String?
        public var title: String?
        public var reason: String

        public init(component: String, line: Int, uid: String? = nil, title: String? = nil, reason: String) {
            self.component = component
            self.line = line
            self.uid = uid
            self.title = title
            self.reason = reason
        }

        public var description: String {
            var text = "line \(line): "
            if component.isEmpty { return text + reason }
            text += component
            if let title, !title.isEmpty { text += " '\(title)'" }
            if let uid, !uid.isEmpty { text += " (UID \(uid))" }
            return text + " not imported: " + reason
        }
    }

    public var tasks: [ImportedTask]
    public var skipped: [Skipped]
    public var rejected: [Rejected]
    /// The file's VTIMEZONE components by TZID, as text, for TZIDs that name no zone kit knows.
    public var timeZones: [String: [UInt8]] = [:]

    public init(tasks: [ImportedTask], skipped: [Skipped], rejected: [Rejected] = []) {
        self.tasks = tasks
        self.skipped = skipped
        self.rejected = rejected
    }
}
