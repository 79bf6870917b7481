import KitProtocol

extension KitConnection {
    /// The whole timer list: `timer.list` page after page, following `next` until the last. A
    /// timer that changed between two pages can be given by both (paused after it was listed as
    /// running, say); it is kept once, as the later page gave it, in that page's place.
    /// `pageSize`: the `limit` of each page; nil for kitd's default.
    public func allTimers(all: Bool, pageSize: Int? = nil) throws(ClientError) -> [TimerInfo] {
        var timers: [TimerInfo] = []
        var after: String?
        repeat {
            let page = try call(
                Method.timerList, TimerListParams(all: all, limit: pageSize, after: after), as: TimerListResult.self)
            guard page.next == nil || (!page.timers.isEmpty && page.next != after) else {
                throw .malformedReply("timer.list: a page that does not go on (next \(page.next ?? "-"))")
            }
            timers += page.timers
            after = page.next
        } while after != nil
        var last: [Int64: Int] = [:]
        for (index, timer) in timers.enumerated() { last[timer.id] = index }
        guard last.count < timers.count else { return timers }
        return timers.enumerated().filter { last[$0.element.id] == $0.offset }.map(\.element)
    }
}
