import Foundation
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    /// kitd gives `task.list` in pages of 1000 tasks (issue 14); kitctl follows them.
    @Suite("kitctl task list across pages")
    struct TaskListPagingTests {
        @Test("kitctl task list prints the same table and JSON whether the tasks come in one page or many")
        func sameOutputInPages() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd(arguments: [])
            // 2,500 tasks, many due at the same instant (ties across pages), titles longer down
            // the list so that the widest is on the last page.
            let count = 2_500
            let imported = try kit.importTodos(
                count, uid: { "list-\($0)@kit" }, title: { String(repeating: "t", count: 1 + $0 / 500) + " \($0)" },
                due: { "2030\(String(format: "%02d", 1 + $0 % 12))01T090000Z" })
            #expect(imported == 0)
            #expect(try kit.kitctl(["task", "done", "t 0"]).exitCode == 0)

            for filter in [[], ["--all"], ["--done"]] {
                let sizes = [["--page-size", "10000"], [], ["--page-size", "7"]]
                let runs = try sizes.map { size in try kit.kitctl(["task", "list"] + filter + size) }
                #expect(runs.allSatisfy { $0.exitCode == 0 && $0.stderr.isEmpty }, "\(runs.map(\.stderr))")
                let lines = runs[0].stdout.split(separator: "\n")
                #expect(lines.count == 1 + (filter == ["--done"] ? 1 : filter.isEmpty ? count - 1 : count))
                #expect(runs[1].stdout == runs[0].stdout, "kitd's own pages of 1000 \(filter)")
                #expect(runs[2].stdout == runs[0].stdout, "pages of 7 \(filter)")

                let json = try sizes.map { size in
                    try kit.kitctlJSON(["task", "list"] + filter + size, as: TaskListResult.self)
                }
                #expect(json.allSatisfy { $0.next == nil && $0.tasks.map(\.id) == json[0].tasks.map(\.id) })
                #expect(Set(json[0].tasks.map(\.id)).count == json[0].tasks.count, "no task twice")
            }
            #expect(try kit.kitctl(["task", "list", "--page-size", "0"]).exitCode != 0)
        }
    }
}
