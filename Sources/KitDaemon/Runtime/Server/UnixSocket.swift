import Glibc

/// Unix-domain socket calls with Swift errors. Paths longer than `sun_path` are refused up front.
enum UnixSocket {
    static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    static func address(for path: String) throws(DaemonStartError) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count <= maximumPathLength else {
            throw .socketPathTooLong(path: path, limit: maximumPathLength)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }

    /// True when something accepts connections at `path`.
    static func isLive(_ path: String) -> Bool {
        guard var address = try? address(for: path) else { return false }
        let fd = socket(AF_UNIX, Libsystemd.streamSocket, 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return result == 0
    }

    /// Binds and listens at `path` with mode 0600 from the start (umask), non-blocking.
    static func listen(at path: String) throws(DaemonStartError) -> Int32 {
        var address = try address(for: path)
        let fd = socket(AF_UNIX, Libsystemd.nonBlockingStreamSocket, 0)
        guard fd >= 0 else { throw .system(SystemError.last("socket")) }
        let previousMask = umask(0o177)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        let bindError = errno
        umask(previousMask)
        guard bound == 0 else {
            close(fd)
            throw .system(SystemError(operation: "bind(\(path))", code: bindError))
        }
        chmod(path, 0o600)
        guard Glibc.listen(fd, 128) == 0 else {
            let error = SystemError.last("listen")
            close(fd)
            throw .system(error)
        }
        return fd
    }

    /// The path a listening socket is bound to, if it has one.
    static func boundPath(of fd: Int32) -> String? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { return nil }
        let path = withUnsafeBytes(of: &address.sun_path) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return path.isEmpty ? nil : path
    }

    static func setNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    /// The uid of the process at the other end (SO_PEERCRED's `struct ucred`).
    static func peerUID(_ fd: Int32) -> UInt32? {
        struct PeerCredentials {
            var pid: Int32 = 0
            var uid: UInt32 = 0
            var gid: UInt32 = 0
        }
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return credentials.uid
    }
}
