import KitCalendar
import KitCore
import KitProtocol

/// Diary entries kept in a vdir (`[vdir] diary`): changes made there from outside (vdirsyncer,
/// jtx Board through DAVx⁵, an editor) read in and reconciled with kit's against their base, as
/// tasks and memos are (`VdirMirror.reconcile`): a new file adds an entry, a change on one side
/// only is taken, changes on both are merged property by property (text, day, weather, mood,
/// place, fields), and a deleted file deletes the entry, unless kit changed it since.
extension DiaryFeature: VdirKeeper {
    func watchVdir(_ mirror: VdirMirror) throws {
        try mirror.watch(
            reader: { VdirMirror.journalReader(dated: true) },
            onArrivals: { [unowned self] arrivals in mirror.reconcile(arrivals, with: self) })
    }

    /// The entry a file's VJOURNAL makes, checked as `diary.write` checks one; `id` and times
    /// are the caller's.
    private static func entry(_ journal: CalendarJournal, id: Int64, at: WallTime) throws(KitError) -> DiaryEntry {
        guard let day = journal.day else { throw .invalidArgument("its VJOURNAL has no DTSTART") }
        var fields: [DiaryField] = []
        for field in journal.fields { fields.append(try DiaryField.validated(key: field.key, value: field.value)) }
        guard fields.count <= DiaryMetadata.maximumFields else {
            throw .invalidArgument("it has more than \(DiaryMetadata.maximumFields) X-KIT-FIELDs")
        }
        return DiaryEntry(
            id: id, uid: journal.uid, text: try EntryText.normalized(journal.text, noun: "diary entry"), day: day,
            time: journal.time, weather: try DiaryMetadata.validated(journal.weather, noun: "weather"),
            mood: try DiaryMetadata.validated(journal.mood, noun: "mood"),
            place: try DiaryMetadata.validated(journal.place, noun: "place"), fields: fields,
            createdAt: journal.created ?? at, updatedAt: at)
    }

    func vdirItem(uid: String) throws -> DiaryEntry? { try storing { try store.diaryEntry(uid: uid) } }

    func vdirText(of entry: DiaryEntry) -> String { Self.vdirText(entry) }

    func vdirTitle(of entry: DiaryEntry) -> String { entry.title }

    func vdirTaking(_ item: VdirItem, into current: DiaryEntry?) -> Result<DiaryEntry, VdirUnreadable> {
        guard let journal = item.value as? CalendarJournal else {
            return .failure(VdirUnreadable(reason: "it is not a VJOURNAL"))
        }
        do throws(KitError) {
            var entry = try Self.entry(
                journal, id: current?.id ?? 0, at: journal.modified ?? current?.updatedAt ?? clock.now().wall)
            if let current { entry.createdAt = current.createdAt }
            return .success(entry)
        } catch {
            return .failure(VdirUnreadable(reason: error.message))
        }
    }

    func vdirSave(_ entry: DiaryEntry, replacing current: DiaryEntry?, file name: String) throws {
        if current == nil {
            let added = try storing {
                try store.insertDiaryEntry { id throws(KitError) in
                    DiaryEntry(
                        id: id, uid: entry.uid, title: entry.title, text: entry.text, day: entry.day, time: entry.time,
                        weather: entry.weather, mood: entry.mood, place: entry.place, fields: entry.fields,
                        createdAt: entry.createdAt, updatedAt: entry.updatedAt)
                }
            }
            logger.info(
                "diary entry added from the vdir", metadata: ["vdir.file": "\(name)", "diary.id": "\(added.id)"])
            emit(added, change: .synced)
        } else {
            try storing { try store.updateDiaryEntry(entry) }
            emit(entry, change: .synced)
        }
    }

    func vdirDelete(_ entry: DiaryEntry) throws {
        try storing { try store.deleteDiaryEntry(id: entry.id) }
        logger.info("diary entry deleted from the vdir", metadata: ["diary.id": "\(entry.id)"])
        emit(entry, change: .deleted)
    }

    func vdirKeep(_ entry: DiaryEntry) {
        mirror?.change(entry.uid, deleted: false, modified: entry.updatedAt) { Self.vdirText(entry) }
    }
}
