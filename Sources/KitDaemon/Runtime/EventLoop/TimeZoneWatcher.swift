import Glibc
import Logging

/// Tells the daemon when the system time zone changes: an inotify watch on /etc for the
/// `localtime` link (what timedatectl and tzdata replace) and `timezone`.
final class TimeZoneWatcher {
    private let fd: Int32
    private var source: IOSource?

    init(loop: EventLoop, logger: Logger, onChange: @escaping () -> Void) throws(SystemError) {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw SystemError.last("inotify_init1") }
        let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_CLOSE_WRITE | IN_ATTRIB)
        if inotify_add_watch(fd, "/etc", mask) < 0 {
            logger.warning(
                "cannot watch /etc for time zone changes",
                metadata: ["error": "\(SystemError.last("inotify_add_watch"))"])
        }
        let fd = fd
        source = try loop.io(fd: fd, events: .readable, description: "time-zone") { _ in
            if Self.drain(fd) {
                logger.info("the system time zone changed; re-arming task deadlines")
                onChange()
            }
        }
    }

    deinit {
        source = nil
        close(fd)
    }

    /// Reads the pending events; true if one of them concerns the zone files.
    private static func drain(_ fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var relevant = false
        while true {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { return relevant }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let length = buffer.withUnsafeBytes { raw in
                    Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let name = String(
                    decoding: buffer[nameStart..<min(count, nameStart + length)].prefix { $0 != 0 }, as: UTF8.self)
                if name == "localtime" || name == "timezone" { relevant = true }
                offset = nameStart + length
            }
        }
    }
}
