import KitCore
import Testing

/// The merge table of a vdir item: what changed since the base decides, not whose clock is later.
/// The phone's words (`base`, `file`) and kit's (`kitBase`, `kit`) are written by hand here, as
/// each side writes them: kit with a TZID and its own PRODID, the phone in UTC.
@Suite("Merging kit's version of an item with its file's, against their base")
struct ItemMergeTests {
    static let stamp = WallTime(nanoseconds: 1_900_000_000 * Nanoseconds.nanosecondsPerSecond)

    /// A VCALENDAR with one VTODO of `lines` (and more components after it).
    static func calendar(_ lines: [String], more: [String] = [], prodid: String = "-//phone//EN") -> ItemDocument {
        ItemDocument(
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(prodid)", "BEGIN:VTODO", "UID:t1@kit"] + lines
                + ["END:VTODO"] + more + ["END:VCALENDAR", ""]).joined(separator: "\r\n"))
    }

    /// The phone's version: a daily task at 09:00 UTC, with what kit does not model.
    static func phone(
        summary: String = "water the plants", due: String = "20300110T090000Z", count: Int = 5,
        status: [String] = ["STATUS:NEEDS-ACTION"], modified: String = "20300101T120000Z", sequence: Int = 0,
        extra: [String] = [], more: [String] = []
    ) -> ItemDocument {
        calendar(
            [
                "DTSTAMP:\(modified)", "LAST-MODIFIED:\(modified)", "SEQUENCE:\(sequence)", "SUMMARY:\(summary)",
                "PRIORITY:1", "CATEGORIES:home,garden", "X-PHONE-LIST:Chores", "DTSTART:\(due)", "DUE:\(due)",
                "RRULE:FREQ=DAILY;COUNT=\(count)",
            ] + status + extra, more: more)
    }

    /// Kit's rendering of the same task.
    static func kit(
        summary: String = "water the plants", due: String = "20300110T090000Z", count: Int = 5,
        status: String = "NEEDS-ACTION", modified: String = "20300101T120000Z", sequence: Int = 0
    ) -> ItemDocument {
        calendar(
            [
                "DTSTAMP:\(modified)", "SUMMARY:\(summary)", "LAST-MODIFIED:\(modified)", "SEQUENCE:\(sequence)",
                "DTSTART:\(due)", "RRULE:COUNT=\(count);FREQ=DAILY", "DUE:\(due)", "STATUS:\(status)",
            ], prodid: "-//kit//kit 0.1//EN")
    }

    static func merge(
        base: ItemDocument? = phone(), kitBase: ItemDocument? = kit(), kit: ItemDocument, file: ItemDocument
    ) -> ItemMerge.Result {
        ItemMerge.merge(base: base, kitBase: kitBase, kit: kit, file: file, stamp: stamp)
    }

    static func master(_ result: ItemMerge.Result) -> ItemDocument.Component {
        result.document.components.first { $0.name == "VTODO" && $0.value("RECURRENCE-ID") == nil }!
    }

    @Test("only the file changed: the file wins, though its LAST-MODIFIED is ten minutes before kit's last write")
    func onlyFile() {
        // Given kit wrote at 12:10, and the phone, whose clock is behind, stamps its change 12:00.
        let kitBase = Self.kit(modified: "20300101T121000Z")
        let file = Self.phone(due: "20300111T090000Z", count: 4, modified: "20300101T120000Z", sequence: 1)
        let result = Self.merge(kitBase: kitBase, kit: kitBase, file: file)
        #expect(result.document == file)
        #expect(result.fileContributed && !result.kitContributed)
        #expect(result.conflicts.isEmpty)
    }

    @Test("only the file changed, ten minutes ahead: the file wins, and nothing is written")
    func onlyFileAhead() {
        let file = Self.phone(summary: "water the ferns", modified: "20300101T122000Z")
        let result = Self.merge(kit: Self.kit(modified: "20300101T121000Z"), file: file)
        #expect(result.document == file)
        #expect(!result.kitContributed)
    }

    @Test("only kit changed: kit's change is written over the file's words, as a new revision")
    func onlyKit() {
        let kit = Self.kit(due: "20300110T180000Z", modified: "20300102T080000Z")
        let result = Self.merge(kit: kit, file: Self.phone(sequence: 3))
        #expect(result.kitContributed && !result.fileContributed)
        let master = Self.master(result)
        #expect(master.value("DUE") == "20300110T180000Z")
        #expect(master.value("DTSTART") == "20300110T180000Z")
        // What kit does not model passes through, in the phone's words.
        #expect(master.value("PRIORITY") == "1")
        #expect(master.value("CATEGORIES") == "home,garden")
        #expect(master.value("X-PHONE-LIST") == "Chores")
        #expect(result.document.calendarLines.contains { $0.text == "PRODID:-//phone//EN" })
        #expect(master.value("SEQUENCE") == "4")
        #expect(master.value("LAST-MODIFIED") == ICalendarText.utc(Self.stamp))
    }

    @Test("a new revision's LAST-MODIFIED is after the file's, though the file's clock is ahead of kit's")
    func revisionAfterFile() {
        let kit = Self.kit(summary: "water the ferns")
        let file = Self.phone(modified: "20330101T000000Z")
        let base = file
        let result = Self.merge(base: base, kit: kit, file: file)
        #expect(Self.master(result).value("LAST-MODIFIED") == "20330101T000001Z")
    }

    @Test("the phone renames and kit moves the due time: both changes are kept, and no conflict is reported")
    func renameAndDue() {
        let file = Self.phone(summary: "water the ferns", modified: "20300102T080000Z", sequence: 1)
        let kit = Self.kit(due: "20300110T180000Z", modified: "20300102T080002Z")
        let result = Self.merge(kit: kit, file: file)
        #expect(result.conflicts.isEmpty)
        #expect(result.fileContributed && result.kitContributed)
        let master = Self.master(result)
        #expect(master.value("SUMMARY") == "water the ferns")
        #expect(master.value("DUE") == "20300110T180000Z")
        #expect(master.value("SEQUENCE") == "2")
    }

    @Test("both retitle: the later LAST-MODIFIED wins whatever the SEQUENCE, and the loser is reported")
    func bothRetitle() {
        // The phone raised SEQUENCE; kit's change is two seconds later.
        let file = Self.phone(summary: "phone's title", modified: "20300102T080000Z", sequence: 5)
        let kit = Self.kit(summary: "kit's title", modified: "20300102T080002Z")
        let result = Self.merge(kit: kit, file: file)
        #expect(Self.master(result).value("SUMMARY") == "kit's title")
        #expect(
            result.conflicts == [
                ItemMerge.Conflict(
                    recurrence: nil, properties: ["SUMMARY"], winner: .kit, lost: ["SUMMARY:phone's title"])
            ])
        // Then the other way round.
        let earlier = Self.kit(summary: "kit's title", modified: "20300102T075958Z", sequence: 9)
        let other = Self.merge(kit: earlier, file: file)
        #expect(Self.master(other).value("SUMMARY") == "phone's title")
        #expect(other.conflicts.map(\.winner) == [.file])
        #expect(other.conflicts.first?.lost == ["SUMMARY:kit's title"])
        #expect(!other.kitContributed)
    }

    @Test("a conflict at the same second goes to the higher SEQUENCE, then to the file")
    func tie() {
        let file = Self.phone(summary: "phone's title", modified: "20300102T080000Z", sequence: 1)
        #expect(
            Self.merge(kit: Self.kit(summary: "kit", modified: "20300102T080000Z", sequence: 2), file: file)
                .conflicts.map(\.winner) == [.kit])
        #expect(
            Self.merge(kit: Self.kit(summary: "kit", modified: "20300102T080000Z", sequence: 1), file: file)
                .conflicts.map(\.winner) == [.file])
    }

    @Test("both make the same change: no conflict, and the file is not written")
    func sameChange() {
        let file = Self.phone(summary: "water the ferns", modified: "20300102T080000Z")
        let kit = Self.kit(summary: "water the ferns", modified: "20300102T090000Z")
        let result = Self.merge(kit: kit, file: file)
        #expect(result.conflicts.isEmpty)
        #expect(!result.kitContributed)
        #expect(result.document == file)
    }

    @Test("a completion on the phone and a retitle in kit are both kept")
    func completionAndEdit() {
        let file = Self.phone(
            status: ["STATUS:COMPLETED", "COMPLETED:20300102T080000Z", "PERCENT-COMPLETE:100"],
            modified: "20300102T080000Z")
        let kit = Self.kit(summary: "water the ferns", modified: "20300102T080500Z")
        let result = Self.merge(kit: kit, file: file)
        #expect(result.conflicts.isEmpty)
        let master = Self.master(result)
        #expect(master.value("STATUS") == "COMPLETED")
        #expect(master.value("COMPLETED") == "20300102T080000Z")
        #expect(master.value("SUMMARY") == "water the ferns")
    }

    @Test("kit reopening a task takes the whole status: the file's COMPLETED and PERCENT-COMPLETE go with it")
    func statusGroup() {
        let done = Self.phone(status: ["STATUS:COMPLETED", "COMPLETED:20300102T080000Z", "PERCENT-COMPLETE:100"])
        let kitDone = Self.kit(status: "COMPLETED")
        let result = Self.merge(base: done, kitBase: kitDone, kit: Self.kit(status: "NEEDS-ACTION"), file: done)
        let master = Self.master(result)
        #expect(master.value("STATUS") == "NEEDS-ACTION")
        #expect(master.value("COMPLETED") == nil)
        #expect(master.value("PERCENT-COMPLETE") == nil)
    }

    @Test("a completion that moves the schedule and a due change in kit conflict as one schedule, never half of each")
    func scheduleIsOne() {
        let file = Self.phone(due: "20300111T090000Z", count: 4, modified: "20300102T080000Z")
        let kit = Self.kit(due: "20300110T180000Z", modified: "20300102T080100Z")
        let result = Self.merge(kit: kit, file: file)
        let master = Self.master(result)
        #expect(master.value("DUE") == "20300110T180000Z")
        #expect(master.value("DTSTART") == "20300110T180000Z")
        #expect(master.value("RRULE") == "COUNT=5;FREQ=DAILY")
        #expect(result.conflicts.map(\.properties) == [["DTSTART", "DUE", "RRULE"]])
    }

    @Test("a property kit does not model changed on the phone passes through, and kit takes nothing in")
    func unmodelled() {
        let file = Self.phone(modified: "20300102T080000Z", extra: ["X-APPLE-SORT-ORDER:3"])
        let result = Self.merge(kit: Self.kit(), file: file)
        #expect(result.document == file)
        #expect(!result.kitContributed)
        #expect(result.conflicts.isEmpty)
    }

    @Test("an override the phone adds (Thunderbird's completed occurrence) is kept and taken in")
    func overrideAdded() {
        let override = [
            "BEGIN:VTODO", "UID:t1@kit", "RECURRENCE-ID:20300110T090000Z", "DTSTAMP:20300102T080000Z",
            "SUMMARY:water the plants", "DUE:20300110T090000Z", "STATUS:COMPLETED", "END:VTODO",
        ]
        let file = Self.phone(modified: "20300102T080000Z", more: override)
        let result = Self.merge(kit: Self.kit(), file: file)
        #expect(result.document == file)
        #expect(result.fileContributed && !result.kitContributed)
        // Kit, having taken it in, renders the series from the next occurrence without it; later
        // kit renames the task: the override stays in the file.
        let kitAfter = Self.kit(due: "20300111T090000Z", count: 4)
        let renamed = Self.kit(summary: "water the ferns", due: "20300111T090000Z", count: 4)
        let next = Self.merge(base: file, kitBase: kitAfter, kit: renamed, file: file)
        #expect(next.document.components.count == 2)
        #expect(next.document.components.last?.value("STATUS") == "COMPLETED")
        #expect(Self.master(next).value("SUMMARY") == "water the ferns")
        #expect(Self.master(next).value("RRULE") == "FREQ=DAILY;COUNT=5")
    }

    @Test("an override removed on the phone goes, unless kit changed it")
    func overrideRemoved() {
        let override = [
            "BEGIN:VTODO", "UID:t1@kit", "RECURRENCE-ID:20300112T090000Z", "DTSTAMP:20300102T080000Z",
            "SUMMARY:only this one", "DUE:20300112T090000Z", "STATUS:NEEDS-ACTION", "END:VTODO",
        ]
        let base = Self.phone(more: override)
        let kitBase = Self.calendar(Self.kit().components[0].lines.map(\.text), more: override)
        let file = Self.phone(modified: "20300102T080000Z")
        let result = Self.merge(base: base, kitBase: kitBase, kit: kitBase, file: file)
        #expect(result.document.components.count == 1)
        #expect(result.fileContributed && !result.kitContributed)
        var changed = override
        changed[5] = "SUMMARY:only this one, changed"
        let kitChanged = Self.calendar(Self.kit().components[0].lines.map(\.text), more: changed)
        let kept = Self.merge(base: base, kitBase: kitBase, kit: kitChanged, file: file)
        #expect(kept.document.components.count == 2)
        #expect(kept.kitContributed)
        #expect(kept.conflicts.map(\.winner) == [.kit])
    }

    @Test("an override kit renders that the file never had, unchanged in kit since the base, is not written again")
    func overrideTheFileNeverHad() {
        let override = [
            "BEGIN:VTODO", "UID:t1@kit", "RECURRENCE-ID:20300112T090000Z", "SUMMARY:only this one",
            "DUE:20300112T090000Z", "STATUS:NEEDS-ACTION", "END:VTODO",
        ]
        let kitWithOverride = Self.calendar(Self.kit().components[0].lines.map(\.text), more: override)
        let result = Self.merge(kitBase: kitWithOverride, kit: kitWithOverride, file: Self.phone())
        #expect(!result.kitContributed && !result.fileContributed)
        #expect(result.document == Self.phone())
    }

    @Test("without a base, what differs is a conflict, and what kit does not render is the file's")
    func noBase() {
        let file = Self.phone(summary: "phone's title", modified: "20300102T080000Z")
        let kit = Self.kit(summary: "kit's title", modified: "20300102T090000Z")
        let result = Self.merge(base: nil, kitBase: nil, kit: kit, file: file)
        #expect(Self.master(result).value("SUMMARY") == "kit's title")
        #expect(Self.master(result).value("PRIORITY") == "1")
        #expect(result.conflicts.map(\.properties) == [["SUMMARY"]])
        let same = Self.merge(base: nil, kitBase: nil, kit: Self.kit(), file: Self.phone())
        #expect(same.conflicts.isEmpty && !same.kitContributed)
    }

    @Test("a UTC time is one value however it is spelt: kit's TZID=GMT, vobject's TZID=GMT with Z, a bare Z")
    func utcSpellings() {
        let kit = ItemDocument.Line("DUE;TZID=GMT:20300301T100000")
        let vobject = ItemDocument.Line("DUE;TZID=GMT:20300301T100000Z")
        let bare = ItemDocument.Line("DUE:20300301T100000Z")
        let quoted = ItemDocument.Line("DUE;TZID=\"Etc/UTC\":20300301T100000")
        #expect(Set([kit.key, vobject.key, bare.key, quoted.key]).count == 1)
        #expect(ItemDocument.Line("DUE;TZID=Europe/Berlin:20300301T100000").key != kit.key)
        #expect(ItemDocument.Line("DUE;VALUE=DATE:20300301").key == "DUE;VALUE=DATE:20300301")
    }

    @Test("an RRULE's parts in another order are the same rule")
    func ruleOrder() {
        let one = ItemDocument.Line("RRULE:FREQ=DAILY;COUNT=5")
        let other = ItemDocument.Line("RRULE:COUNT=5;FREQ=DAILY")
        #expect(one.key == other.key)
    }

    @Test("a document's text keeps every line, folds at 75 octets without splitting a character, and reads back")
    func roundTrip() {
        let long = "SUMMARY:" + String(repeating: "신라면 끓이기 ", count: 20)
        let document = Self.calendar([long, "X-UNKNOWN;FOO=\"a:b;c\":value:with:colons", "SUBCALENDAR-ID:42"])
        let text = document.text
        #expect(text.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        #expect(ItemDocument(text) == document)
        let line = document.components[0].lines[2]
        #expect(line.name == "X-UNKNOWN")
        #expect(line.value == "value:with:colons")
        #expect(document.components[0].value("SUBCALENDAR-ID") == "42")
    }

    @Test("kit's zone definition comes with kit's schedule when the file has none for it")
    func zoneFollows() {
        let zone = [
            "BEGIN:VTIMEZONE", "TZID:Asia/Seoul", "BEGIN:STANDARD", "DTSTART:19700101T000000",
            "TZOFFSETFROM:+0900", "TZOFFSETTO:+0900", "END:STANDARD", "END:VTIMEZONE",
        ]
        let kit = ItemDocument(
            (["BEGIN:VCALENDAR", "PRODID:-//kit//kit 0.1//EN"] + zone + [
                "BEGIN:VTODO", "UID:t1@kit", "SUMMARY:water the plants", "DTSTART;TZID=Asia/Seoul:20300110T180000",
                "RRULE:FREQ=DAILY;COUNT=5", "DUE;TZID=Asia/Seoul:20300110T180000", "STATUS:NEEDS-ACTION",
                "END:VTODO", "END:VCALENDAR",
            ]).joined(separator: "\r\n"))
        let result = Self.merge(kit: kit, file: Self.phone())
        #expect(result.document.components.first?.name == "VTIMEZONE")
        #expect(Self.master(result).value("DUE") == "20300110T180000")
    }
}
