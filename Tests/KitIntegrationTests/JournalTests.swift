import Foundation
import Glibc
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    /// kitd under systemd logs to the journal with its metadata as fields. There is no journald
    /// here, so the test is the journal: in a mount namespace of kitd's own, its datagram socket
    /// is where libsystemd looks (/run/systemd/journal/socket), and it reads what kitd sends.
    @Suite("Logging to the journal")
    struct JournalTests {
        static func available() -> (Bool, String) {
            let probe = try? Subprocess.run(
                "/usr/bin/unshare", ["--mount", "--propagation", "private", "/bin/true"],
                environment: ["PATH": "/usr/bin:/bin"], outputDirectory: "/tmp")
            guard let probe else { return (false, "unshare could not be run") }
            return (probe.exitCode == 0, "unshare --mount failed: \(probe.stderr)")
        }

        @Test(
            "under systemd each log entry reaches the journal with KIT_ fields, so journalctl KIT_TIMER_ID=N finds it")
        func journalFields() throws {
            let (ok, why) = Self.available()
            guard ok else {
                print("skipped: no mount namespace here (\(why)); run as root")
                return
            }
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let directory = try kit.root.subdirectory("journal")
            let journal = try NotifySocket(path: directory + "/socket")
            kit.extraEnvironment["JOURNAL_STREAM"] = "0:0"
            kit.launcher = [
                "/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c",
                "mount -t tmpfs tmpfs /run/systemd && mkdir /run/systemd/journal"
                    + " && mount --bind '\(directory)' /run/systemd/journal && exec \"$0\" \"$@\"",
            ]
            try kit.startKitd(arguments: ["--log-level", "info"])
            let timer = try kit.kitctlJSON(["timer", "start", "10m", "--name", "tea"], as: TimerInfo.self)
            var entry: [String: String]?
            _ = Subprocess.waitUntil(timeout: .seconds(10)) {
                entry = journal.messages.lazy.map { message in
                    Dictionary(
                        message.split(separator: "\n").compactMap { line -> (String, String)? in
                            guard let equals = line.firstIndex(of: "=") else { return nil }
                            return (String(line[..<equals]), String(line[line.index(after: equals)...]))
                        }, uniquingKeysWith: { $1 })
                }.first { $0["KIT_TIMER_NAME"] == "tea" }
                return entry != nil
            }
            let fields = try #require(entry, "journal got: \(journal.messages)")
            #expect(fields["KIT_TIMER_ID"] == String(timer.id))
            #expect(fields["PRIORITY"] == "6")
            #expect(fields["SYSLOG_IDENTIFIER"] == "kitd")
            #expect(fields["MESSAGE"]?.hasPrefix("kitd: timer started") == true, "\(fields)")
            #expect(kit.kitd?.stderr.contains("timer started") == false, "nothing went to stderr instead")
        }
    }
}
