import Glibc

/// One kitd per data directory: an exclusive `flock` on `kitd.lock`, held for the process's life.
/// The file holds the owner's pid so that a refused second instance can say who has it.
final class InstanceLock {
    private let fd: Int32

    init(directory: String, socketPath: String) throws(DaemonStartError) {
        let path = directory + "/kitd.lock"
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .system(SystemError.last("open(\(path))")) }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let error = errno
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = pread(fd, &buffer, buffer.count, 0)
            close(fd)
            guard error == EWOULDBLOCK else { throw .system(SystemError(operation: "flock(\(path))", code: error)) }
            let pid = count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self).trimmingSpaces() : "?"
            throw .alreadyRunning(detail: "pid \(pid), data directory \(directory)")
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pwrite(fd, text, text.count, 0)
    }

    /// Unlocks before closing. `close` alone frees the lock only when no other descriptor shares
    /// the open file: a child that another thread is just spawning holds a copy until its `exec`
    /// closes it, and a new kitd on this data directory would meanwhile be told one is running
    /// (tests start kitd again in one process while other tests spawn). `LOCK_UN` frees it at once.
    deinit {
        _ = flock(fd, LOCK_UN)
        close(fd)
    }
}

extension String {
    func trimmingSpaces() -> String {
        String(self.drop(while: { $0.isWhitespace }).reversed().drop(while: { $0.isWhitespace }).reversed())
    }
}
