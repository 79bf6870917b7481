import KitCalendar
import KitCore
import KitProtocol
import KitStore
import Logging

/// The diary: notes about a day (and time), with the weather, mood, place and free fields the
/// writer noted. "Today" and "now" are read in the system zone, as tasks read them. What all
/// notes share (the vdir, search, saving) is `NoteFeature`'s.
final class DiaryFeature: NoteFeature {
    typealias Item = DiaryEntry

    let runtime: FeatureRuntime
    let eventNames = [Event.diaryChanged]
    let store: NoteStore<DiaryEntry>
    var mirror: VdirMirror?

    static let vdirName = "diary"
    static let dated = true
    static let idKey = "diary.id"

    init(_ runtime: FeatureRuntime) {
        self.runtime = runtime
        store = runtime.store.diary
    }

    /// An entry's vdir file: one VJOURNAL on its day.
    static func vdirText(_ entry: DiaryEntry) -> String {
        ICalendarJournal.write(
            CalendarJournal(
                uid: entry.uid, text: entry.text ?? entry.title, day: entry.day, time: entry.time, place: entry.place,
                weather: entry.weather, mood: entry.mood, fields: entry.fields, created: entry.createdAt,
                modified: entry.updatedAt),
            stamp: entry.updatedAt)
    }

    static func note(_ journal: CalendarJournal, id: Int64, at: WallTime) throws(KitError) -> DiaryEntry {
        guard let day = journal.day else { throw .invalidArgument("its VJOURNAL has no DTSTART") }
        var fields: [DiaryField] = []
        for field in journal.fields { fields.append(try DiaryField.validated(key: field.key, value: field.value)) }
        guard fields.count <= DiaryMetadata.maximumFields else {
            throw .invalidArgument("it has more than \(DiaryMetadata.maximumFields) X-KIT-FIELDs")
        }
        return DiaryEntry(
            id: id, uid: journal.uid, text: try EntryText.normalized(journal.text, noun: DiaryEntry.noun), day: day,
            time: journal.time, weather: try DiaryMetadata.validated(journal.weather, noun: "weather"),
            mood: try DiaryMetadata.validated(journal.mood, noun: "mood"),
            place: try DiaryMetadata.validated(journal.place, noun: "place"), fields: fields,
            createdAt: journal.created ?? at, updatedAt: at)
    }

    /// Now on the system zone's civil clock.
    private func localNow() -> (wall: WallTime, civil: CivilDateTime) {
        let wall = clock.now().wall
        return (wall, CivilDateTime(wall, in: zones.system))
    }

    // MARK: Reading

    func list(_ params: DiaryListParams) throws -> DiaryListResult {
        let month = try params.month.map { text throws(KitError) in try DiaryMonth.parse(text) }
        let entries = try storing { try store.list(from: month?.first, to: month?.end, limit: params.limit) }
        return DiaryListResult(month: month?.description, entries: entries.map { DiaryEntryInfo($0, withText: false) })
    }

    func get(_ ref: RecordRef) throws -> DiaryEntryInfo { DiaryEntryInfo(try resolve(ref)) }

    func search(_ params: SearchParams) throws -> DiarySearchResult {
        let found = try found(params)
        return DiarySearchResult(
            terms: found.terms, total: found.total,
            results: found.hits.map { DiarySearchHit(entry: DiaryEntryInfo($0, withText: false), snippet: $1) })
    }

    func onThisDay(_ params: DiaryOnThisDayParams) throws -> DiaryOnThisDayResult {
        let today = localNow().civil.date
        let day = try params.date.map { text throws(KitError) in try DiaryWhen.parse(text, today: today).day } ?? today
        let entries = try storing {
            try store.onThisDay(monthDays: OnThisDay.monthDays(of: day), before: day.year)
        }
        return DiaryOnThisDayResult(date: day.iso8601, entries: entries.map { DiaryEntryInfo($0) })
    }

    func export() throws -> DiaryExportResult {
        DiaryExportResult(entries: try storing { try store.all() }.map { DiaryEntryInfo($0) })
    }

    // MARK: Changing

