import KitCore

/// A file `ICalendarReader` refused, with the line that made it refuse.
public struct ICalendarError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }

    /// The same refusal as a `KitError`, for the protocol.
    public var kitError: KitError { .invalidArgument("the calendar file was not imported: \(description)") }
}
