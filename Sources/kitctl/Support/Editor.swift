import Glibc
import KitCore
import KitLocalization

/// `$VISUAL`, else `$EDITOR`, else `vi`, on a private temporary file (mode 0600) that is removed
/// afterwards. The editor's exit status and the text decide what happens: a non-zero status or
/// an unchanged text saves nothing, and the person is told.
enum Editor {
    static var command: String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = getenv(name).map({ String(cString: $0) }), value.contains(where: { !$0.isWhitespace }) {
                return value
            }
        }
        return "vi"
    }

    /// The text after editing `initial`, normalized; throws when nothing should be saved.
    static func edit(_ initial: String, noun: String) throws -> String {
        removeStaleFiles()
        // A text file ends with a newline; editors expect one, and appending then starts a line.
        let path = try makeTemporaryFile(containing: initial.isEmpty ? "" : initial + "\n")
        removeOnSignal(path)
        defer {
            unlink(path)
            removeOnSignal(nil)
        }
        let editor = command
        let status = try run(editor, path: path)
        guard status == 0 else {
            throw CLIError.usage(
                Localized.text("the editor (%1$s) exited with status %2$s; nothing was saved", editor, "\(status)"))
        }
        guard let bytes = FileText.readBytes(path) else {
            throw CLIError.usage(
                Localized.text("cannot read back %1$s: %2$s; nothing was saved", path, String(cString: strerror(errno)))
            )
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let kept = RecoveryFile.keep(bytes: bytes, kind: noun)
            throw CLIError.usage(
                "the text is not valid UTF-8; nothing was saved"
                    + (kept.map { ". It is kept in \($0)" } ?? ""))
        }
        let normalized = try TextInput.normalized(text, noun: noun)
        guard normalized != initial else {
            throw CLIError.usage(Localized.text("no change to the %s; nothing was saved", noun))
        }
        return normalized
    }

    private static func makeTemporaryFile(containing text: String) throws -> String {
        let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array("\(directory)/kitctl-\(getpid())-XXXXXX.md".utf8CString)
        let fd = mkstemps(&template, 3)
        guard fd >= 0 else {
            throw CLIError.usage(
                Localized.text(
                    "cannot make a temporary file in %1$s: %2$s", directory, String(cString: strerror(errno))))
        }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        fchmod(fd, 0o600)
        let written = FileText.writeAll(fd, Array(text.utf8))
        close(fd)
        guard written else {
            unlink(path)
            throw CLIError.usage(Localized.text("cannot write %1$s: %2$s", path, String(cString: strerror(errno))))
        }
        return path
    }

    private static var temporaryDirectory: String {
        getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    }

    /// The files of kitctls that were killed while their editor was open
    /// (`kitctl-PID-XXXXXX.md` of a PID that no longer runs, and ours): removed at the next edit.
    private static func removeStaleFiles() {
        let directory = temporaryDirectory
        guard let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            let parts = name.split(separator: "-")
            guard parts.count == 3, parts[0] == "kitctl", name.hasSuffix(".md"), let pid = pid_t(parts[1]),
                kill(pid, 0) != 0 && errno == ESRCH
            else { continue }
            var info = stat()
            let path = directory + "/" + name
            guard lstat(path, &info) == 0, info.st_uid == getuid(), (info.st_mode & S_IFMT) == S_IFREG else { continue }
            unlink(path)
        }
    }

    /// Removes the file being edited if kitctl is ended by SIGTERM or SIGHUP (a closed terminal)
    /// while the editor runs; nil stops doing so. SIGKILL cannot be caught: the next edit removes
    /// what it leaves (`removeStaleFiles`).
    private static func removeOnSignal(_ path: String?) {
        // Written before the handler is installed and cleared after it is gone: the handler only
        // reads it, and unlink and _exit are safe in a signal handler.
        if let path {
            let bytes = Array(path.utf8CString.prefix(signalCleanupCapacity - 1))
            for (index, byte) in bytes.enumerated() { signalCleanupPath[index] = byte }
            signalCleanupPath[bytes.count] = 0
        }
        for number in [SIGTERM, SIGHUP] {
            signal(
                number,
                path == nil
                    ? SIG_DFL
                    : { number in
                        if signalCleanupPath[0] != 0 { unlink(signalCleanupPath) }
                        _exit(128 + number)
                    })
        }
        if path == nil { signalCleanupPath[0] = 0 }
    }

    /// Runs `editor path` through `/bin/sh` (so `EDITOR="code --wait"` works) on kitctl's own
    /// terminal, and returns its exit status. kitctl ignores Ctrl-C meanwhile; the editor gets it.
    private static func run(_ editor: String, path: String) throws -> Int32 {
        do throws(ChildProcess.Failure) {
            return try ChildProcess.run(["/bin/sh", "-c", editor + " \"$@\"", "sh", path])
        } catch {
            throw CLIError.usage(
                error.started
                    ? Localized.text("lost the editor: %s", error.reason)
                    : Localized.text("cannot start the editor (%1$s): %2$s", editor, error.reason))
        }
    }
}

/// The path a signal handler removes (`Editor.removeOnSignal`), NUL-terminated; a C handler
/// captures nothing, so it is a buffer of its own, made once.
private let signalCleanupCapacity = 4096
nonisolated(unsafe) private let signalCleanupPath: UnsafeMutablePointer<CChar> = {
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: signalCleanupCapacity)
    buffer[0] = 0
    return buffer
}()
