import KitProtocol

extension KitConnection {
    /// The whole timer list: `timer.list` page after page (see `allPages`). `pageSize`: the
    /// `limit` of each page; nil for kitd's default.
    public func allTimers(all: Bool, pageSize: Int? = nil) throws(ClientError) -> [TimerInfo] {
        try allPages(Method.timerList, id: \.id) { after throws(ClientError) in
            let page = try call(
                Method.timerList, TimerListParams(all: all, limit: pageSize, after: after))
            return (page.timers, page.next)
        }
    }
}