    func write(_ params: DiaryWriteParams) throws -> DiaryEntryInfo {
        let text = try EntryText.normalized(params.text, noun: DiaryEntry.noun)
        let now = localNow()
        let when =
            try params.date.map { text throws(KitError) in try DiaryWhen.parse(text, today: now.civil.date) }
            ?? DiaryWhen(day: now.civil.date, time: TimeOfDay(hour: now.civil.hour, minute: now.civil.minute))
        let weather = try DiaryMetadata.validated(params.weather, noun: "weather")
        let mood = try DiaryMetadata.validated(params.mood, noun: "mood")
        let place = try DiaryMetadata.validated(params.place, noun: "place")
        let fields = try Self.fields(params.fields ?? [], onto: [])
        let entry = DiaryEntry(
            id: 0, text: text, day: when.day, time: when.time, weather: weather, mood: mood, place: place,
            fields: fields, createdAt: now.wall, updatedAt: now.wall)
        return DiaryEntryInfo(try add(entry, change: .written))
    }

    func edit(_ params: DiaryEditParams) throws -> DiaryEntryInfo {
        let original = try resolve(params.ref)
        var entry = original
        let now = localNow()
        if let text = params.text {
            let normalized = try EntryText.normalized(text, noun: DiaryEntry.noun)
            entry.text = normalized
            entry.title = EntryText(normalized).title
        }
        if let date = params.date {
            let when = try DiaryWhen.parse(date, today: now.civil.date)
            entry.day = when.day
            entry.time = when.time
        }
        if let weather = params.weather { entry.weather = try DiaryMetadata.validated(weather, noun: "weather") }
        if let mood = params.mood { entry.mood = try DiaryMetadata.validated(mood, noun: "mood") }
        if let place = params.place { entry.place = try DiaryMetadata.validated(place, noun: "place") }
        if let fields = params.fields { entry.fields = try Self.fields(fields, onto: entry.fields) }
        return DiaryEntryInfo(try save(entry, over: original))
    }

    func delete(_ ref: RecordRef) throws -> DeleteResult { DeleteResult(deleted: try deleteNote(ref)) }

    // MARK: Internals

    /// `fields` checked and merged onto `existing` by key; an empty value removes the key.
    private static func fields(_ fields: [DiaryField], onto existing: [DiaryField]) throws -> [DiaryField] {
        var merged = existing
        for field in fields {
            let checked = try DiaryField.validated(key: field.key, value: field.value)
            merged.removeAll { $0.key.lowercased() == checked.key.lowercased() }
            if !checked.value.isEmpty { merged.append(checked) }
        }
        guard merged.count <= DiaryMetadata.maximumFields else {
            throw KitError.invalidArgument("an entry can have at most \(DiaryMetadata.maximumFields) fields")
        }
        return merged
    }

    /// `diary.changed`, after the commit.
    func emit(_ entry: DiaryEntry, change: DiaryEvent.Change) {
        let payload = DiaryEvent(entry: DiaryEntryInfo(entry, withText: false), change: change)
        commits.onCommitted { [events] in events.emit(Event.diaryChanged, payload) }
    }

    /// An id, a date (the latest entry of that day) or a title.
    func resolve(_ ref: RecordRef) throws -> DiaryEntry {
        switch try DiaryRef.parse(ref.text, today: localNow().civil.date) {
        case .id(let id):
            if let entry = try storing({ try store.note(id: id) }) { return entry }
            let recent = try storing { try store.list(limit: 5) }
            guard !recent.isEmpty else {
                throw KitError.notFound(
                    "no diary entry with id \(id); the diary is empty, write one with `kitctl diary write`")
            }
            let latest = recent.map { "\($0.id) (\($0.day.iso8601) \($0.title))" }.joined(separator: ", ")
            throw KitError.notFound(
                "no diary entry with id \(id); the latest are: \(latest)", suggestions: recent.map { String($0.id) })
        case .day(let day):
            if let entry = try storing({ try store.latest(on: day) }) { return entry }
            let near = try storing { try store.days(nearest: day, limit: 5) }.map(\.iso8601)
            guard !near.isEmpty else {
                throw KitError.notFound(
                    "no diary entry on \(day.iso8601); the diary is empty, write one with `kitctl diary write`")
            }
            throw KitError.notFound(
                "no diary entry on \(day.iso8601); the nearest days with entries are \(near.joined(separator: ", "))",
                suggestions: near)
        case .title(let title):
            if let latest = try storing({ try store.notes(titled: title) }).last { return latest }
            let close = Suggestions.closest(to: title, among: try storing { try store.titles(limit: 2000) })
            guard !close.isEmpty else {
                throw KitError.notFound(
                    "no diary entry titled '\(title)'; give an id or a date (2026-11-20), or look with `kitctl diary search`"
                )
            }
            throw KitError.notFound(
                "no diary entry titled '\(title)'; did you mean \(Suggestions.quotedChoices(close))?",
                suggestions: close)
        }
    }
}
