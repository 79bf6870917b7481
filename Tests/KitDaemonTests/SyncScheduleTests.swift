import Foundation
import KitCore
import KitProtocol
import Testing

@testable import KitDaemon

/// When kitd runs the sync command, on the test clock: its alarms are the scheduler's, so minutes
/// of `after_change`, interval and timeout pass in a step of the clock. The command is a real
/// `/bin/sh -c` that notes each run in a file.
@Suite("When the sync command runs, on the test clock")
struct SyncScheduleTests {
    static let second = DrivenDaemon.second

    /// A kitd keeping tasks in a vdir and syncing with `sync` (the rest of `[sync]`), each run
    /// appending its reason's turn to `runs` in the kit's directory.
    static func kit(_ sync: String, command: String? = nil) throws -> (DrivenDaemon, String) {
        let runs = FileManager.default.temporaryDirectory.path + "/kit-sync-runs-\(getpid())-\(UUID().uuidString)"
        let kit = try DrivenDaemon(
            vdirs: ["tasks"], config: "[sync]\ncommand = \"\(command ?? "echo run >> \(runs)")\"\n\(sync)\n")
        return (kit, runs)
    }

    static func runs(_ path: String) -> Int {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    /// Turns the loop for a moment: long enough for a run that is due to start and finish.
    static func settle(_ kit: DrivenDaemon) throws { try kit.run(for: .milliseconds(300)) }

    @Test("a burst of changes runs the command once, after_change after the first, and not before")
    func afterChange() throws {
        let (kit, runs) = try Self.kit("interval = \"off\"\nafter_change = \"30s\"")
        defer {
            kit.stop()
            try? FileManager.default.removeItem(atPath: runs)
        }
        let events = try kit.subscriber(["sync.*"])
        for title in ["one", "two", "three"] {
            _ = try kit.tasks.add(TaskAddParams(title: title, due: "2030-01-02 10:00"))
            try Self.settle(kit)
            kit.advance(by: 5 * Self.second)
        }
        // The test's clock runs on between steps too: reckon from what kitd says.
        let next = try #require(try kit.sync.status().nextRunAt.flatMap(Timestamp.parse))
        let expected = kit.clock.now().wall + 15 * Self.second
        #expect(abs(next - expected) < Self.second, "30 s after the first change: \(next) for \(expected)")
        kit.advance(by: next - kit.clock.now().wall - 2 * Self.second)
        try Self.settle(kit)
        #expect(Self.runs(runs) == 0, "not before after_change")
        kit.advance(by: 2 * Self.second)
        let finished = try kit.events(on: events) { $0.contains { $0.name == Event.syncFinished } }
        let run = try #require(try finished.first { $0.name == Event.syncFinished }?.decode(SyncRunStatus.self))
        #expect(run.reason == .change && run.outcome == .succeeded)
        kit.advance(by: 60 * Self.second)
        try Self.settle(kit)
        #expect(Self.runs(runs) == 1, "the three changes went in one run")
        #expect(try kit.sync.status().nextRunAt == nil)
    }

    @Test("with an interval, the first run comes 5 s after start, and each next one the interval after the last ends")
    func interval() throws {
        let (kit, runs) = try Self.kit("interval = \"15m\"\nafter_change = \"off\"")
        defer {
            kit.stop()
            try? FileManager.default.removeItem(atPath: runs)
        }
        try Self.settle(kit)
        #expect(Self.runs(runs) == 0)
        kit.advance(by: 5 * Self.second)
        #expect(try kit.run { Self.runs(runs) == 1 })
        #expect(try kit.run { kit.sync.runner?.lastRun?.reason == .start })
        kit.advance(by: 14 * 60 * Self.second)
        try Self.settle(kit)
        #expect(Self.runs(runs) == 1, "not before the interval")
        kit.advance(by: 60 * Self.second)
        #expect(try kit.run { Self.runs(runs) == 2 })
        #expect(try kit.run { kit.sync.runner?.lastRun?.reason == .interval })
    }

    @Test("a run past the timeout gets SIGTERM and is reported as timed out, with its duration on the test clock")
    func timeout() throws {
        let (kit, runs) = try Self.kit(
            "interval = \"off\"\nafter_change = \"off\"\ntimeout = \"1m\"", command: "exec sleep 600")
        defer {
            kit.stop()
            try? FileManager.default.removeItem(atPath: runs)
        }
        var finished: SyncRunStatus?
        kit.sync.runner?.request(.asked) { finished = $0 }
        try Self.settle(kit)
        #expect(try kit.sync.status().running)
        kit.advance(by: 58 * Self.second)
        try Self.settle(kit)
        #expect(finished == nil, "not before the timeout")
        kit.advance(by: 2 * Self.second)
        #expect(try kit.run { finished != nil })
        #expect(finished?.outcome == .timedOut)
        #expect((finished?.durationMs ?? 0) >= 60_000)
    }
}
