import Glibc
import KitCore
import Logging
import Synchronization

/// The loop's side of desktop notifications. `show` never blocks: the popup goes to the
/// notification thread, and outcomes (shown, failed, button pressed, closed) come back through a
/// pipe that the loop watches, so `onOutcome` always runs on the loop thread.
final class Notifier: PopupSink {
    private let thread: LibNotifyThread
    private let sounds: SoundPlayer
    private let outcomes = OutcomeQueue()
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private var source: IOSource?
    private let logger: Logger
    private var missingServerLogged = false
    private var missingSoundDeviceLogged = false
    /// The sounds said to be missing, each said once.
    private var missingSoundsLogged: Set<SoundChoice> = []

    private(set) var serverStatus = NotificationServerStatus()
    /// Called on the loop thread for every outcome, after `serverStatus` is updated.
    var onOutcome: ((PopupOutcome) -> Void)?

    init(loop: EventLoop, appName: String, clock: any DaemonClock, logger: Logger) throws(SystemError) {
        self.logger = logger
        var fds: [Int32] = [0, 0]
        try retryingEINTR("pipe") { pipe(&fds) }
        wakeRead = fds[0]
        wakeWrite = fds[1]
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        let outcomes = outcomes
        let wakeWrite = wakeWrite
        let now = { @Sendable in clock.now().boot }
        let deliver = { @Sendable (outcome: PopupOutcome) in
            outcomes.append(outcome)
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
        }
        sounds = SoundPlayer(monotonic: now, deliver: deliver)
        thread = LibNotifyThread(appName: appName, sounds: sounds, monotonic: now, deliver: deliver)
        source = try loop.io(fd: wakeRead, events: .readable, description: "notify-results") {
            [unowned self] _ in self.drain()
        }
        sounds.start()
        thread.start()
    }

    deinit {
        source = nil
        close(wakeRead)
        close(wakeWrite)
    }

    func show(_ popup: Popup) { thread.post(.show(popup)) }

    func withdraw(_ subject: any PopupSubject) { thread.post(.withdraw(subject.text)) }

    func closeOld(ids: [UInt32], server: String) { thread.post(.closeOld(ids: ids, owner: server)) }

    /// Ends the notification thread, then reports what became of the popup it was showing;
    /// popups already on screen stay there.
    func shutdown() {
        thread.stop()
        sounds.stop()
        drain()
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(wakeRead, &buffer, buffer.count) > 0 {}
        let batch = outcomes.takeAll()
        for outcome in batch {
            record(outcome)
            onOutcome?(outcome)
        }
    }

    private func record(_ outcome: PopupOutcome) {
        switch outcome {
        case .server(let name, let capabilities):
            serverStatus.name = name
            serverStatus.capabilities = capabilities
            logger.info(
                "notification server found",
                metadata: [
                    "notify.server": "\(name ?? "unknown")", "notify.caps": "\(capabilities.joined(separator: ","))",
                ])
        case .shown(let subject, _, let id, let server, let latency):
            serverStatus.available = true
            missingServerLogged = false
            logger.debug(
                "popup shown",
                metadata: [
                    "notify.subject": "\(subject.text)", "notify.id": "\(id)", "notify.owner": "\(server ?? "-")",
                    "notify.latency_ms": "\(latency.milliseconds)",
                ])
        case .serverAtStart(let owner):
            logger.debug("notification server's name owner", metadata: ["notify.owner": "\(owner ?? "-")"])
        case .serverChanged(let change):
            serverStatus.name = nil
            serverStatus.capabilities = []
            logger.notice(
                change.current == nil
                    ? "the notification server left the session bus; its popups are gone"
                    : "the notification server changed; popups that still matter are shown again on the new one",
                metadata: [
                    "notify.owner": "\(change.current ?? "-")",
                    "notify.previous_owner": "\(change.previous ?? "-")",
                    "notify.dropped": "\(change.dropped.count)",
                ])
        case .ignored(let id, let action, let reason):
            logger.notice(
                action == nil
                    ? "a popup closed that kitd did not show; ignored" : "a popup button kitd cannot match; ignored",
                metadata: [
                    "notify.id": "\(id)", "notify.action": "\(action ?? "-")", "notify.reason": "\(reason)",
                ])
        case .failed(let subject, _, let reason, _, let missing):
            serverStatus.available = false
            if !missing || !missingServerLogged {
                let message: Logger.Message =
                    missing
                    ? "no notification server reachable on the session bus; events fire without popups until one appears"
                    : "the notification server did not answer; the event fired without a popup"
                logger.warning(
                    message,
                    metadata: ["notify.subject": "\(subject.text)", "notify.error": "\(reason)"])
            }
            if missing { missingServerLogged = true }
        case .action(let subject, let key):
            logger.info(
                "popup button pressed", metadata: ["notify.subject": "\(subject.text)", "notify.action": "\(key)"])
        case .closed:
            break
        case .diagnostic(let text):
            logger.debug("libnotify says", metadata: ["notify.message": "\(text)"])
        case .sound(let subject, let outcome):
            record(outcome, for: subject)
        }
    }

    /// Logs what became of a sound kitd played: a missing device once until a sound plays again,
    /// a missing sound once per sound.
    private func record(_ outcome: SoundOutcome, for subject: any PopupSubject) {
        switch outcome {
        case .started(let latency):
            missingSoundDeviceLogged = false
            logger.debug(
                "sound playing",
                metadata: ["notify.subject": "\(subject.text)", "sound.latency_ms": "\(latency.milliseconds)"])
        case .noDevice(let reason):
            guard !missingSoundDeviceLogged else { return }
            missingSoundDeviceLogged = true
            logger.warning(
                "no sound device or sound server; popups come without kit's sound until one appears",
                metadata: ["notify.subject": "\(subject.text)", "sound.error": "\(reason)"])
        case .notFound(let sound, let reason):
            guard missingSoundsLogged.insert(sound).inserted else { return }
            let hint: Logger.Message =
                if case .file = sound {
                    "cannot play the sound file; give a .oga, .ogg or .wav file kitd can read ([sound] in config.toml, or --sound)"
                } else {
                    "the sound theme has no such sound; install sound-theme-freedesktop, or name another sound ([sound] in config.toml, or --sound)"
                }
            logger.warning(
                hint,
                metadata: [
                    "notify.subject": "\(subject.text)", "sound.name": "\(sound.text)", "sound.error": "\(reason)",
                ])
        case .failed(let reason):
            logger.warning(
                "could not play a popup's sound",
                metadata: ["notify.subject": "\(subject.text)", "sound.error": "\(reason)"])
        }
    }
}

/// Outcomes handed from the notification thread to the loop.
private final class OutcomeQueue: Sendable {
    private let items = Mutex<[PopupOutcome]>([])

    func append(_ outcome: PopupOutcome) { items.withLock { $0.append(outcome) } }

    func takeAll() -> [PopupOutcome] {
        items.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }
}
