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
