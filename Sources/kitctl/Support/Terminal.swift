import Glibc

/// Where output goes and whether it is a terminal.
enum Terminal {
    static var isInteractive: Bool { isatty(STDOUT_FILENO) == 1 }

    static var columns: Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    static func write(_ text: String) { writeAll(STDOUT_FILENO, text) }

    static func writeLine(_ text: String) { write(text + "\n") }

    static func writeError(_ text: String, newline: Bool = true) {
        writeAll(STDERR_FILENO, !newline || text.hasSuffix("\n") ? text : text + "\n")
    }

    private static func writeAll(_ fd: Int32, _ text: String) { FileText.writeAll(fd, Array(text.utf8)) }
}
