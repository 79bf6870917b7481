import KitCalendar
import KitCore
import KitProtocol

/// Diary entries kept in a vdir (`[vdir] diary`): changes made there from outside (vdirsyncer,
/// jtx Board through DAVx⁵, an editor) read in, as memos' are (MemoFeature+Vdir): a new file adds
/// an entry, a later version replaces kit's, an older one loses to kit's (written back, and the
/// file's kept as a conflict), and a deleted file deletes the entry, unless kit's version had not
/// reached the other side.
extension DiaryFeature {
    func watchVdir(_ mirror: VdirMirror) throws {
        try mirror.watch(
            reader: { VdirMirror.journalReader(dated: true) },
            onArrivals: { [unowned self] arrivals in arrived(arrivals) })
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

    /// Whether two versions of an entry say the same (times aside).
    private static func same(_ one: DiaryEntry, _ other: DiaryEntry) -> Bool {
        one.text == other.text && one.day == other.day && one.time == other.time && one.weather == other.weather
            && one.mood == other.mood && one.place == other.place && one.fields == other.fields
    }

    private func arrived(_ arrivals: [VdirArrival]) {
        guard let mirror else { return }
        let now = clock.now().wall
        for arrival in arrivals {
            do {
                switch arrival {
                case .removed(_, let uid, let kitWroteAt):
                    guard let entry = try storing({ try store.diaryEntry(uid: uid) }) else { continue }
                    let kept = Self.vdirText(entry)
                    if !mirror.keepsDeleted(uid, title: entry.title, text: kept, kitWroteAt: kitWroteAt, now: now) {
                        try storing { try store.deleteDiaryEntry(id: entry.id) }
                        emit(entry, change: "deleted")
                    }
                case .changed(let name, let text, let item, let kitWroteAt):
                    guard let journal = item.value as? CalendarJournal else { continue }
                    let fileModified = VdirCollection.lastModified(Array(text.utf8))
                    let theirs: DiaryEntry
                    do throws(KitError) {
                        theirs = try Self.entry(journal, id: 0, at: fileModified ?? now)
                    } catch {
                        mirror.refuse(name, error.message)
                        continue
                    }
                    let current = try storing { try store.diaryEntry(uid: journal.uid) }
                    let verdict = VdirVerdict(
                        kitModified: current?.updatedAt, same: current.map { Self.same($0, theirs) } ?? false,
                        fileModified: fileModified, kitChangedToo: runtime.vdirs.unsynced(kitWroteAt))
                    switch verdict {
                    case .add:
                        let entry = try storing {
                            try store.insertDiaryEntry { id throws(KitError) in
                                try Self.entry(journal, id: id, at: fileModified ?? now)
                            }
                        }
                        logger.info(
                            "diary entry added from the vdir",
                            metadata: ["vdir.file": "\(name)", "diary.id": "\(entry.id)"])
                        emit(entry, change: "synced")
                    case .same:
                        continue
                    case .takeFile(let conflict):
                        guard let current else { continue }
                        let loser = conflict ? Self.vdirText(current) : nil
                        var entry = try Self.entry(journal, id: current.id, at: fileModified ?? now)
                        entry.createdAt = current.createdAt
                        try storing { try store.updateDiaryEntry(entry) }
                        emit(entry, change: "synced")
                        if let loser {
                            mirror.keepConflict(
                                uid: entry.uid, title: entry.title, winner: "file", losing: loser, now: now)
                        }
                    case .keepKit:
                        guard var entry = current else { continue }
                        // A new revision: later than the file's, so the file is written and uploaded.
                        entry.updatedAt = max(now, (fileModified ?? now) + 1_000_000_000)
                        try storing { try store.updateDiaryEntry(entry) }
                        let kept = entry
                        mirror.change(entry.uid, deleted: false, modified: kept.updatedAt) { Self.vdirText(kept) }
                        mirror.keepConflict(uid: entry.uid, title: entry.title, winner: "kit", losing: text, now: now)
                    }
                }
            } catch {
                logger.error("could not take a diary entry from the vdir", metadata: ["error": "\(error)"])
            }
        }
    }
}
