import CLibical
import Glibc
import KitCore

/// libical, the one file that imports it: reads the text of a component into an `ICalendarNode`
/// and writes a node back as folded CRLF text, and reads and writes RFC 5545 durations.
///
/// libical does the lexing: line unfolding (on bytes, so a fold inside a UTF-8 sequence mends),
/// parameters and their quoting, TEXT escaping, and folding at 75 octets on output. What the
/// values mean to kit is read in Swift (`ICalendarReader`).
enum Libical {
    /// Reads one component, `BEGIN:…` through `END:…`, as bytes. A line libical cannot read
    /// becomes a property named `X-LIC-ERROR` in its place, with libical's message as `value`
    /// and the kind of fault in `parameters["X-LIC-ERRORTYPE"]`. Nil when no component is found.
    /// Frees the calling thread's ring of libical's temporary buffers (property names, times
    /// as text): kept otherwise, among what the thread's parsing freed.
    static func freeRing() { icalmemory_free_ring() }

    static func parse(_ bytes: ArraySlice<UInt8>) -> ICalendarNode? {
        guard let parsed = component(bytes) else { return nil }
        defer { icalcomponent_free(parsed) }
        return node(parsed)
    }

    /// libical's component for the text in `bytes`, which the caller frees; nil when none.
    private static func component(_ bytes: ArraySlice<UInt8>) -> OpaquePointer? {
        var text = Array(bytes)
        text.append(0)
        return text.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                icalparser_parse_string($0)
            }
        }
    }

    /// The component as iCalendar text: CRLF line ends, lines folded at 75 octets.
    static func write(_ node: ICalendarNode) -> String {
        let component = make(node)
        defer { icalcomponent_free(component) }
        return owned(icalcomponent_as_ical_string_r(component))
    }

    /// An RFC 5545 duration (`-PT10M`, `P1W`, `-P1DT2H30M`) as signed seconds; nil when libical
    /// cannot read it.
    static func durationSeconds(_ text: String) -> Int64? {
        let duration = icaldurationtype_from_string(text)
        guard icaldurationtype_is_bad_duration(duration) == 0 else { return nil }
        let seconds =
            Int64(duration.weeks) * 604_800 + Int64(duration.days) * 86_400 + Int64(duration.hours) * 3600
            + Int64(duration.minutes) * 60 + Int64(duration.seconds)
        return duration.is_neg != 0 ? -seconds : seconds
    }

    /// `seconds` as an RFC 5545 duration: `-PT10M`, `-P1D`, `-P1DT2H`.
    static func durationText(seconds: Int64) -> String {
        var duration = icaldurationtype_null_duration()
        var rest = seconds.magnitude
        duration.is_neg = seconds < 0 ? 1 : 0
        if rest % 604_800 == 0 && rest > 0 {
            duration.weeks = UInt32(rest / 604_800)
        } else {
            duration.days = UInt32(rest / 86_400)
            rest %= 86_400
            duration.hours = UInt32(rest / 3600)
            duration.minutes = UInt32(rest % 3600 / 60)
            duration.seconds = UInt32(rest % 60)
        }
        return owned(icaldurationtype_as_ical_string_r(duration))
    }

    /// The instant (Unix seconds) libical reads a local time as in a zone of its tz database,
    /// or nil when libical does not know the zone. Used to check that kit reads local times as
    /// libical does.
    static func unixSeconds(of civil: CivilDateTime, inZone tzid: String) -> Int64? {
        guard let zone = icaltimezone_get_builtin_timezone(tzid) else { return nil }
        return Int64(icaltime_as_timet_with_zone(time(civil), zone))
    }

    /// The date-times libical's `icalrecur_iterator` gives for an RRULE value from `start` (a
    /// date when `allDay`), in floating time (no zone, so no DST drift), through `end` and at most
    /// `limit` of them; nil when libical cannot read the rule. The reference kit's own expansion
    /// is checked against.
    static func occurrences(
        of rule: String, from start: CivilDateTime, allDay: Bool = false, through end: CivilDateTime, limit: Int
    ) -> [CivilDateTime]? {
        let recurrence = icalrecurrencetype_from_string(rule)
        var first = time(start)
        first.is_date = allDay ? 1 : 0
        guard recurrence.freq != ICAL_NO_RECURRENCE, let iterator = icalrecur_iterator_new(recurrence, first)
        else { return nil }
        defer { icalrecur_iterator_free(iterator) }
        var result: [CivilDateTime] = []
        while result.count < limit {
            let next = icalrecur_iterator_next(iterator)
            guard icaltime_is_null_time(next) == 0 else { break }
            let civil = CivilDateTime(
                date: CivilDate(year: Int(next.year), month: Int(next.month), day: Int(next.day)),
                hour: Int(next.hour), minute: Int(next.minute), second: Int(next.second))
            guard civil <= end else { break }
            result.append(civil)
        }
        return result
    }

    /// A floating libical date-time.
    private static func time(_ civil: CivilDateTime) -> icaltimetype {
        var time = icaltime_null_time()
        time.year = Int32(civil.date.year)
        time.month = Int32(civil.date.month)
        time.day = Int32(civil.date.day)
        time.hour = Int32(civil.hour)
        time.minute = Int32(civil.minute)
        time.second = Int32(civil.second)
        return time
    }

    /// A VTIMEZONE as libical reads it, for the UTC offsets it defines.
    final class Zone: @unchecked Sendable {
        private let zone: OpaquePointer

        /// Reads a VTIMEZONE component's text; nil when libical cannot make a zone of it.
        init?(_ bytes: ArraySlice<UInt8>) {
            guard let parsed = Libical.component(bytes) else { return nil }
            guard icalcomponent_isa(parsed) == ICAL_VTIMEZONE_COMPONENT, let zone = icaltimezone_new() else {
                icalcomponent_free(parsed)
                return nil
            }
            // The zone owns the component from here on.
            guard icaltimezone_set_component(zone, parsed) != 0 else {
                icalcomponent_free(parsed)
                icaltimezone_free(zone, 1)
                return nil
            }
            self.zone = zone
        }

        deinit { icaltimezone_free(zone, 1) }

        /// Seconds east of UTC at a Unix time.
        func offset(atUnixSeconds seconds: Int64) -> Int {
            var time = icaltime_from_timet_with_zone(time_t(seconds), 0, icaltimezone_get_utc_timezone())
            var isDaylight: Int32 = 0
            return Int(icaltimezone_get_utc_offset_of_utc_time(zone, &time, &isDaylight))
        }
    }

    // MARK: - libical to Swift

    private static func node(_ component: OpaquePointer) -> ICalendarNode {
        var result = ICalendarNode(name: string(icalcomponent_kind_to_string(icalcomponent_isa(component))))
        var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
        while let current = property {
            result.properties.append(self.property(current))
            property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
        }
        var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
        while let current = child {
            result.components.append(node(current))
            child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
        }
        return result
    }

    private static func property(_ property: OpaquePointer) -> ICalendarProperty {
        var parameters: [String: String] = [:]
        var parameter = icalproperty_get_first_parameter(property, ICAL_ANY_PARAMETER)
        while let current = parameter {
            let written = owned(icalparameter_as_ical_string_r(current))
            if let equals = written.firstIndex(of: "=") {
                var value = written[written.index(after: equals)...]
                if value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") {
                    value = value.dropFirst().dropLast()
                }
                parameters[written[..<equals].uppercased()] = String(value)
            }
            parameter = icalproperty_get_next_parameter(property, ICAL_ANY_PARAMETER)
        }
        let name = string(icalproperty_get_property_name(property))
        // libical drops a property with an empty value (`DESCRIPTION:`, which Google writes) and
        // leaves "No value for DESCRIPTION property. …" in its place. An empty value is a value:
        // the property comes back, empty, and the reader decides what that means.
        if name == "X-LIC-ERROR", let text = icalproperty_get_value(property).map({ string(icalvalue_get_text($0)) }),
            text.hasPrefix("No value for "),
            let empty = text.dropFirst("No value for ".count).split(separator: " ").first
        {
            return ICalendarProperty(String(empty), "")
        }
        let value: String
        if let icalValue = icalproperty_get_value(property), icalvalue_isa(icalValue) == ICAL_TEXT_VALUE {
            value = string(icalvalue_get_text(icalValue))
        } else {
            value = owned(icalproperty_get_value_as_string_r(property))
        }
        return ICalendarProperty(name: name, parameters: parameters, value: value)
    }

    // MARK: - Swift to libical

    private static func make(_ node: ICalendarNode) -> OpaquePointer {
        let kind = icalcomponent_string_to_kind(node.name)
        let component: OpaquePointer =
            kind == ICAL_NO_COMPONENT || kind == ICAL_X_COMPONENT
            ? icalcomponent_new_x(node.name) : icalcomponent_new(kind)
        for property in node.properties {
            guard let made = make(property) else { continue }
            icalcomponent_add_property(component, made)
        }
        // Parsed by libical as it reads a file, so a TEXT value's escapes survive.
        for line in node.lines {
            guard let made = icalproperty_new_from_string(line) else { continue }
            icalcomponent_add_property(component, made)
        }
        for child in node.components { icalcomponent_add_component(component, make(child)) }
        return component
    }

    /// TEXT values are handed to libical as text, which escapes them; every other value is
    /// parsed by libical from its iCalendar form.
    private static func make(_ property: ICalendarProperty) -> OpaquePointer? {
        let kind = icalproperty_string_to_kind(property.name)
        let isText =
            kind != ICAL_X_PROPERTY && kind != ICAL_NO_PROPERTY
            && icalproperty_kind_to_value_kind(kind) == ICAL_TEXT_VALUE
        guard let made = icalproperty_new_from_string(property.name + ":" + (isText ? "-" : property.value)) else {
            return nil
        }
        if isText { icalproperty_set_value(made, icalvalue_new_text(property.value)) }
        for (name, value) in property.parameters.sorted(by: { $0.key < $1.key }) {
            icalproperty_set_parameter_from_string(made, name, value)
        }
        return made
    }

    // MARK: - Strings

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } ?? ""
    }

    /// A string libical allocated for the caller, freed here.
    private static func owned(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        defer { free(pointer) }
        return string(pointer)
    }
}
