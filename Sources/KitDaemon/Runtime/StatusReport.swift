/// Lets a feature say that its part of systemd's `STATUS=` line may have changed. The line is
/// sent once, at the end of the turn, whatever the number of changes in it.
final class StatusReport {
    private let commits: CommitCoordinator
    private var pending = false
    /// Sends the line; set by the daemon, which composes it from every feature.
    var send: (() -> Void)?
    /// Tells systemd that kitd is alive and busy with `what`; set by the daemon.
    var ping: ((String) -> Void)?

    init(commits: CommitCoordinator) { self.commits = commits }

    func changed() {
        guard !pending else { return }
        pending = true
        commits.onFlushed { [unowned self] in
            pending = false
            send?()
        }
    }

    /// Long work holds the loop (the tasks' instants worked out again, page by page): the loop
    /// feeds systemd's watchdog only between turns, so the work says it is alive as it goes.
    func stillWorking(_ what: String) { ping?(what) }
}
