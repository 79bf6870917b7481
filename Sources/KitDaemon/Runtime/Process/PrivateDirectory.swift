import Glibc

/// Creates directories kitd owns and checks that a private one really is private.
enum PrivateDirectory {
    /// Creates `path` and its parents (parents 0755 as usual, the leaf 0700).
    static func create(_ path: String) throws(DaemonStartError) {
        var current = ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        for (index, part) in parts.enumerated() {
            current += "/" + part
            let isLeaf = index == parts.count - 1
            if mkdir(current, isLeaf ? 0o700 : 0o755) == 0 {
                // mkdir's mode passes through the umask kitd was started with; a leaf it makes is
                // 0700 exactly, whatever that umask (0177 would leave a directory no one can enter).
                if isLeaf { chmod(current, 0o700) }
            } else if errno != EEXIST {
                throw .system(SystemError.last("mkdir(\(current))"))
            }
        }
    }

    /// Creates `path` if needed, then insists it is a real directory owned by us and closed to
    /// others (fixing the mode if we own it). For the runtime directory and its /tmp fallback.
    static func ensurePrivate(_ path: String) throws(DaemonStartError) {
        try create(path)
        var info = stat()
        guard lstat(path, &info) == 0 else { throw .system(SystemError.last("lstat(\(path))")) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .unsafeDirectory(path: path, reason: "it is not a directory (a symlink?)")
        }
        guard info.st_uid == getuid() else {
            throw .unsafeDirectory(path: path, reason: "it belongs to uid \(info.st_uid), not to you (uid \(getuid()))")
        }
        if info.st_mode & 0o777 != 0o700 {
            guard chmod(path, 0o700) == 0 else { throw .system(SystemError.last("chmod(\(path))")) }
        }
    }
}
