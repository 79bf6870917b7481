import KitCore

/// A file `ICalendarReader` refused, with the line that made it refuse.
public struct ICalendarError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    /// What is wrong, with its template: kitctl says it in the user's language.
    public var message: KitMessage

    public init(line: Int, message: KitMessage) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message.english)" }

    /// The same refusal as a `KitError`, for the protocol.
    public var kitError: KitError { .invalidArgument("the calendar file was not imported: line \(line): \(message)") }
}
