/// A task read from a file, with where it was.
public struct ImportedTask: Hashable, Sendable {
    public var task: CalendarTask
    /// `VTODO` or `VEVENT`.
    public var component: String
    /// The line its `BEGIN:` is on, counting from 1.
    public var line: Int
    /// Which version of the item this is: `SEQUENCE` (0 when absent), then the later
    /// `LAST-MODIFIED` (else `DTSTAMP`) wins.
    public var sequence = 0
    public var modified: WallTime?

    public init(task: CalendarTask, component: String, line: Int) {
        self.task = task
        self.component = component
        self.line = line
    }
}
