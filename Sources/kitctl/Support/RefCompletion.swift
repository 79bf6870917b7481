import KitProtocol

/// REFs for shell completion, from kitd: the names (or titles) and ids of timers, tasks,
/// stopwatches, memos and diary entries. Nothing when kitd does not answer.
enum RefCompletion {
    /// The first page of the timer list (the 1000 due soonest): enough to pick from while typing.
    @Sendable static func timers(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let result = CompletionCall.call(Method.timerList, TimerListParams(), words: words)
        return matching(result?.timers.flatMap { [$0.name, String($0.id)].compactMap { $0 } } ?? [], prefix)
    }

    @Sendable static func tasks(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let result = CompletionCall.call(Method.taskList, TaskListParams(), words: words)
        return matching(result?.tasks.flatMap { [$0.title, String($0.id)] } ?? [], prefix)
    }

    /// Task ids only, for the commands that take no title (`task edit`, `task snooze`).
    @Sendable static func taskIDs(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let result = CompletionCall.call(Method.taskList, TaskListParams(), words: words)
        return matching(result?.tasks.map { String($0.id) } ?? [], prefix)
    }

    @Sendable static func stopwatches(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let result = CompletionCall.call(
            Method.stopwatchList, EmptyParams(), words: words)
        return matching(result?.stopwatches.flatMap { [$0.name, String($0.id)] } ?? [], prefix)
    }

    @Sendable static func memos(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let result = CompletionCall.call(Method.memoList, EmptyParams(), words: words)
        return matching(result?.memos.flatMap { [$0.title, String($0.id)] } ?? [], prefix)
    }

    @Sendable static func diary(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let result = CompletionCall.call(
            Method.diaryList, DiaryListParams(limit: 200), words: words)
        return matching(result?.entries.flatMap { [$0.date, $0.title, String($0.id)] } ?? [], prefix)
    }

    /// Unique candidates that start with what was typed, case aside.
    static func matching(_ candidates: [String], _ prefix: String) -> [String] {
        let key = prefix.lowercased()
        var seen: Set<String> = []
        return candidates.filter { !$0.isEmpty && $0.lowercased().hasPrefix(key) && seen.insert($0).inserted }
    }
}
