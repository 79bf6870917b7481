import KitCore

/// What kit's tray shows, gathered from the features on the loop (`Feature.tray(into:now:)`):
/// the menu's sections, and the countdown the item's title, tooltip and label show. The tray
/// builds it again whenever it may have changed, and keeps only what it sent.
struct TrayMenu {
    /// The sections, in the features' order; the tray puts a separator between two.
    var sections: [[TrayEntry]] = []
    /// The soonest countdown: what the label shows (`라면 3:12`), nil when nothing counts down.
    var soonest: TrayCountdown?
    /// Lines for the tooltip and for `Activate`'s summary popup: what runs and what is next.
    var summary: [String] = []
    /// Whether the menu's labels change with the clock (a timer or a stopwatch runs): the tray
    /// refreshes them once a second while a host has the menu open.
    var ticking = false

    mutating func add(_ section: [TrayEntry]) {
        if !section.isEmpty { sections.append(section) }
    }

    /// Notes a countdown; the soonest to end is the one shown.
    mutating func countdown(_ countdown: TrayCountdown) {
        ticking = ticking || countdown.running
        guard countdown.running else { return }
        if let soonest, soonest.remaining <= countdown.remaining { return }
        soonest = countdown
    }
}

/// A countdown the tray may show: a timer, a cook.
struct TrayCountdown: Equatable {
    var name: String
    var remaining: Nanoseconds
    var running: Bool

    /// `차 4:32`.
    var label: String { "\(name) \(DurationFormatter.clock(remaining))" }
}

/// One item of the tray's menu.
struct TrayEntry {
    /// Stable while the thing it stands for lasts (`timer.7.cancel`): the menu's ids follow it,
    /// so a click on an old layout reaches the same timer, or nothing.
    var key: String
    var label: String
    var enabled = true
    var children: [TrayEntry] = []
    /// What a click does, on the loop; nil for an item that only shows.
    var action: (() throws -> Void)?
    /// A line between sections, with no label.
    var isSeparator = false

    init(
        _ key: String, _ label: String, enabled: Bool = true, children: [TrayEntry] = [],
        action: (() throws -> Void)? = nil
    ) {
        self.key = key
        self.label = label
        self.enabled = enabled
        self.children = children
        self.action = action
    }
}
