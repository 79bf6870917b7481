/// A component of an iCalendar file as plain values: what libical read, or what kit writes.
public struct ICalendarNode: Hashable, Sendable {
    /// `VCALENDAR`, `VTODO`, `VALARM`, …
    public var name: String
    public var properties: [ICalendarProperty]
    public var components: [ICalendarNode]
    /// Content lines written after `properties` as they are (`PRIORITY:1`, `X-FOO;A=b:c`): what
    /// another program wrote that kit keeps without reading.
    public var lines: [String] = []

    public init(name: String, properties: [ICalendarProperty] = [], components: [ICalendarNode] = []) {
        self.name = name
        self.properties = properties
        self.components = components
    }

    /// The component as iCalendar text, written by libical: CRLF line ends, folded at 75 octets.
    public var text: String { Libical.write(self) }

    /// The first property with this name.
    public subscript(name: String) -> ICalendarProperty? { properties.first { $0.name == name } }
}

/// One property: its name, its parameters, and its value.
public struct ICalendarProperty: Hashable, Sendable {
    public var name: String
    /// Parameter names in upper case; values without their quotes.
    public var parameters: [String: String]
    /// A TEXT value (SUMMARY, DESCRIPTION, UID, …) as the text it means, unescaped; any other
    /// value as iCalendar writes it (`20261125T180000`, `FREQ=WEEKLY`, `-PT10M`).
    public var value: String

    public init(_ name: String, _ value: String, parameters: [String: String] = [:]) {
        self.name = name
        self.value = value
        self.parameters = parameters
    }

    init(name: String, parameters: [String: String], value: String) {
        self.init(name, value, parameters: parameters)
    }
}
