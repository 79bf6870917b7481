/// Lets a feature say that its part of systemd's `STATUS=` line may have changed. The line is
/// sent once, at the end of the turn, whatever the number of changes in it.
final class StatusReport {
    private let commits: CommitCoordinator
    private var pending = false
    /// Sends the line; set by the daemon, which composes it from every feature.
    var send: (() -> Void)?

    init(commits: CommitCoordinator) { self.commits = commits }

    func changed() {
        guard !pending else { return }
        pending = true
        commits.onFlushed { [unowned self] in
            pending = false
            send?()
        }
    }
}
