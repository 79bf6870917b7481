import KitLocalization

/// systemd's `STATUS=` line, composed from what each feature says of itself.
extension Daemon {
    /// `2 timers; next: pasta at 14:05:12`, for systemd's STATUS=: each feature's part, or
    /// `idle: no timers` with what the features say when they have nothing to report.
    func statusLine() -> String {
        let now = runtime.clock.now()
        let parts = features.compactMap { $0.statusLine(now: now) }
        guard parts.isEmpty else { return parts.joined(separator: "; ") }
        let idle = features.compactMap(\.idleStatus)
        return idle.isEmpty ? Localized.text("idle") : Localized.text("idle: %s", idle.joined(separator: "; "))
    }
}
