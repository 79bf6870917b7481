/// A memo or a diary entry as iCalendar carries it: one `VJOURNAL`, what a vdir keeps in one
/// `.ics` file and CalDAV clients (jtx Board, Nextcloud Notes through its journal, Thunderbird)
/// show as a note. Plain values, like `CalendarTask`; `ICalendarJournal` reads and writes it.
///
/// A diary entry has a day (`DTSTART;VALUE=DATE`, or a floating date-time when it has a time); a
/// memo has none. The text's first line is `SUMMARY` and the rest, as it is, `DESCRIPTION`, so
/// the text comes back byte for byte; a file without `SUMMARY` gives its `DESCRIPTION` alone.
public struct CalendarJournal: Hashable, Sendable {
    public var uid: String
    public var text: String
    public var day: CivilDate?
    public var time: TimeOfDay?
    /// The diary's place (`LOCATION`), weather and mood (`X-KIT-WEATHER`, `X-KIT-MOOD`) and free
    /// fields (`X-KIT-FIELD;X-KIT-KEY=steps:8000`).
    public var place: String?
    public var weather: String?
    public var mood: String?
    public var fields: [DiaryField]
    /// A memo kept at the top of the list (`X-KIT-PINNED:TRUE`).
    public var pinned: Bool
    /// `CREATED` and `LAST-MODIFIED` (also the `DTSTAMP` written).
    public var created: WallTime?
    public var modified: WallTime?

    public init(
        uid: String, text: String, day: CivilDate? = nil, time: TimeOfDay? = nil, place: String? = nil,
        weather: String? = nil, mood: String? = nil, fields: [DiaryField] = [], pinned: Bool = false,
        created: WallTime? = nil, modified: WallTime? = nil
    ) {
        self.uid = uid
        self.text = text
        self.day = day
        self.time = time
        self.place = place
        self.weather = weather
        self.mood = mood
        self.fields = fields
        self.pinned = pinned
        self.created = created
        self.modified = modified
    }

    /// The text's first line, for `SUMMARY`.
    public var summaryValue: String { String(text.prefix { $0 != "\n" }) }

    /// What follows the first line, for `DESCRIPTION`; nil for a text of one line.
    public var descriptionValue: String? {
        guard let newline = text.firstIndex(of: "\n") else { return nil }
        return String(text[text.index(after: newline)...])
    }
}
