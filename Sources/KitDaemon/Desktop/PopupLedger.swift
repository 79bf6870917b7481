import KitCore
import KitProtocol
import KitStore
import Logging

/// Between the features and the notification server: every popup goes through here, so that
/// none is lost with a crash of kitd and a burst of them does not flood the screen.
///
/// - **Recorded in the turn.** `post` writes the popup to `popup_delivery` in the transaction of
///   the turn that decided on it (the one that marks a timer fired), and hands it on only once
///   that is committed. A kitd killed after the commit leaves the popup `pending`; the next kitd
///   shows it, marked late (`replayUndelivered`).
/// - **One at a time.** A popup is marked `sending` in a commit before it goes to the
///   notification thread, and `shown` or `failed` when the answer comes; only then does the next
///   go, marked `sending` in the same commit as the outcome before it. So a kill leaves at most
///   one popup whose fate is unknown (`sending`): the next kitd shows it again, and it is the
///   only popup that can appear twice. A popup that will go first (nothing on its way or waiting)
///   is written `sending` at once, in the transaction that caused it, and goes as soon as that
///   is committed: two writes (that one and its outcome) and no commit of its own before Notify.
/// - **Ids belong to their server.** A shown popup's row keeps the server's id for it and the
///   unique name of the server that gave it, until it leaves the screen. When the server
///   changes, or at start for what the last kitd left on screen, the popups that still matter
///   are shown again (`PopupActions.again`); at start, those the same server still holds are
///   closed first, since their buttons would answer a kitd that is gone.
/// - **Bursts.** When more than `burstAfter` popups come due within a second, the ones past
///   that go into one digest popup, updated in place as more arrive, so none waits behind a
///   queue of others. Each item's own state and event are unchanged.
final class PopupLedger {
    /// Finished deliveries kept for `daemon.status`; older ones are pruned.
    static let keptFinished = 1000
    static let burstWindow: Nanoseconds = Nanoseconds.second
    /// Names a digest lists; the rest are counted.
    static let digestLines = 8
    /// Popups shown again at once after a server change or a restart; the rest are left.
    static let shownAgainLimit = 200

    private struct Entry {
        var id: Int64?
        var popup: Popup
        /// Written `sending` in the transaction that caused it: it goes without a commit first.
        var marked = false
    }

    /// What the notification thread is showing now.
    private enum InFlight {
        case single(Entry)
        case digest(subject: LedgerPopup, ids: [Int64], entries: Int)

        /// How many popups it stands for.
        var count: Int {
            switch self {
            case .single: 1
            case .digest(_, _, let entries): entries
            }
        }

        var subjectText: String {
            switch self {
            case .single(let entry): entry.popup.subject.text
            case .digest(let subject, _, _): subject.text
            }
        }
    }

    private struct Burst {
        var number: Int
        /// The first popups of the burst, which its digest shows line by line.
        var named: [Popup] = []
        /// The summaries of the next ones, which its last line names.
        var others: [String] = []
        var total = 0
        /// The entries its popup on screen does not show yet.
        var unshown: [Entry] = []
        var lastAdded: BootTime
        /// Whether its digest went out once: an update in place makes no sound again.
        var sounded = false

        mutating func add(_ entry: Entry) {
            if named.count < PopupLedger.digestLines {
                named.append(entry.popup)
            } else if others.count < DigestText.namedLimit {
                others.append(entry.popup.summary)
            }
            total += 1
            unshown.append(entry)
            lastAdded = entry.popup.requestedAt
        }
    }

    private let sink: any PopupSink
    private let store: KitDatabase
    private let commits: CommitCoordinator
    private let clock: any DaemonClock
    private let logger: Logger
    /// `[popups] burst_after`, read at each popup: a reload changes it.
    private let burstAfter: () -> Int
    /// Popups the last kitd left undelivered are shown at start while younger than this.
    private let replayWithin: Nanoseconds
    private var queue: [Entry] = []
    private var inFlight: InFlight?
    /// When the popups of the last second were asked for, oldest first, from `recentStart`.
    private var recent: [BootTime] = []
    private var recentStart = 0
    private var burst: Burst?
    /// Whether a popup of this turn was written `sending` already (`post`): one at most.
    private var claimed = false
    private var bursts = 0
    private var finishedSincePrune = 0
    private var stopped = false
    /// The subjects of popups lost with a server that left, to show again on the next one.
    private var lostWithServer: [String] = []
    /// What became of popups since kitd started, for `daemon.status`.
    private(set) var counts = (pending: 0, shown: 0, failed: 0, replayed: 0)

