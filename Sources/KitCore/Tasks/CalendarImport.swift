/// Everything `ICalendarReader` took from a file.
public struct CalendarImport: Hashable, Sendable {
    /// A property or component kit does not use and skipped, with the line it is on.
    public struct Skipped: Hashable, Sendable, CustomStringConvertible {
        public var name: String
        public var line: Int
        /// Why it was skipped, when there is more to say than "not used by kit".
        public var reason: String?

        public init(name: String, line: Int, reason: String? = nil) {
            self.name = name
            self.line = line
            self.reason = reason
        }

        public var description: String { "line \(line): \(name) skipped" + (reason.map { " (\($0))" } ?? "") }
    }

    public var tasks: [ImportedTask]
    public var skipped: [Skipped]

    public init(tasks: [ImportedTask], skipped: [Skipped]) {
        self.tasks = tasks
        self.skipped = skipped
    }
}
