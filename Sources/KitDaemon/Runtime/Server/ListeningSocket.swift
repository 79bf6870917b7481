import Glibc
import KitProtocol
import Logging

/// The socket kitd listens on: handed over by systemd, or bound by kitd itself.
struct ListeningSocket {
    let fd: Int32
    /// The filesystem path, for messages and status.
    let path: String
    /// True when kitd bound the path and must remove it on exit; false under socket activation,
    /// where the path belongs to systemd.
    let ownsPath: Bool

    /// Takes the socket from systemd when one was passed (`sd_listen_fds`), else binds `resolution`:
    /// creating its private directory, refusing a live socket, and replacing a stale one.
    static func acquire(_ resolution: SocketPath.Resolution, logger: Logger) throws(DaemonStartError) -> ListeningSocket
    {
        if Libsystemd.listenFDCount() >= 1 {
            let fd = Libsystemd.firstListenFD
            guard Libsystemd.isListeningUnixStream(fd) else { throw .badActivationSocket }
            UnixSocket.setNonBlocking(fd)
            let path = UnixSocket.boundPath(of: fd) ?? resolution.path
            logger.info("using the socket passed by systemd", metadata: ["socket.path": "\(path)"])
            return ListeningSocket(fd: fd, path: path, ownsPath: false)
        }

        let path = resolution.path
        if let directory = resolution.managedDirectory {
            try PrivateDirectory.ensurePrivate(directory)
        } else if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try PrivateDirectory.create(String(path[..<slash]))
        }

        var info = stat()
        if lstat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFSOCK else { throw .notASocket(path: path) }
            if UnixSocket.isLive(path) { throw .alreadyRunning(detail: "something answers on \(path)") }
            unlink(path)
            logger.notice("replaced a stale socket left by an earlier kitd", metadata: ["socket.path": "\(path)"])
        }
        let fd = try UnixSocket.listen(at: path)
        return ListeningSocket(fd: fd, path: path, ownsPath: true)
    }

    /// Removes the socket file if kitd created it.
    func removePath() {
        if ownsPath { unlink(path) }
    }
}