    /// Where every outcome goes once the ledger has taken note of it: `notification.*` events,
    /// and pressed buttons to their features.
    private let actions: PopupActions

    init(
        sink: any PopupSink, actions: PopupActions, store: KitDatabase, commits: CommitCoordinator,
        clock: any DaemonClock, burstAfter: @escaping () -> Int, replayWithin: Nanoseconds, logger: Logger
    ) {
        self.sink = sink
        self.actions = actions
        self.store = store
        self.commits = commits
        self.clock = clock
        self.burstAfter = burstAfter
        self.replayWithin = replayWithin
        self.logger = logger
        sink.onOutcome = { [unowned self] in handle($0) }
    }

    var serverStatus: NotificationServerStatus { sink.serverStatus }

    /// Shows `popup` once the turn's changes are committed, replacing any popup on screen with
    /// the same subject. Call it in the turn that decided on the popup: it is recorded in that
    /// turn's transaction.
    func post(_ popup: Popup) {
        guard !stopped else { return }
        var id: Int64?
        // Nothing on its way, nothing waiting, no burst: it goes first, as soon as this turn is
        // committed, so it is written `sending` now.
        let first =
            !claimed && inFlight == nil && queue.isEmpty && (burst?.unshown.isEmpty ?? true)
            && recentCount(at: popup.requestedAt) < burstAfter()
        do {
            id = try store.popups.add(
                Self.delivery(of: popup, at: clock.now().wall), state: first ? .sending : .pending)
        } catch {
            logger.error(
                "could not record a popup; it is shown, but not again if kitd dies first",
                metadata: ["notify.subject": "\(popup.subject.text)", "error": "\(error)"])
        }
        if first && id != nil {
            claimed = true
            commits.onFlushed { [self] in claimed = false }
        }
        // Dropped with the rest of the turn's work if its commit fails: then nothing fired.
        let marked = first && id != nil
        commits.onCommittedAndSent { [self] in enqueue(Entry(id: id, popup: popup, marked: marked)) }
    }

    /// How many popups were asked for within the burst window before `at`.
    private func recentCount(at: BootTime) -> Int {
        recent[recentStart...].reduce(0) { $0 + (at - $1 < Self.burstWindow ? 1 : 0) }
    }

    /// Says, in a short popup, why a button pressed on `subject`'s popup did nothing: what it
    /// reported changed by another route (`'stretch' was already done at 10:05`).
    func outOfDate(_ subject: any PopupSubject, summary: String, body: String) {
        post(
            Popup(
                subject: LedgerPopup.stale(subject.text), summary: summary, body: body, icon: "dialog-information",
                urgency: .low, category: "x-kit.stale", timeoutMilliseconds: 8000, requestedAt: clock.now().boot))
    }

    /// Takes `subject`'s popup off the screen, or out of the queue if it has not gone out yet.
    func withdraw(_ subject: any PopupSubject) {
        let text = subject.text
        let dropped = queue.filter { $0.popup.subject.text == text }
        queue.removeAll { $0.popup.subject.text == text }
        counts.pending -= dropped.count
        forget(dropped.compactMap(\.id))
        sink.withdraw(subject)
    }

