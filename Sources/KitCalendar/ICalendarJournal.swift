import KitCore

/// Memos and diary entries as one `VJOURNAL` each (`CalendarJournal`), the form a vdir keeps them
/// in, one item a file.
public enum ICalendarJournal {
    /// One VCALENDAR holding `journal` as a VJOURNAL; `DTSTAMP` is its `modified` time (the last
    /// revision in the store, RFC 5545 3.8.7.2), else `stamp`.
    public static func write(_ journal: CalendarJournal, stamp: WallTime) -> String {
        var node = ICalendarNode(name: "VJOURNAL", properties: [.init("UID", journal.uid)])
        node.properties.append(.init("DTSTAMP", ICalendarText.utc(journal.modified ?? stamp)))
        if let created = journal.created { node.properties.append(.init("CREATED", ICalendarText.utc(created))) }
        if let modified = journal.modified {
            node.properties.append(.init("LAST-MODIFIED", ICalendarText.utc(modified)))
        }
        if let day = journal.day {
            if let time = journal.time {
                node.properties.append(.init("DTSTART", ICalendarText.basic(CivilDateTime(date: day, time: time))))
            } else {
                node.properties.append(.init("DTSTART", ICalendarText.basic(day), parameters: ["VALUE": "DATE"]))
            }
        }
        node.properties.append(.init("SUMMARY", journal.summaryValue))
        if let description = journal.descriptionValue { node.properties.append(.init("DESCRIPTION", description)) }
        if let place = journal.place { node.properties.append(.init("LOCATION", place)) }
        if let weather = journal.weather { node.properties.append(.init("X-KIT-WEATHER", weather)) }
        if let mood = journal.mood { node.properties.append(.init("X-KIT-MOOD", mood)) }
        for field in journal.fields {
            node.properties.append(.init("X-KIT-FIELD", field.value, parameters: ["X-KIT-KEY": field.key]))
        }
        if journal.pinned { node.properties.append(.init("X-KIT-PINNED", "TRUE")) }
        node.properties.append(.init("STATUS", "FINAL"))
        let calendar = ICalendarNode(
            name: "VCALENDAR",
            properties: [.init("VERSION", "2.0"), .init("PRODID", ICalendarWriter.productID)], components: [node])
        return calendar.text
    }

    /// The one VJOURNAL of a file. A file without one, with several, or whose VJOURNAL has no UID
    /// or a DTSTART kit cannot read, is refused with the reason.
    public static func read(_ text: String) throws(ICalendarError) -> CalendarJournal {
        let outline = try ICalendarOutline(Array(text.utf8))
        if let problem = outline.firstProblem { throw problem }
        let bytes = Array(text.utf8)
        let journals = outline.calendars.flatMap { calendar in
            calendar.components.filter { $0.name.uppercased() == "VJOURNAL" }
        }
        guard journals.count == 1, let component = journals.first else {
            throw ICalendarError(
                line: 1, message: "the file holds \(journals.count) VJOURNALs; a memo or diary file holds one")
        }
        guard let node = Libical.parse(component.flat(bytes)[...]) else {
            throw ICalendarError(line: component.line, message: "libical cannot read this VJOURNAL")
        }
        guard let uid = node["UID"]?.value, !uid.isEmpty else {
            throw ICalendarError(line: component.line, message: "the VJOURNAL has no UID")
        }
        var journal = CalendarJournal(uid: uid, text: "")
        let summary = node["SUMMARY"]?.value
        let description = node["DESCRIPTION"]?.value
        journal.text = [summary, description].compactMap { $0 }.joined(separator: "\n")
        if let start = node["DTSTART"] {
            if start.parameters["VALUE"]?.uppercased() == "DATE" || start.value.utf8.count == 8 {
                guard let day = ICalendarText.date(start.value) else {
                    throw ICalendarError(line: component.line, message: "DTSTART '\(start.value)' is not a date")
                }
                journal.day = day
            } else {
                let value = start.value.hasSuffix("Z") ? String(start.value.dropLast()) : start.value
                guard let civil = ICalendarText.dateTime(value) else {
                    throw ICalendarError(line: component.line, message: "DTSTART '\(start.value)' is not a date-time")
                }
                journal.day = civil.date
                journal.time = civil.time
            }
        }
        journal.place = node["LOCATION"]?.value
        journal.weather = node["X-KIT-WEATHER"]?.value
        journal.mood = node["X-KIT-MOOD"]?.value
        journal.fields = node.properties.filter { $0.name == "X-KIT-FIELD" }.compactMap { property in
            property.parameters["X-KIT-KEY"].map { DiaryField(key: $0, value: property.value) }
        }
        journal.pinned = node["X-KIT-PINNED"]?.value.uppercased() == "TRUE"
        journal.created = node["CREATED"].flatMap { ICalendarText.utcInstant($0.value) }
        journal.modified = node["LAST-MODIFIED"].flatMap { ICalendarText.utcInstant($0.value) }
        return journal
    }
}
