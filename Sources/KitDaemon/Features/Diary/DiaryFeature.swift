import KitCalendar
import KitCore
import KitProtocol
import KitStore
import Logging

/// The diary feature. Entries live in the database; each change is one statement of the turn's
/// transaction, committed before the reply goes out. "Today" and "now" are read in the system
/// zone, as tasks read them. With `[vdir] diary`, each entry is also kept there as one VJOURNAL
/// file.
final class DiaryFeature: Feature {
    let runtime: FeatureRuntime
    let eventNames = [Event.diaryChanged]
    let store: DiaryStore
    /// The vdir collection entries are kept in (`[vdir] diary`), opened at start; nil for none.
    private(set) var mirror: VdirMirror?

    init(_ runtime: FeatureRuntime) {
        self.runtime = runtime
        store = runtime.store.diary
    }

    /// At start, opens the diary's vdir, writes every entry whose file is missing or older, and
    /// watches it for changes from outside.
    func load(_ reason: LoadReason) throws {
        guard reason == .start, let mirror = try VdirMirror.open("diary", runtime: runtime)
        else { return }
        self.mirror = mirror
        let entries = try store.allDiaryEntries()
        mirror.keep("catch-up", uids: entries.map(\.uid)) {
            entries.map { VdirMirror.Text(uid: $0.uid, text: Self.vdirText($0), modified: $0.updatedAt) }
        }
        try watchVdir(mirror)
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

    /// Now on the system zone's civil clock.
    private func localNow() -> (wall: WallTime, civil: CivilDateTime) {
        let wall = clock.now().wall
        return (wall, CivilDateTime(wall, in: zones.system))
    }

    // MARK: Reading

    func list(_ params: DiaryListParams) throws -> DiaryListResult {
        let month = try params.month.map { text throws(KitError) in try DiaryMonth.parse(text) }
        let entries = try storing { try store.diaryList(from: month?.first, to: month?.end, limit: params.limit) }
        return DiaryListResult(month: month?.description, entries: entries.map { DiaryEntryInfo($0, withText: false) })
    }

    func get(_ ref: RecordRef) throws -> DiaryEntryInfo { DiaryEntryInfo(try resolve(ref)) }

    func search(_ params: SearchParams) throws -> DiarySearchResult {
        let query = try SearchQuery(params.query)
        let limit = params.limit ?? SearchQuery.defaultLimit
        let found = try storing { try store.searchDiary(query, limit: limit) }
        return DiarySearchResult(
            terms: query.terms, total: found.total,
            results: found.entries.map { entry in
                DiarySearchHit(
                    entry: DiaryEntryInfo(entry, withText: false),
                    snippet: Snippet.make(entry.text ?? "", terms: query.terms))
            })
    }

    func onThisDay(_ params: DiaryOnThisDayParams) throws -> DiaryOnThisDayResult {
        let today = localNow().civil.date
        let day = try params.date.map { text throws(KitError) in try DiaryWhen.parse(text, today: today).day } ?? today
        let entries = try storing {
            try store.diaryOnThisDay(monthDays: OnThisDay.monthDays(of: day), before: day.year)
        }
        return DiaryOnThisDayResult(date: day.iso8601, entries: entries.map { DiaryEntryInfo($0) })
    }

    func export() throws -> DiaryExportResult {
        DiaryExportResult(entries: try storing { try store.allDiaryEntries() }.map { DiaryEntryInfo($0) })
    }

    // MARK: Changing

    func write(_ params: DiaryWriteParams) throws -> DiaryEntryInfo {
        let text = try EntryText.normalized(params.text, noun: "diary entry")
        let now = localNow()
        let when =
            try params.date.map { text throws(KitError) in try DiaryWhen.parse(text, today: now.civil.date) }
            ?? DiaryWhen(day: now.civil.date, time: TimeOfDay(hour: now.civil.hour, minute: now.civil.minute))
        let weather = try DiaryMetadata.validated(params.weather, noun: "weather")
        let mood = try DiaryMetadata.validated(params.mood, noun: "mood")
        let place = try DiaryMetadata.validated(params.place, noun: "place")
        let fields = try Self.fields(params.fields ?? [], onto: [])
        let entry = try storing {
            try store.insertDiaryEntry { id throws(KitError) in
                DiaryEntry(
                    id: id, text: text, day: when.day, time: when.time, weather: weather, mood: mood, place: place,
                    fields: fields, createdAt: now.wall, updatedAt: now.wall)
            }
        }
        logger.info(
            "diary entry written",
            metadata: [
                "diary.id": "\(entry.id)", "diary.day": "\(entry.day.iso8601)", "diary.bytes": "\(text.utf8.count)",
            ])
        announce(entry, change: .written)
        return DiaryEntryInfo(entry)
    }

    func edit(_ params: DiaryEditParams) throws -> DiaryEntryInfo {
        let original = try resolve(params.ref)
        var entry = original
        let now = localNow()
        if let text = params.text {
            let normalized = try EntryText.normalized(text, noun: "diary entry")
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
        guard entry != original else { return DiaryEntryInfo(entry) }
        entry.updatedAt = now.wall
        try storing { try store.updateDiaryEntry(entry) }
        logger.info("diary entry edited", metadata: ["diary.id": "\(entry.id)"])
        announce(entry, change: .edited)
        return DiaryEntryInfo(entry)
    }

    func delete(_ ref: RecordRef) throws -> DiaryDeleteResult {
        let entry = try resolve(ref)
        try storing { try store.deleteDiaryEntry(id: entry.id) }
        logger.info("diary entry deleted", metadata: ["diary.id": "\(entry.id)"])
        announce(entry, change: .deleted)
        return DiaryDeleteResult(deleted: entry.id)
    }

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

    /// Announces a change made in kit, and writes it to the entry's vdir file.
    private func announce(_ entry: DiaryEntry, change: DiaryEvent.Change) {
        emit(entry, change: change)
        mirror?.change(entry.uid, deleted: change == .deleted, modified: nil) { Self.vdirText(entry) }
    }

    /// `diary.changed`, after the commit.
    func emit(_ entry: DiaryEntry, change: DiaryEvent.Change) {
        let payload = DiaryEvent(entry: DiaryEntryInfo(entry, withText: false), change: change)
        commits.onCommitted { [events] in events.emit(Event.diaryChanged, payload) }
    }

    /// An id, a date (the latest entry of that day) or a title.
    private func resolve(_ ref: RecordRef) throws -> DiaryEntry {
        switch try DiaryRef.parse(ref.text, today: localNow().civil.date) {
        case .id(let id):
            if let entry = try storing({ try store.diaryEntry(id: id) }) { return entry }
            let recent = try storing { try store.diaryList(from: nil, to: nil, limit: 5) }
            guard !recent.isEmpty else {
                throw KitError.notFound(
                    "no diary entry with id \(id); the diary is empty, write one with `kitctl diary write`")
            }
            let latest = recent.map { "\($0.id) (\($0.day.iso8601) \($0.title))" }.joined(separator: ", ")
            throw KitError.notFound(
                "no diary entry with id \(id); the latest are: \(latest)", suggestions: recent.map { String($0.id) })
        case .day(let day):
            if let entry = try storing({ try store.latestDiaryEntry(on: day) }) { return entry }
            let near = try storing { try store.diaryDays(nearest: day, limit: 5) }.map(\.iso8601)
            guard !near.isEmpty else {
                throw KitError.notFound(
                    "no diary entry on \(day.iso8601); the diary is empty, write one with `kitctl diary write`")
            }
            throw KitError.notFound(
                "no diary entry on \(day.iso8601); the nearest days with entries are \(near.joined(separator: ", "))",
                suggestions: near)
        case .title(let title):
            let matches = try storing { try store.diaryEntries(titled: title) }
            if let latest = matches.first { return latest }
            let close = Suggestions.closest(to: title, among: try storing { try store.recentDiaryTitles(limit: 2000) })
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
