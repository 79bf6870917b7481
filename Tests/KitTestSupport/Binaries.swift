import Foundation

/// Where the built kitd and kitctl are: $KIT_BIN_DIR, else next to the running test binary
/// (`swift test` runs it from the build directory that also holds the executables).
public enum Binaries {
    public static var directory: String {
        if let explicit = ProcessInfo.processInfo.environment["KIT_BIN_DIR"], !explicit.isEmpty { return explicit }
        let exe =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: exe).deletingLastPathComponent()
        // Inside an .xctest bundle directory (macOS-style layout), step out of it.
        while directory.path.contains(".xctest") { directory.deleteLastPathComponent() }
        return directory.path
    }

    public static var kitd: String { directory + "/kitd" }
    public static var kitctl: String { directory + "/kitctl" }

    /// Throws a clear error when the executables are missing (build with `swift build` first).
    public static func check() throws {
        for path in [kitd, kitctl] where !FileManager.default.isExecutableFile(atPath: path) {
            throw HarnessError("\(path) is missing; run `swift build` (or `make test`) before the tests")
        }
    }
}
