import Foundation
import Glibc
import Synchronization

/// Locales compiled with localedef for the tests' own LOCPATH, once for the test process:
/// compiling ko_KR takes about a second of CPU, and a dozen tests run under it. Nothing is
/// installed system-wide; the directory goes when the process exits.
enum CompiledLocales {
    /// The directory every compiled locale is in.
    static let directory = FileManager.default.temporaryDirectory.path + "/kit-locales-\(getpid())"
    private static let compiled = Mutex<Set<String>>([])

    /// The LOCPATH with `locale` (`ko_KR.UTF-8`) compiled into it.
    static func path(with locale: String) throws -> String {
        try compiled.withLock { compiled in
            if compiled.contains(locale) { return directory }
            if compiled.isEmpty {
                try FileManager.default.createDirectory(
                    atPath: directory + "/.output", withIntermediateDirectories: true)
                atexit { try? FileManager.default.removeItem(atPath: CompiledLocales.directory) }
            }
            let made = try Subprocess.run(
                "/usr/bin/localedef",
                ["-i", String(locale.prefix { $0 != "." }), "-f", "UTF-8", directory + "/" + locale],
                environment: ["PATH": "/usr/bin:/bin"], outputDirectory: directory + "/.output")
            guard made.exitCode == 0 else { throw HarnessError("localedef \(locale) failed: \(made)") }
            compiled.insert(locale)
            return directory
        }
    }
}
