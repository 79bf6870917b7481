import Foundation
import Glibc
import KitTestSupport
import Testing

extension Integration {
    @Suite("kitctl's one error style")
    struct ErrorStyleTests {
        @Test(
            "a mistyped command gets the nearest one; a negative number says so, a length only where one is taken; every usage error starts 'kitctl:' and exits 1",
            arguments: [
                (["tiemr", "start", "5m"], "kitctl: unknown command 'tiemr' for 'kitctl'; did you mean 'timer'?"),
                (
                    ["timer", "strat", "5m"],
                    "kitctl: unknown command 'strat' for 'kitctl timer'; did you mean 'timer start'?"
                ),
                (["sw", "whatch"], "kitctl: unknown command 'whatch' for 'kitctl sw'; did you mean 'sw watch'?"),
                (["timer", "start", "-5m"], "kitctl: '-5m' is negative; give a positive length"),
                (["timer", "start", "--", "-5m"], "kitctl: '-5m' is negative; a length must be positive"),
                (["ramen", "cook", "신라면", "-t", "-4m"], "kitctl: '-4m' is negative; give a positive length"),
                (["place", "pick", "--seed", "-1"], "kitctl: '-1' is negative, and --seed takes no negative number"),
                (
                    ["timer", "show", "-1"],
                    "kitctl: '-1' is negative, and `kitctl timer show` takes no negative number"
                ),
                (["timer", "start"], "kitctl: give a duration, such as 4m30s or 3분"),
                (["timer", "start", "5m", "--colour", "red"], "kitctl: Unknown option '--colour'"),
            ])
        func usageErrors(arguments: [String], expected: String) throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let result = try kit.kitctl(arguments)
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.stderr.hasPrefix(expected), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }

        @Test("Ctrl-C ends sw watch with exit 130, like timer wait, and the stopwatch runs on")
        func watchInterrupted() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            #expect(try kit.kitctl(["sw", "new", "focus", "--start"]).exitCode == 0)
            var env = kit.environment
            env.removeValue(forKey: "NOTIFY_SOCKET")
            let watch = try Subprocess(
                Binaries.kitctl, ["sw", "watch", "focus"], environment: env, outputDirectory: kit.root.path,
                name: "watch")
            #expect(Subprocess.waitUntil(timeout: .seconds(10)) { watch.stdout.contains("focus") })
            watch.signal(SIGINT)
            #expect(watch.wait(timeout: .seconds(10)) == 130)
            #expect(try kit.kitctl(["sw", "show", "focus"]).stdout.contains("running"))
        }
    }
}
