/// Where kitd listens, resolved the same way by kitd and kitctl:
/// an explicit `--socket`, else `$KIT_SOCKET`, else `$XDG_RUNTIME_DIR/kit/kitd.sock`, else the
/// private fallback `/tmp/kit-UID/kitd.sock` that kitd creates 0700 and checks.
public enum SocketPath {
    public static let fileName = "kitd.sock"

    public struct Resolution: Equatable, Sendable {
        public var path: String
        /// The directory kitd may create and must keep private; nil for an explicit path.
        public var managedDirectory: String?
        /// True when XDG_RUNTIME_DIR was not set and the /tmp fallback is used.
        public var isFallback: Bool

        public init(path: String, managedDirectory: String?, isFallback: Bool) {
            self.path = path
            self.managedDirectory = managedDirectory
            self.isFallback = isFallback
        }
    }

    public static func resolve(explicit: String?, environment: [String: String], uid: UInt32) -> Resolution {
        if let explicit, !explicit.isEmpty {
            return Resolution(path: explicit, managedDirectory: nil, isFallback: false)
        }
        if let fromEnvironment = environment["KIT_SOCKET"], !fromEnvironment.isEmpty {
            return Resolution(path: fromEnvironment, managedDirectory: nil, isFallback: false)
        }
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            let directory = join(runtime, "kit")
            return Resolution(path: join(directory, fileName), managedDirectory: directory, isFallback: false)
        }
        let directory = "/tmp/kit-\(uid)"
        return Resolution(path: join(directory, fileName), managedDirectory: directory, isFallback: true)
    }

    /// `$XDG_DATA_HOME/kit`, else `$HOME/.local/share/kit`.
    public static func dataDirectory(explicit: String?, environment: [String: String], home: String) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return join(data, "kit") }
        return join(join(home, ".local/share"), "kit")
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

public enum KitVersion {
    public static let version = "0.1.0"
    /// Bumped when a stable field or method changes incompatibly.
    public static let protocolVersion = 3
}