    /// Shows again, marked late, what the last kitd decided on but did not get onto the screen,
    /// if it is younger than the catch-up window (`[tasks] staleness`); forgets the rest. Many at
    /// once become a digest.
    func replayUndelivered() {
        let undelivered: [PopupStore.Delivery]
        do {
            undelivered = try store.popups.undelivered()
        } catch {
            logger.error("could not read the popups the last kitd left", metadata: ["error": "\(error)"])
            return
        }
        guard !undelivered.isEmpty else { return }
        let now = clock.now()
        let stale = undelivered.filter { now.wall - $0.requestedAt > replayWithin }
        let fresh = undelivered.filter { now.wall - $0.requestedAt <= replayWithin }
        forget(stale.map(\.id))
        let uncertain = fresh.filter { $0.state == .sending }
        logger.notice(
            "showing popups the last kitd did not get onto the screen",
            metadata: [
                "notify.replayed": "\(fresh.count)", "notify.too_old": "\(stale.count)",
                "notify.uncertain": "\(uncertain.map(\.subject).joined(separator: ","))",
            ])
        counts.replayed += fresh.count
        for delivery in fresh {
            enqueue(Entry(id: delivery.id, popup: Self.replay(delivery, now: now)))
        }
    }

    /// Stops showing popups; those on screen stay there. The answer for the popup on its way is
    /// waited for (briefly), so that one the server took is not shown again by the next kitd.
    func shutdown() {
        guard !stopped else { return }
        stopped = true
        sink.shutdown()
        do {
            try store.commit()
        } catch {
            logger.error("could not record the last popup's delivery", metadata: ["error": "\(error)"])
        }
    }

    // MARK: Delivery

    private func enqueue(_ entry: Entry) {
        guard !stopped else { return }
        counts.pending += 1
        let at = entry.popup.requestedAt
        while recentStart < recent.count && at - recent[recentStart] >= Self.burstWindow { recentStart += 1 }
        if recentStart > 64 && recentStart * 2 > recent.count {
            recent.removeFirst(recentStart)
            recentStart = 0
        }
        recent.append(at)
        if recent.count - recentStart > burstAfter() {
            if burst == nil || at - burst!.lastAdded >= Self.burstWindow {
                bursts += 1
                burst = Burst(number: bursts, lastAdded: at)
            }
            burst!.add(entry)
        } else {
            queue.append(entry)
        }
        pump()
    }

    /// Hands the next popup to the notification thread, if none is on its way.
    private func pump() {
        guard inFlight == nil, !stopped else { return }
        let next: InFlight
        var popup: Popup
        if !queue.isEmpty {
            let entry = queue.removeFirst()
            next = .single(entry)
            popup = entry.popup
        } else if let current = burst, !current.unshown.isEmpty {
            let subject = LedgerPopup.burst(current.number)
            next = .digest(subject: subject, ids: current.unshown.compactMap(\.id), entries: current.unshown.count)
            burst!.unshown = []
            burst!.sounded = true
            popup = Self.digest(
                current.named, others: current.others, total: current.total, subject: subject, at: clock.now().boot)
            if current.sounded { popup.sound = nil }
        } else {
            return
        }
        inFlight = next
        if case .single(let entry) = next, entry.marked {
            // Its `sending` was committed with the change that caused it.
            sink.show(popup)
            return
        }
        mark(.sending, next)
        commits.onCommitted { [sink] in sink.show(popup) }
    }

    private func handle(_ outcome: PopupOutcome) {
        switch outcome {
        case .shown(let subject, _, _, _, _), .failed(let subject, _, _, _, _):
            if let current = inFlight, current.subjectText == subject.text {
                inFlight = nil
                let count = current.count
                counts.pending -= count
                if case .shown(_, _, let id, let server, _) = outcome {
                    counts.shown += count
                    mark(.shown, current, held: (id, server))
                } else {
                    counts.failed += count
                    mark(.failed, current)
                }
                pump()
            }
        case .closed(_, let id, let server):
            if let server, id != 0 { leftScreen(id, server) }
        case .serverAtStart(let owner): settleLastKitd(server: owner)
        case .serverChanged(let change): serverChanged(change)
        case .action, .ignored, .server, .diagnostic, .sound:
            break
        }
        actions.handle(outcome)
    }

