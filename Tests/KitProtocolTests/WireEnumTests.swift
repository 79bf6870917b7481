import Foundation
import KitCore
import KitProtocol
import Testing

/// States, the task list filter, change reasons and outcomes are enums in kit, and the same words
/// on the wire as when they were strings: a client sees no change.
@Suite("Wire enums")
struct WireEnumTests {
    /// Each enum's JSON text, as docs/protocol.md gives it.
    static func texts<E: WireEnum>(_ type: E.Type) throws -> [String] {
        let data = try JSONEncoder().encode(Array(E.allCases))
        return try JSONDecoder().decode([String].self, from: data)
    }

    @Test("each enum writes, reads and prints the words the protocol always had")
    func sameWords() throws {
        #expect(try Self.texts(TimerInfo.State.self) == ["running", "paused", "fired", "cancelled"])
        #expect(try Self.texts(TaskInfo.State.self) == ["open", "done"])
        #expect(try Self.texts(StopwatchInfo.State.self) == ["running", "stopped"])
        #expect(
            try Self.texts(TaskEvent.Change.self) == [
                "edited", "snoozed", "undone", "imported", "synced", "occurrence done",
            ])
        #expect(
            try Self.texts(MemoEvent.Change.self) == ["added", "edited", "pinned", "unpinned", "deleted", "synced"])
        #expect(try Self.texts(DiaryEvent.Change.self) == ["written", "edited", "deleted", "synced"])
        #expect(try Self.texts(StopwatchEvent.Change.self) == ["created", "renamed", "reset", "deleted"])
        #expect(try Self.texts(PlaceChangedEvent.Change.self) == ["added", "edited", "removed", "visited", "imported"])
        #expect(try Self.texts(SyncRunStatus.Outcome.self) == ["succeeded", "failed", "timed out", "not started"])
        #expect(try Self.texts(SyncRunStatus.Reason.self) == ["asked", "change", "interval", "start"])
        #expect(try Self.texts(ItemMerge.Side.self) == ["kit", "file"])
        #expect(try Self.texts(PlaceHistoryEntry.Kind.self) == ["picked", "visited"])
        #expect(try Self.texts(RamenEntry.Origin.self) == ["catalog", "own"])
        #expect(try Self.texts(RamenKind.self) == RamenKind.allCases.map(\.rawValue))
        #expect(
            try Self.texts(TaskListParams.Filter.self) == ["open", "today", "week", "overdue", "done", "all"])
        #expect("\(SyncRunStatus.Outcome.timedOut)" == "timed out")
        #expect("\(TaskEvent.Change.occurrenceDone)" == "occurrence done")
        let read = try JSONDecoder().decode([SyncRunStatus.Outcome].self, from: Data(#"["not started"]"#.utf8))
        #expect(read == [.notStarted])
    }
}

/// `daemon.status` names no feature: each feature's part is a section, written beside the
/// runtime's members as they always were, and read back as the feature's type.
@Suite("daemon.status sections")
struct DaemonStatusSectionTests {
    @Test("each feature's part is a member of its own in the JSON, and reads back as its type")
    func sectionsRoundTrip() throws {
        var status = DaemonStatusResult(
            version: "0.1.0", protocolVersion: 3, pid: 7, startedAt: "2026-11-28T00:00:00Z", uptimeNs: 1_500_000_000,
            socket: "/run/kit.sock", database: "/data/kit.sqlite",
            notifications: .init(available: true, server: "dunst", capabilities: ["body"]))
        status.timers = .init(running: 2, paused: 1)
        status.next = .init(id: 4, label: "tea", dueAt: "2026-11-28T00:05:00Z", remainingNs: 300_000_000_000)
        status.tasks = .init(open: 3, overdue: 1, next: nil)
        #expect(status.timers == .init(running: 2, paused: 1) && status.stopwatches == nil)
        let text = String(decoding: try LineEncoder().encode(status), as: UTF8.self)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys).isSuperset(of: ["timers", "next", "tasks", "version", "uptimeNs", "notifications"]))
        #expect((object["timers"] as? [String: Int]) == ["running": 2, "paused": 1])
        #expect((object["next"] as? [String: Any])?["remainingNs"] as? Int == 300_000_000_000)
        let read = try JSONDecoder().decode(DaemonStatusResult.self, from: Data(text.utf8))
        #expect(read.timers == status.timers && read.tasks == status.tasks && read.stopwatches == nil)
        #expect(read.next?.remainingNs == 300_000_000_000 && read.next?.label == "tea")
        // Written again, it is the same JSON (the members of a part read back may come in
        // another order).
        let again = try LineEncoder().encode(read)
        #expect(
            try JSONDecoder().decode(JSONValue.self, from: Data(again))
                == JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)))
    }
}
