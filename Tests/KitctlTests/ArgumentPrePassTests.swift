import ArgumentParser
import Testing

@testable import kitctl

@Suite("kitctl's arguments before they are parsed")
struct ArgumentPrePassTests {
    @Test("global options before the command move after it, in their order; anything else stays")
    func hoisting() {
        #expect(
            ArgumentPrePass.prepared(["--socket", "/tmp/k.sock", "--json", "timer", "list"])
                == ["timer", "list", "--socket", "/tmp/k.sock", "--json"])
        #expect(ArgumentPrePass.prepared(["--socket=/tmp/k", "status"]) == ["status", "--socket=/tmp/k"])
        #expect(ArgumentPrePass.prepared(["timer", "list", "--json"]) == ["timer", "list", "--json"])
        // Global options alone, or a --socket without its value, are left to ArgumentParser's message.
        #expect(ArgumentPrePass.prepared(["--json"]) == ["--json"])
        #expect(ArgumentPrePass.prepared(["--socket"]) == ["--socket"])
        #expect(ArgumentPrePass.prepared([]) == [])
    }

    @Test("diary list --month without a month means this one, before another option too, and after hoisting")
    func thisMonth() {
        let this = DiaryList.thisMonth
        #expect(ArgumentPrePass.prepared(["diary", "list", "--month"]) == ["diary", "list", "--month", this])
        #expect(
            ArgumentPrePass.prepared(["diary", "list", "--month", "--limit", "3"])
                == ["diary", "list", "--month", this, "--limit", "3"])
        #expect(
            ArgumentPrePass.prepared(["diary", "list", "--month", "2026-11"]) == [
                "diary", "list", "--month", "2026-11",
            ])
        #expect(
            ArgumentPrePass.prepared(["--json", "diary", "list", "--month"]) == [
                "diary", "list", "--month", this, "--json",
            ])
        // Only diary list's.
        #expect(ArgumentPrePass.prepared(["memo", "list", "--month"]) == ["memo", "list", "--month"])
        // ArgumentParser then reads the month.
        let parsed = try? Kitctl.parseAsRoot(ArgumentPrePass.prepared(["diary", "list", "--month"])) as? DiaryList
        #expect(parsed?.month == this)
    }

    @Test("the quick parse gives the command the full parse gives, and leaves help, versions and failures to it")
    func quickParse() throws {
        for arguments in [
            ["timer", "list"], ["timer", "start", "3m", "--name", "tea"], ["sw", "lap", "공부", "note"],
            ["task", "add", "pay rent", "--due", "mon 9:00"], ["stopwatch", "list"], ["status", "--json"],
        ] {
            let quick = try QuickParse.parseAsRoot(arguments)
            let full = try Kitctl.parseAsRoot(arguments)
            #expect(ObjectIdentifier(type(of: quick)) == ObjectIdentifier(type(of: full)), "\(arguments)")
            #expect(String(describing: quick) == String(describing: full), "\(arguments)")
        }
        #expect(QuickParse.mayNeedTheFullParser("--help") && QuickParse.mayNeedTheFullParser("--version"))
        let help = try QuickParse.parseAsRoot(["timer", "--help"])
        #expect(String(describing: help) == String(describing: try Kitctl.parseAsRoot(["timer", "--help"])))
        #expect(throws: (any Error).self) { try QuickParse.parseAsRoot(["timer", "start"]) }
        #expect(throws: (any Error).self) { try QuickParse.parseAsRoot(["nope"]) }
    }
}
