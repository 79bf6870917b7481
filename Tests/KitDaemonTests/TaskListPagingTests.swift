import Foundation
import KitClient
import KitCore
import KitProtocol
import Testing

@testable import KitDaemon

/// `task.list` in pages: `limit`, `after` and `next`, on a whole kitd driven in-process.
@Suite("Task lists in pages")
struct TaskListPagingTests {
    /// Tasks with ties on their due times, some done, some overdue, one snoozed, some pinned to
    /// other zones.
    static func filled() throws -> DrivenDaemon {
        let kit = try DrivenDaemon()
        for index in 0..<24 {
            let due = "in \(1 + index % 5)h"
            let zone = index % 7 == 0 ? "Europe/Berlin" : nil
            let task = try kit.tasks.add(TaskAddParams(title: "chore \(index)", due: due, tz: zone))
            if index % 6 == 1 { _ = try kit.tasks.done(RecordRef(String(task.id))) }
        }
        for index in 0..<6 { _ = try kit.tasks.add(TaskAddParams(title: "soon \(index)", due: "in \(index + 1)m")) }
        kit.advance(by: 10 * 60 * DrivenDaemon.second)
        try kit.run(for: .milliseconds(100))
        _ = try kit.tasks.snooze(TaskSnoozeParams(ref: "soon 2", for: "1h"))
        return kit
    }

    /// The whole list of `filter`, a page of `limit` at a time.
    static func paged(_ kit: DrivenDaemon, _ filter: TaskListParams.Filter, limit: Int) throws -> [TaskInfo] {
        var tasks: [TaskInfo] = []
        var after: String?
        repeat {
            let page = try kit.tasks.list(TaskListParams(filter: filter, limit: limit, after: after))
            #expect(page.tasks.count <= limit)
            #expect(page.next == nil || page.tasks.count == limit, "only a full page has a next")
            tasks += page.tasks
            after = page.next
        } while after != nil
        return tasks
    }

    @Test("pages of any size join into the one list, with ties on due times, for every filter")
    func pagesJoin() throws {
        let kit = try Self.filled()
        defer { kit.stop() }
        for filter in TaskListParams.Filter.allCases {
            let whole = try kit.tasks.list(TaskListParams(filter: filter, limit: 10_000))
            #expect(whole.next == nil)
            #expect(!whole.tasks.isEmpty, "\(filter)")
            for limit in [1, 2, 3, 5, 7, whole.tasks.count, whole.tasks.count + 1] {
                #expect(
                    try Self.paged(kit, filter, limit: limit).map(\.id) == whole.tasks.map(\.id), "\(filter) \(limit)")
            }
        }
        let overdue = try kit.tasks.list(TaskListParams(filter: .overdue)).tasks.map(\.title)
        #expect(overdue.count == 5 && !overdue.contains("soon 2"), "a snoozed task is not overdue: \(overdue)")
    }

    @Test("the default page is 1000 tasks, and a list that ends on a page's last task has no next")
    func defaultPage() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        for index in 0..<1_001 {
            _ = try kit.tasks.add(TaskAddParams(title: "task \(index)", due: "in \(1 + index % 50)h"))
        }
        let first = try kit.tasks.list(TaskListParams())
        #expect(first.tasks.count == 1_000 && first.tasks.count == TaskListParams.defaultLimit)
        let next: String = try #require(first.next)
        let second = try kit.tasks.list(TaskListParams(after: next))
        #expect(second.tasks.count == 1 && second.next == nil)
        let exact = try kit.tasks.list(TaskListParams(limit: 1_001))
        #expect(exact.tasks.count == 1_001 && exact.next == nil, "no empty page after an exact fit")
    }

    @Test("a bad limit or a cursor kitd did not write is refused, and changes nothing")
    func badInput() throws {
        let kit = try Self.filled()
        defer { kit.stop() }
        let before = try kit.tasks.list(TaskListParams(filter: .all, limit: 10_000)).tasks
        // The router holds `limit` to the declared bounds before the handler runs (and
        // `MethodTableRouteTests` sends it through the socket).
        for limit in [0, -1, 10_001, Int.max] {
            #expect(TaskListParams.firstProblem(in: TaskListParams(limit: limit))?.contains("out of range") == true)
        }
        let cursors = [
            "", "d", "d:1", "d:1:0", "d:1:-4", "x:1:2", "d:01:2", "d:1:2:3", "d:+1:2", "d: 1:2",
            "d:99999999999999999999:1", String(repeating: "d", count: 100),
        ]
        for cursor in cursors {
            do {
                _ = try kit.tasks.list(TaskListParams(after: cursor))
                Issue.record("'\(cursor)' was taken")
            } catch let error as KitError {
                #expect(error.message.contains("not a cursor from task.list"), "\(error.message)")
            }
        }
        #expect(try kit.tasks.list(TaskListParams(filter: .all, limit: 10_000)).tasks == before)
    }

    @Test("a cursor goes on after tasks changed between pages: a new one after its place comes, none comes twice")
    func changesBetweenPages() throws {
        let kit = try Self.filled()
        defer { kit.stop() }
        let first = try kit.tasks.list(TaskListParams(filter: .open, limit: 4))
        let next = try #require(first.next)
        _ = try kit.tasks.delete(RecordRef(String(first.tasks[0].id)))
        _ = try kit.tasks.add(TaskAddParams(title: "new", due: "in 1m"))
        let rest = try Self.pagedAfter(kit, next)
        let seen = first.tasks.map(\.id) + rest.map(\.id)
        #expect(Set(seen).count == seen.count, "no task twice")
        #expect(rest.filter { $0.title == "new" }.count == 1, "due after the cursor's place, so in a later page")
        let now = try kit.tasks.list(TaskListParams(filter: .open, limit: 10_000)).tasks.map(\.id)
        #expect(first.tasks.dropFirst().map(\.id) + rest.map(\.id) == now)
    }

    static func pagedAfter(_ kit: DrivenDaemon, _ cursor: String) throws -> [TaskInfo] {
        var tasks: [TaskInfo] = []
        var after: String? = cursor
        while let place = after {
            let page = try kit.tasks.list(TaskListParams(filter: .open, limit: 4, after: place))
            tasks += page.tasks
            after = page.next
        }
        return tasks
    }

    @Test(
        "an unknown filter is refused with -32003 naming the filters there are; a filter of the wrong type with -32602")
    func unknownFilter() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let client = try KitConnection.connect(to: kit.socketPath)
        for params in [#"{"filter":"soon"}"#, #"{"filter":5}"#] {
            try client.send(Data(#"{"jsonrpc":"2.0","id":1,"method":"task.list","params":\#(params)}"#.utf8 + [10]))
        }
        let errors = try OffLoopTests.replies(2, on: client, from: kit).map {
            try JSONDecoder().decode(ErrorEnvelope.self, from: Data($0)).error
        }
        #expect(errors.map(\.code) == [ErrorCode.invalidArgument, ErrorCode.invalidParams])
        #expect(errors.first?.message == "unknown filter 'soon'; use open, today, week, overdue, done or all")
    }
}
