import Glibc

/// ANSI colours, only on a terminal that wants them (not `TERM=dumb`, not `NO_COLOR`).
enum Colors {
    static var enabled: Bool {
        guard Terminal.isInteractive, getenv("NO_COLOR") == nil else { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return true
    }

    static func red(_ text: String) -> String { "\u{1B}[31m" + text + "\u{1B}[0m" }
    static func bold(_ text: String) -> String { "\u{1B}[1m" + text + "\u{1B}[0m" }
    static func inverse(_ text: String) -> String { "\u{1B}[7m" + text + "\u{1B}[0m" }
}