    private func leftScreen(_ id: UInt32, _ server: String) {
        do {
            try store.popups.leftScreen(serverID: id, server: server)
        } catch {
            logger.error("could not record a popup that left the screen", metadata: ["error": "\(error)"])
        }
        commits.onCommitted {}
    }

    /// The server changed hands: its popups went with it. Those that still matter are shown again
    /// on the new one, without their sound (it was heard when they first came).
    private func serverChanged(_ change: ServerChange) {
        do {
            try store.popups.offScreen()
        } catch {
            logger.error("could not record that the server's popups are gone", metadata: ["error": "\(error)"])
        }
        commits.onCommitted {}
        lostWithServer += change.dropped.map(\.text)
        if lostWithServer.count > Self.shownAgainLimit {
            lostWithServer.removeFirst(lostWithServer.count - Self.shownAgainLimit)
        }
        // A server restarting leaves the name unowned for a moment: they wait for the next one.
        guard change.current != nil else { return }
        showAgain(lostWithServer, because: "the notification server changed")
        lostWithServer = []
    }

    /// At start: the popups the last kitd left on screen have nobody to answer their buttons.
    /// Those the same server still holds are closed, if their feature knows them; the ones that
    /// still matter are shown again. A new server's ids mean nothing, so none is closed there.
    private func settleLastKitd(server current: String?) {
        let held: [PopupStore.OnScreen]
        do {
            held = try store.popups.onScreen()
            guard !held.isEmpty else { return }
            try store.popups.offScreen()
        } catch {
            logger.error("could not read the popups the last kitd left on screen", metadata: ["error": "\(error)"])
            return
        }
        commits.onCommitted {}
        let answers = showAgain(held.map(\.subject), because: "kitd restarted")
        let closing = held.filter { $0.server == current && answers[$0.subject] != nil }.map(\.serverID)
        if let current, !closing.isEmpty { sink.closeOld(ids: closing, server: current) }
        logger.info(
            "popups the last kitd left on screen",
            metadata: [
                "notify.held": "\(held.count)", "notify.closed": "\(closing.count)",
                "notify.same_server": "\(held.contains { $0.server == current })",
            ])
    }

    /// Asks the features about each subject once, and shows again what still matters.
    @discardableResult
    private func showAgain(_ subjects: [String], because reason: String) -> [String: PopupAgain] {
        let now = clock.now()
        var answers: [String: PopupAgain] = [:]
        var shown: [String] = []
        for text in subjects where answers[text] == nil && answers.count < Self.shownAgainLimit {
            guard let answer = actions.again(text, now: now) else { continue }
            answers[text] = answer
            guard case .show(var popup) = answer else { continue }
            popup.sound = nil
            post(popup)
            shown.append(text)
        }
        if !shown.isEmpty {
            logger.info(
                "popups shown again",
                metadata: [
                    "notify.again": "\(shown.count)", "notify.again_subjects": "\(shown.joined(separator: ","))",
                    "notify.reason": "\(reason)",
                ])
        }
        return answers
    }

    private func mark(_ state: PopupStore.State, _ item: InFlight, held: (UInt32, String?)? = nil) {
        let ids: [Int64]
        switch item {
        case .single(let entry): ids = entry.id.map { [$0] } ?? []
        case .digest(_, let digested, _): ids = digested
        }
        guard !ids.isEmpty else { return }
        do {
            if let (id, server) = held {
                try store.popups.setShown(ids, serverID: id, server: server)
            } else {
                try store.popups.setState(state, of: ids)
            }
            if state != .sending {
                finishedSincePrune += ids.count
                if finishedSincePrune >= Self.keptFinished / 4 {
                    finishedSincePrune = 0
                    try store.popups.prune(keeping: Self.keptFinished)
                }
            }
        } catch {
            logger.error("could not record a popup's delivery", metadata: ["error": "\(error)"])
        }
        commits.onCommitted {}
    }

    private func forget(_ ids: [Int64]) {
        guard !ids.isEmpty else { return }
        do {
            try store.popups.remove(ids)
        } catch {
            logger.error("could not forget popups", metadata: ["error": "\(error)"])
        }
        commits.onCommitted {}
    }
}
