/// Everything `ICalendarReader` took from a file.
public struct CalendarImport: Hashable, Sendable {
    /// A property or component kit does not use and skipped, with the line it is on.
    public struct Skipped: Hashable, Sendable, CustomStringConvertible {
        public var name: String
        public var line: Int
        /// Why it was skipped, when there is more to say than "not used by kit".
        public var reason: KitMessage?
        /// The UID of the component it is in, or of the component skipped.
        public var uid: String?

        public init(name: String, line: Int, reason: KitMessage? = nil, uid: String? = nil) {
            self.name = name
            self.line = line
            self.reason = reason
            self.uid = uid
        }

        /// The line of the import's report.
        public var message: KitMessage {
            switch (uid, reason) {
            case (nil, nil): .message("line \(line): \(name) skipped")
            case (let uid?, nil): .message("line \(line): \(name) (UID \(uid)) skipped")
            case (nil, let reason?): .message("line \(line): \(name) skipped (\(reason))")
            case (let uid?, let reason?): .message("line \(line): \(name) (UID \(uid)) skipped (\(reason))")
            }
        }

        public var description: String { message.english }
    }

    /// A component, or a line, not imported because kit cannot read it or represent it; the
    /// rest of the file was read (lenient reading).
    public struct Rejected: Hashable, Sendable, CustomStringConvertible {
        /// `VEVENT`, `VTODO`, …; empty for a line outside any component.
        public var component: String
        public var line: Int
        public var uid: String?
        public var title: String?
        public var reason: KitMessage

        public init(component: String, line: Int, uid: String? = nil, title: String? = nil, reason: KitMessage) {
            self.component = component
            self.line = line
            self.uid = uid
            self.title = title
            self.reason = reason
        }

        /// The line of the import's report.
        public var message: KitMessage {
            let title = title.flatMap { $0.isEmpty ? nil : $0 }
            let uid = uid.flatMap { $0.isEmpty ? nil : $0 }
            if component.isEmpty { return .message("line \(line): \(reason)") }
            switch (title, uid) {
            case (nil, nil): return .message("line \(line): \(component) not imported: \(reason)")
            case (let title?, nil): return .message("line \(line): \(component) '\(title)' not imported: \(reason)")
            case (nil, let uid?): return .message("line \(line): \(component) (UID \(uid)) not imported: \(reason)")
            case (let title?, let uid?):
                return .message("line \(line): \(component) '\(title)' (UID \(uid)) not imported: \(reason)")
            }
        }

        public var description: String { message.english }
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
