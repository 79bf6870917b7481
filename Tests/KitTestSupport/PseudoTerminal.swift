import Glibc

/// A pseudo-terminal whose slave a child can take as stdin, so that kitctl sees a terminal
/// (`isatty`) and opens the editor or asks before deleting. The test writes answers to the master.
public final class PseudoTerminal: @unchecked Sendable {
    public let master: Int32
    /// Held open by the test, so writes before the child opens it are kept.
    private let slave: Int32
    public let slavePath: String

    public init() throws {
        // Swift's Glibc module lacks posix_openpt, unlockpt and ptsname, so this does what they
        // do on Linux: open the multiplexer, unlock the new pair, ask for its number.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, Self.setLock, &unlock) == 0, ioctl(master, Self.getNumber, &number) == 0
        else {
            throw HarnessError("cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        slavePath = "/dev/pts/\(number)"
        slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { throw HarnessError("cannot open \(slavePath): \(String(cString: strerror(errno)))") }
    }

    /// TIOCSPTLCK and TIOCGPTN (asm-generic/ioctls.h), function-like macros Swift cannot import.
    private static let setLock = UInt(0x4004_5431)
    private static let getNumber = UInt(0x8004_5430)

    deinit {
        close(slave)
        close(master)
    }

    /// Types `text` as if at the keyboard.
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }
}
