import Foundation
import Glibc
import KitCalendar
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension FilesIntegration {
    @Suite("Changes made in the memos' and diary's vdirs from outside reach kitd")
    struct VdirJournalTests {
        /// A kitd keeping memos and the diary in `<root>/vdir/{memos,diary}`, and those directories.
        static func kitd() throws -> (KitdHarness, memos: String, diary: String) {
            let kit = try KitdHarness()
            do {
                let memos = try kit.root.subdirectory("vdir/memos")
                let diary = try kit.root.subdirectory("vdir/diary")
                let config = kit.root.path + "/config.toml"
                try "[vdir]\nmemos = \"\(memos)\"\ndiary = \"\(diary)\"\n".write(
                    toFile: config, atomically: true, encoding: .utf8)
                try kit.startKitd(arguments: ["--log-level", "debug", "--config", config])
                return (kit, memos, diary)
            } catch {
                kit.tearDown()
                throw error
            }
        }

        /// One VJOURNAL as jtx Board writes one: a memo without DTSTART, a diary entry with one.
        static func journal(
            uid: String, summary: String, description: String? = nil, day: String? = nil, modified: Date
        ) -> String {
            var lines = [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:+//IDN bitfire.at//jtx Board//EN", "BEGIN:VJOURNAL",
                "UID:\(uid)", "DTSTAMP:\(VdirOutsideTests.utc(modified))",
                "LAST-MODIFIED:\(VdirOutsideTests.utc(modified))", "SUMMARY:\(summary)",
            ]
            if let description { lines.append("DESCRIPTION:\(description)") }
            if let day { lines.append("DTSTART;VALUE=DATE:\(day)") }
            lines += ["STATUS:FINAL", "END:VJOURNAL", "END:VCALENDAR", ""]
            return lines.joined(separator: "\r\n")
        }

        static func memos(_ kit: KitdHarness) throws -> [Memo] {
            try kit.kitctlJSON(["memo", "list"], as: MemoListResult.self).memos
        }

        @Test(
            "a memo file from outside becomes a memo; a change made only there replaces its text whatever its clock says, and keeps the app's own lines; a deleted file deletes it"
        )
        func memosFromOutside() throws {
            let (kit, memos, _) = try Self.kitd()
            defer { kit.tearDown() }
            let uid = "note-1@jtx.example"
            try VdirOutsideTests.put(
                Self.journal(uid: uid, summary: "Gift ideas", description: "a scarf", modified: Date()), memos,
                "note-1.ics")
            #expect(
                try Subprocess.waitUntil(timeout: .seconds(10)) { try Self.memos(kit).contains { $0.uid == uid } })
            let added = try #require(try Self.memos(kit).first { $0.uid == uid })
            #expect(added.title == "Gift ideas")
            #expect(
                try kit.kitctlJSON(["memo", "show", String(added.id)], as: Memo.self).text == "Gift ideas\na scarf")

            try VdirOutsideTests.put(
                Self.journal(
                    uid: uid, summary: "Gift ideas", description: "a scarf, gloves",
                    modified: Date(timeIntervalSinceNow: 60)),
                memos, "note-1.ics")
            #expect(
                try Subprocess.waitUntil(timeout: .seconds(10)) {
                    try kit.kitctlJSON(["memo", "show", String(added.id)], as: Memo.self).text
                        == "Gift ideas\na scarf, gloves"
                })

            // A change made only in the file is taken, though its clock says a day before kit's last
            // write; the phone's own property (X-) stays, and nothing is reported.
            let older = Self.journal(
                uid: uid, summary: "Gift ideas", description: "a scarf, gloves, a hat",
                modified: Date(timeIntervalSinceNow: -86_400)
            ).replacingOccurrences(of: "STATUS:FINAL", with: "STATUS:FINAL\r\nX-JTX-COLOR:-16776961")
            try VdirOutsideTests.put(older, memos, "note-1.ics")
            #expect(
                try Subprocess.waitUntil(timeout: .seconds(10)) {
                    try kit.kitctlJSON(["memo", "show", String(added.id)], as: Memo.self).text
                        == "Gift ideas\na scarf, gloves, a hat"
                })
            // Kit's next change goes into the file's text: the phone's line is still there.
            #expect(try kit.kitctl(["memo", "pin", String(added.id)]).exitCode == 0)
            #expect(
                Subprocess.waitUntil(timeout: .seconds(10)) {
                    let text = (try? String(contentsOfFile: memos + "/note-1.ics", encoding: .utf8)) ?? ""
                    return text.contains("X-JTX-COLOR:-16776961") && text.contains("a hat")
                        && (try? ICalendarJournal.read(text))?.pinned == true
                })
            let status = try kit.kitctlJSON(["sync", "status", "--json"], as: SyncStatusResult.self)
            #expect(status.conflicts.isEmpty)

            try FileManager.default.removeItem(atPath: memos + "/note-1.ics")
            #expect(
                try Subprocess.waitUntil(timeout: .seconds(10)) { try !Self.memos(kit).contains { $0.uid == uid } })
            // Kit's own memos are not read back as changes.
            let own = try kit.kitctlJSON(["memo", "add", "buy oat milk"], as: Memo.self)
            #expect(
                Subprocess.waitUntil(timeout: .seconds(10)) {
                    FileManager.default.fileExists(atPath: memos + "/" + own.uid + ".ics")
                })
            #expect(try Self.memos(kit).map(\.title) == ["buy oat milk"])
        }

        @Test(
            "a diary file from outside becomes an entry on its day; a later version replaces it; a deleted file deletes it; a file without a day is reported and left alone"
        )
        func diaryFromOutside() throws {
            let (kit, _, diary) = try Self.kitd()
            defer { kit.tearDown() }
            let uid = "day-1@jtx.example"
            try VdirOutsideTests.put(
                Self.journal(
                    uid: uid, summary: "Hiked the ridge", description: "Cold but clear.", day: "20261120",
                    modified: Date()),
                diary, "day-1.ics")
            let list = { try kit.kitctlJSON(["diary", "list", "--json"], as: DiaryListResult.self).entries }
            #expect(try Subprocess.waitUntil(timeout: .seconds(10)) { try list().contains { $0.uid == uid } })
            let entry = try #require(try list().first { $0.uid == uid })
            #expect(entry.date == "2026-11-20" && entry.title == "Hiked the ridge")

            try VdirOutsideTests.put(
                Self.journal(
                    uid: uid, summary: "Hiked the ridge", description: "Windy.", day: "20261121",
                    modified: Date(timeIntervalSinceNow: 60)),
                diary, "day-1.ics")
            #expect(
                try Subprocess.waitUntil(timeout: .seconds(10)) {
                    try list().contains { $0.uid == uid && $0.date == "2026-11-21" }
                })

            try VdirOutsideTests.put(
                Self.journal(uid: "memo-2@jtx.example", summary: "not a diary entry", modified: Date()), diary,
                "memo-2.ics")
            #expect(
                try Subprocess.waitUntil(timeout: .seconds(10)) {
                    let status = try kit.kitctlJSON(["sync", "status", "--json"], as: SyncStatusResult.self)
                    return status.collections.first { $0.name == "diary" }?.unreadable.map(\.file) == ["memo-2.ics"]
                })
            #expect(FileManager.default.fileExists(atPath: diary + "/memo-2.ics"))

            try FileManager.default.removeItem(atPath: diary + "/day-1.ics")
            #expect(try Subprocess.waitUntil(timeout: .seconds(10)) { try list().isEmpty })
        }
    }
}
