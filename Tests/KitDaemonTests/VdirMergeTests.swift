import Foundation
import KitCore
import KitProtocol
import KitTestSupport
import Testing

@testable import KitDaemon

/// The merge of an item kit and another program both changed, on the test clock: a kitd keeping
/// its collections in vdirs with a sync command (`true`: the other side takes kit's writes at each
/// run), and a phone that writes into the vdir what vdirsyncer would bring from the server, in
/// the shape a client saving an edit writes, stamped with the phone's clock. The same cases with
/// a real Radicale and vdirsyncer are `SyncPhoneTests`; here "two seconds later" is a step of the
/// clock, not a sleep.
@Suite("Merging kit's changes and a phone's in a vdir, on the test clock")
struct VdirMergeTests {
    static let second = DrivenDaemon.second

    static func kit() throws -> DrivenDaemon {
        try DrivenDaemon(
            vdirs: ["tasks", "diary", "memos"],
            config: "[sync]\ncommand = \"true\"\ninterval = \"off\"\nafter_change = \"off\"\n")
    }

    /// The text of the file kit keeps the item `uid` of `collection` in, once it is there.
    static func file(_ kit: DrivenDaemon, _ collection: String, uid: String) throws -> String? {
        try? String(
            contentsOfFile: kit.vdir(collection) + "/" + VdirCollection.fileName(for: uid), encoding: .utf8)
    }

    /// Turns the loop until the item's file says `line` (a content line).
    static func waitForFile(_ kit: DrivenDaemon, _ collection: String, uid: String, saying line: String) throws
        -> Bool
    {
        try kit.run { (try? file(kit, collection, uid: uid)).flatMap { $0 }.map(unfolded)?.contains(line) == true }
    }

    /// One round of the sync command, waited for: kit's writes so far become the agreed base.
    static func syncRound(_ kit: DrivenDaemon) throws {
        var finished: SyncRunStatus?
        kit.sync.runner?.request(.asked) { finished = $0 }
        #expect(try kit.run(for: .seconds(10)) { finished != nil }, "the sync round did not finish")
        #expect(finished?.outcome == .succeeded)
    }

    /// An item's content lines, unfolded.
    static func unfolded(_ text: String) -> [String] { PhoneEdit.unfolded(text) }

    /// The phone's version of `text` (the version both last agreed on), saved as a client does
    /// (`PhoneEdit`) with the phone's clock at `at`, put into the vdir as vdirsyncer puts a file:
    /// a hidden temporary file, renamed over the item's.
    static func phoneEdit(
        _ kit: DrivenDaemon, _ collection: String, uid: String, from text: String, at: WallTime, raise: Int = 1,
        _ edit: (inout [String]) -> Void
    ) throws {
        let saved = try PhoneEdit.saved(text, stamp: ICalendarText.utc(at), raise: raise, edit)
        let name = VdirCollection.fileName(for: uid)
        let temporary = kit.vdir(collection) + "/." + name + ".tmp"
        try saved.write(toFile: temporary, atomically: false, encoding: .utf8)
        #expect(rename(temporary, kit.vdir(collection) + "/" + name) == 0)
    }

    static func set(_ lines: inout [String], _ property: String, _ line: String) {
        PhoneEdit.set(&lines, property, line)
    }

