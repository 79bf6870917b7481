import KitProtocol

extension KitConnection {
    /// A list read page after page, following each page's `next` until the last: `page` asks
    /// for the page after a cursor (nil for the first) and gives its items and `next`. An item
    /// that changed between two pages can come in both (a timer paused after it was listed as
    /// running, a task moved later); it is kept once, as the later page gave it, in that page's
    /// place. `id` tells items apart.
    func allPages<Item>(
        _ method: some CustomStringConvertible, id: (Item) -> Int64,
        _ page: (String?) throws(ClientError) -> (items: [Item], next: String?)
    ) throws(ClientError) -> [Item] {
        var items: [Item] = []
        var after: String?
        repeat {
            let (more, next) = try page(after)
            guard next == nil || (!more.isEmpty && next != after) else {
                throw .malformedReply("\(method): a page that does not go on (next \(next ?? "-"))")
            }
            items += more
            after = next
        } while after != nil
        var last: [Int64: Int] = [:]
        for (index, item) in items.enumerated() { last[id(item)] = index }
        guard last.count < items.count else { return items }
        return items.enumerated().filter { last[id($0.element)] == $0.offset }.map(\.element)
    }

    /// Every task `filter` picks: `task.list` page after page (see `allPages`). `pageSize`: the
    /// `limit` of each page; nil for kitd's default.
    public func allTasks(filter: TaskListParams.Filter, pageSize: Int? = nil) throws(ClientError) -> [TaskInfo] {
        try allPages(Method.taskList, id: \.id) { after throws(ClientError) in
            let page = try call(
                Method.taskList, TaskListParams(filter: filter, limit: pageSize, after: after))
            return (page.tasks, page.next)
        }
    }
}
