import Foundation
import Glibc
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    /// kitd restarted between a time namespace whose boot clock runs 100,000 s ahead
    /// (`unshare --time --boottime`) and the host: same boot id, different boot clocks.
    @Suite("Boot clocks that disagree across a restart")
    struct TimeNamespaceTests {
        static let namespace = [
            "/usr/bin/unshare", "--time", "--fork", "--boottime", "100000", "--kill-child=SIGTERM",
        ]

        /// Whether this machine lets us make a time namespace (root, or user namespaces), with why not.
        static func available() -> (Bool, String) {
            let probe = try? Subprocess.run(
                "/usr/bin/unshare", ["--time", "--fork", "--boottime", "1", "/bin/true"],
                environment: ["PATH": "/usr/bin:/bin"], outputDirectory: "/tmp")
            guard let probe else { return (false, "unshare could not be run") }
            return (probe.exitCode == 0, "unshare --time failed: \(probe.stderr)")
        }

        @Test(
            "a timer and a running stopwatch started in a time namespace keep their times after a restart outside it, and back"
        )
        func restartAcrossNamespaces() throws {
            let (ok, why) = Self.available()
            guard ok else {
                print("skipped: no time namespace here (\(why)); run as root or with user namespaces")
                return
            }
            for (first, second) in [(Self.namespace, [String]()), ([String](), Self.namespace)] {
                let kit = try KitdHarness()
                defer { kit.tearDown() }
                kit.launcher = first
                try kit.startKitd()
                #expect(try kit.kitctl(["timer", "start", "8s", "--name", "tea"]).exitCode == 0)
                #expect(try kit.kitctl(["sw", "new", "focus", "--start"]).exitCode == 0)
                Wait.passes(.seconds(1))
                // Under unshare, kitd is unshare's child: it is kitd that gets SIGTERM.
                if !first.isEmpty, let launcher = kit.kitd?.pid {
                    let children = try String(
                        contentsOfFile: "/proc/\(launcher)/task/\(launcher)/children", encoding: .utf8)
                    let kitd = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
                    kill(kitd, SIGTERM)
                    #expect(kit.kitd?.wait(timeout: .seconds(10)) == 0)
                } else {
                    #expect(kit.stopKitd(signal: SIGTERM) == 0)
                }
                kit.launcher = second
                try kit.startKitd()
                // Said once, with both clocks' readings.
                let warnings = kit.kitd?.stderr.split(separator: "\n").filter {
                    $0.contains("the boot clock and the wall clock disagree")
                }
                #expect(warnings?.count == 1, "\(kit.kitd?.stderr ?? "")")
                #expect(
                    warnings?.first?.contains("clock.boot_due_in_s=") == true
                        && warnings?.first?.contains("clock.wall_due_in_s=") == true)
                let timer = try #require(
                    try kit.kitctlJSON(["timer", "list", "--json"], as: TimerListResult.self).timers.first)
                // About 7 s left: not 100,007, and not due at once.
                #expect(timer.remainingNs > 4_000_000_000 && timer.remainingNs < 8_000_000_000, "\(timer.remainingNs)")
                let stopwatch = try #require(
                    try kit.kitctlJSON(["sw", "list", "--json"], as: StopwatchListResult.self).stopwatches.first)
                #expect(
                    stopwatch.elapsedNs >= Nanoseconds.second && stopwatch.elapsedNs < 10 * Nanoseconds.second,
                    "elapsed \(stopwatch.elapsedNs)")
            }
        }
    }
}