    /// A task added, written, and agreed on by a sync round; its file as agreed.
    static func agreedTask(_ kit: DrivenDaemon, _ title: String, due: String, repeat rule: String? = nil) throws
        -> (task: TaskInfo, text: String)
    {
        let task = try kit.tasks.add(TaskAddParams(title: title, due: due, repeat: rule))
        #expect(try waitForFile(kit, "tasks", uid: task.uid, saying: "SUMMARY:\(title)"))
        try syncRound(kit)
        return (task, try #require(try file(kit, "tasks", uid: task.uid)))
    }

    @Test(
        "both retitle a task, kit two seconds after the phone: one conflict over SUMMARY, kit's title wins, the phone's kept"
    )
    func kitLaterWins() throws {
        let kit = try Self.kit()
        defer { kit.stop() }
        let events = try kit.subscriber(["sync.*"])
        let (task, agreed) = try Self.agreedTask(kit, "dentist", due: "2030-03-01 10:00")
        // The phone raises SEQUENCE by five: it does not order versions.
        try Self.phoneEdit(kit, "tasks", uid: task.uid, from: agreed, at: kit.clock.now().wall, raise: 5) {
            Self.set(&$0, "SUMMARY", "SUMMARY:dentist at 10")
        }
        kit.advance(by: 2 * Self.second)
        _ = try kit.tasks.edit(TaskEditParams(ref: String(task.id), title: "dentist at 11"))
        #expect(try kit.run { (try? kit.sync.status().conflicts.count) == 1 })
        #expect(try Self.waitForFile(kit, "tasks", uid: task.uid, saying: "SUMMARY:dentist at 11"))
        #expect(try kit.tasks.list(TaskListParams(filter: .all)).tasks.map(\.title) == ["dentist at 11"])
        let conflict = try #require(try kit.sync.status().conflicts.first)
        #expect(conflict.property == "SUMMARY" && conflict.winner == .kit && conflict.lost == "SUMMARY:dentist at 10")
        let announced = try kit.events(on: events) { $0.contains { $0.name == Event.syncConflict } }
        let event = try announced.first { $0.name == Event.syncConflict }.map { try $0.decode(SyncConflictEvent.self) }
        #expect(event?.uid == task.uid && event?.property == "SUMMARY")
    }

    @Test("both retitle a task, the phone two seconds after kit's unsynced write: the phone's title wins, kit's kept")
    func phoneLaterWins() throws {
        let kit = try Self.kit()
        defer { kit.stop() }
        let (task, agreed) = try Self.agreedTask(kit, "dentist", due: "2030-03-01 10:00")
        _ = try kit.tasks.edit(TaskEditParams(ref: String(task.id), title: "dentist at 11"))
        #expect(try Self.waitForFile(kit, "tasks", uid: task.uid, saying: "SUMMARY:dentist at 11"))
        kit.advance(by: 2 * Self.second)
        // What the server held, as the phone edited it; kit's write has not reached it.
        try Self.phoneEdit(kit, "tasks", uid: task.uid, from: agreed, at: kit.clock.now().wall) {
            Self.set(&$0, "SUMMARY", "SUMMARY:dentist at 10")
        }
        #expect(try kit.run { (try? kit.sync.status().conflicts.count) == 1 })
        #expect(try kit.tasks.list(TaskListParams(filter: .all)).tasks.map(\.title) == ["dentist at 10"])
        let conflict = try #require(try kit.sync.status().conflicts.first)
        #expect(conflict.winner == .file && conflict.property == "SUMMARY" && conflict.lost == "SUMMARY:dentist at 11")
    }

    @Test(
        "the phone renames a task and kit moves its due two seconds later: both are kept, and what kit does not model passes through"
    )
    func renameAndDue() throws {
        let kit = try Self.kit()
        defer { kit.stop() }
        let (task, agreed) = try Self.agreedTask(kit, "dentist", due: "2030-03-01 10:00")
        try Self.phoneEdit(kit, "tasks", uid: task.uid, from: agreed, at: kit.clock.now().wall) {
            Self.set(&$0, "SUMMARY", "SUMMARY:dentist (Dr. Kim)")
            Self.set(&$0, "PRIORITY", "PRIORITY:1")
        }
        kit.advance(by: 2 * Self.second)
        _ = try kit.tasks.edit(TaskEditParams(ref: String(task.id), due: "2030-03-01 11:00"))
        #expect(try Self.waitForFile(kit, "tasks", uid: task.uid, saying: "SUMMARY:dentist (Dr. Kim)"))
        #expect(try kit.run { (try? Self.file(kit, "tasks", uid: task.uid))??.contains("20300301T110000") == true })
        let shown = try #require(try kit.tasks.list(TaskListParams(filter: .all)).tasks.first)
        #expect(shown.title == "dentist (Dr. Kim)" && shown.dueAt == "2030-03-01T02:00:00.000000Z")
        #expect(Self.unfolded(try #require(try Self.file(kit, "tasks", uid: task.uid))).contains("PRIORITY:1"))
        #expect(try kit.sync.status().conflicts.isEmpty)
    }

    @Test(
        "a repeating task completed on the phone with its clock ten minutes behind, at kit's, or ten ahead advances once, whatever the clock says",
        arguments: [-600, 0, 600] as [Int64])
    func completionAdvancesOnce(skew: Int64) throws {
        let kit = try Self.kit()
        defer { kit.stop() }
        let (task, agreed) = try Self.agreedTask(kit, "water the plants", due: "2030-01-10 09:00", repeat: "daily")
        kit.advance(by: Self.second)
        // As Tasks.org completes one occurrence: the series moves on a day.
        try Self.phoneEdit(kit, "tasks", uid: task.uid, from: agreed, at: kit.clock.now().wall + skew * Self.second) {
            lines in
            for index in lines.indices where lines[index].hasPrefix("DTSTART") || lines[index].hasPrefix("DUE") {
                lines[index] = lines[index].replacingOccurrences(of: "20300110T", with: "20300111T")
            }
        }
        let advanced = "2030-01-11T00:00:00.000000Z"  // 09:00 in Seoul
        #expect(try kit.run { (try? kit.tasks.list(TaskListParams(filter: .all)).tasks.first?.dueAt) == advanced })
        for _ in 0..<2 { try Self.syncRound(kit) }
        let tasks = try kit.tasks.list(TaskListParams(filter: .all)).tasks
        #expect(tasks.map(\.dueAt) == [advanced], "once, not twice")
        #expect(tasks.first?.state == .open)
        #expect(try kit.sync.status().conflicts.isEmpty)
    }

    @Test(
        "a memo and a diary entry: each side's change to a different property is kept; both retitling is one conflict the later wins"
    )
    func journals() throws {
        let kit = try Self.kit()
        defer { kit.stop() }
        let memo = try kit.memos.add(MemoAddParams(text: "Gift ideas"))
        let entry = try kit.diary.write(DiaryWriteParams(text: "Hiked the ridge\nCold but clear.", date: "2026-11-20"))
        #expect(try Self.waitForFile(kit, "memos", uid: memo.uid, saying: "SUMMARY:Gift ideas"))
        #expect(try Self.waitForFile(kit, "diary", uid: entry.uid, saying: "SUMMARY:Hiked the ridge"))
        try Self.syncRound(kit)
        let agreedMemo = try #require(try Self.file(kit, "memos", uid: memo.uid))
        let agreedEntry = try #require(try Self.file(kit, "diary", uid: entry.uid))
        // The phone adds a line to the memo while kit pins it; it rewrites the entry's body while
        // kit sets its mood.
        try Self.phoneEdit(kit, "memos", uid: memo.uid, from: agreedMemo, at: kit.clock.now().wall) {
            Self.set(&$0, "DESCRIPTION", "DESCRIPTION:a scarf")
        }
        try Self.phoneEdit(kit, "diary", uid: entry.uid, from: agreedEntry, at: kit.clock.now().wall) {
            Self.set(&$0, "DESCRIPTION", "DESCRIPTION:Windy at the top.")
        }
        _ = try kit.memos.setPinned(RecordRef(String(memo.id)), true)
        _ = try kit.diary.edit(DiaryEditParams(ref: RecordRef(String(entry.id)), mood: "happy"))
        #expect(try Self.waitForFile(kit, "memos", uid: memo.uid, saying: "X-KIT-PINNED:TRUE"))
        #expect(try Self.waitForFile(kit, "memos", uid: memo.uid, saying: "DESCRIPTION:a scarf"))
        #expect(try Self.waitForFile(kit, "diary", uid: entry.uid, saying: "X-KIT-MOOD:happy"))
        #expect(try Self.waitForFile(kit, "diary", uid: entry.uid, saying: "DESCRIPTION:Windy at the top."))
        let merged = try kit.memos.get(RecordRef(String(memo.id)))
        #expect(merged.text == "Gift ideas\na scarf" && merged.pinned)
        let mergedEntry = try kit.diary.get(RecordRef(String(entry.id)))
        #expect(mergedEntry.text == "Hiked the ridge\nWindy at the top." && mergedEntry.mood == "happy")
        #expect(try kit.sync.status().conflicts.isEmpty)
        try Self.syncRound(kit)

        // Both retitle the memo, kit two seconds later: kit's title wins, the phone's is kept.
        let memoBase = try #require(try Self.file(kit, "memos", uid: memo.uid))
        try Self.phoneEdit(kit, "memos", uid: memo.uid, from: memoBase, at: kit.clock.now().wall) {
            Self.set(&$0, "SUMMARY", "SUMMARY:Gift list")
        }
        kit.advance(by: 2 * Self.second)
        _ = try kit.memos.edit(MemoEditParams(ref: String(memo.id), text: "Presents\na scarf"))
        #expect(try kit.run { (try? kit.sync.status().conflicts.count) == 1 })
        #expect(try Self.waitForFile(kit, "memos", uid: memo.uid, saying: "SUMMARY:Presents"))
        #expect(try kit.memos.get(RecordRef(String(memo.id))).text == "Presents\na scarf")
        // The entry's first line, the phone two seconds after kit's unsynced write: the phone's wins.
        let entryBase = try #require(try Self.file(kit, "diary", uid: entry.uid))
        _ = try kit.diary.edit(
            DiaryEditParams(ref: RecordRef(String(entry.id)), text: "Up the ridge\nWindy at the top."))
        #expect(try Self.waitForFile(kit, "diary", uid: entry.uid, saying: "SUMMARY:Up the ridge"))
        kit.advance(by: 2 * Self.second)
        try Self.phoneEdit(kit, "diary", uid: entry.uid, from: entryBase, at: kit.clock.now().wall) {
            Self.set(&$0, "SUMMARY", "SUMMARY:On the ridge")
        }
        #expect(try kit.run { (try? kit.sync.status().conflicts.count) == 2 })
        #expect(try kit.diary.get(RecordRef(String(entry.id))).text == "On the ridge\nWindy at the top.")
        let conflicts = try kit.sync.status().conflicts.sorted { $0.collection < $1.collection }
        #expect(conflicts.map(\.collection) == ["diary", "memos"])
        #expect(conflicts.map(\.winner) == [.file, .kit])
        #expect(conflicts.map(\.property) == ["SUMMARY", "SUMMARY"])
        #expect(conflicts.map(\.lost) == ["SUMMARY:Up the ridge", "SUMMARY:Gift list"])
    }
}
