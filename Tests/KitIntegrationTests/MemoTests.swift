import Foundation
import Glibc
import KitClient
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    @Suite("Memos")
    struct MemoTests {
        @Test("a fake $EDITOR drives add and edit, on a private 0600 file, and the memos survive a restart")
        func editorFlow() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let editor = try FakeEditor(in: kit.root)
            kit.extraEnvironment["EDITOR"] = try editor.script("printf 'Groceries\\n\\noat milk\\neggs\\n' > \"$1\"")
            try kit.startKitd()
            let terminal = try PseudoTerminal()
            let added = try kit.kitctl(["memo", "add"], terminal: terminal)
            #expect(added.exitCode == 0, "\(added)")
            #expect(added.stdout.contains("Added memo 1 (Groceries)"))
            #expect(editor.modes() == ["600"])

            kit.extraEnvironment["EDITOR"] = try editor.script("printf 'bread\\n' >> \"$1\"")
            let edited = try kit.kitctl(["memo", "edit", "groceries"], terminal: terminal)
            #expect(edited.exitCode == 0, "\(edited)")
            #expect(
                try kit.kitctlJSON(["memo", "show", "1"], as: MemoInfo.self).text
                    == "Groceries\n\noat milk\neggs\nbread")

            kit.stopKitd()
            try kit.startKitd()
            let memo = try kit.kitctlJSON(["memo", "show", "Groceries"], as: MemoInfo.self)
            #expect(memo.text == "Groceries\n\noat milk\neggs\nbread" && memo.title == "Groceries")
            #expect(editor.leftovers().isEmpty, "temporary files left: \(editor.leftovers())")
        }

        @Test("an editor that exits 1, or leaves the text as it was, saves nothing and says so")
        func editorAborts() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let editor = try FakeEditor(in: kit.root)
            try kit.startKitd()
            let terminal = try PseudoTerminal()
            kit.extraEnvironment["EDITOR"] = try editor.script("printf 'half a thought\\n' > \"$1\"; exit 1")
            let failed = try kit.kitctl(["memo", "add"], terminal: terminal)
            #expect(failed.exitCode == 1)
            #expect(failed.stderr.contains("exited with status 1; nothing was saved"), "\(failed)")
            #expect(try kit.kitctlJSON(["memo", "list"], as: MemoListResult.self).memos.isEmpty)

            kit.extraEnvironment["EDITOR"] = try editor.script("exit 0")
            let empty = try kit.kitctl(["memo", "add"], terminal: terminal)
            #expect(empty.exitCode == 1 && empty.stderr.contains("is empty"), "\(empty)")
            #expect(empty.stderr.contains("nothing was saved"), "\(empty)")
            _ = try kit.kitctl(["memo", "add", "keep me"])
            let unchanged = try kit.kitctl(["memo", "edit", "1"], terminal: terminal)
            #expect(unchanged.exitCode == 1 && unchanged.stderr.contains("no change"), "\(unchanged)")
            kit.extraEnvironment["EDITOR"] = try editor.script(": > \"$1\"")
            let emptied = try kit.kitctl(["memo", "edit", "1"], terminal: terminal)
            #expect(emptied.exitCode == 1 && emptied.stderr.contains("empty"), "\(emptied)")
            #expect(try kit.kitctlJSON(["memo", "show", "1"], as: MemoInfo.self).text == "keep me")
        }

        @Test("with kitd stopped, the text lands in a 0600 recovery file, and the printed retry saves it")
        func recovery() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let editor = try FakeEditor(in: kit.root)
            kit.extraEnvironment["EDITOR"] = try editor.script(
                "printf 'Written while kitd was down\\n\\nlong text\\n' > \"$1\"")
            let terminal = try PseudoTerminal()
            let failed = try kit.kitctl(["memo", "add"], terminal: terminal)
            #expect(failed.exitCode == 1)
            #expect(failed.stderr.contains("kitd is not running"), "\(failed)")
            let path = try #require(Self.recoveryPath(in: failed.stderr, under: kit.dataDirectory))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "Written while kitd was down\n\nlong text")
            #expect(Self.mode(path) == 0o600)
            #expect(failed.stderr.contains("kitctl memo add < \(path)"))

            let fromStdin = try kit.kitctl(
                ["diary", "write", "--weather", "snow"], stdin: Data("Snow day\n\nquiet streets".utf8))
            #expect(fromStdin.exitCode == 1)
            let diaryPath = try #require(Self.recoveryPath(in: fromStdin.stderr, under: kit.dataDirectory))
            #expect(try String(contentsOfFile: diaryPath, encoding: .utf8) == "Snow day\n\nquiet streets")
            #expect(fromStdin.stderr.contains("kitctl diary write --date '"), "\(fromStdin)")

            // Under ko_KR the whole report is Korean: why, where the text is, and how to save it.
            try kit.useLocale("ko_KR.UTF-8")
            let korean = try kit.kitctl(["memo", "add"], stdin: Data("눈 오는 날".utf8))
            #expect(korean.exitCode == 1)
            #expect(
                korean.stderr.contains("kitd가 돌고 있지 않습니다") && korean.stderr.contains("에 남겨 두었습니다")
                    && korean.stderr.contains("kitd가 돌고 나면 이렇게 저장하세요: kitctl memo add < "), "\(korean)")
            kit.extraEnvironment["LANG"] = "C.UTF-8"

            try kit.startKitd()
            // Retried as kitctl said, `kitctl memo add < PATH`: once saved, the recovery file goes.
            let retried = try Subprocess.run(
                Binaries.kitctl, ["memo", "add"], environment: kit.environment, outputDirectory: kit.root.path,
                stdinPath: path)
            #expect(retried.exitCode == 0, "\(retried)")
            #expect(retried.stderr.contains("is saved now, and removed"), "\(retried)")
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(FileManager.default.fileExists(atPath: diaryPath), "a recovery file not read back stays")
            #expect(
                try kit.kitctlJSON(["memo", "show", "1"], as: MemoInfo.self).title == "Written while kitd was down")
        }

        @Test("the first line is the title, and blank lines before it and before the body are trimmed")
        func titles() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let added = try kit.kitctl(
                ["memo", "add"], stdin: Data("\n\n   \n  Meeting notes  \n\n\n\nfirst point\n\nsecond point\n\n".utf8))
            #expect(added.exitCode == 0, "\(added)")
            let list = try kit.kitctlJSON(["memo", "list"], as: MemoListResult.self)
            #expect(list.memos.map(\.title) == ["Meeting notes"])
            let shown = try kit.kitctl(["memo", "show", "meeting notes"])
            #expect(shown.stdout == "Meeting notes\n\nfirst point\n\nsecond point\n")
        }

        @Test("search finds Korean and English text, and queries of FTS syntax never error")
        func search() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            for text in [
                "회의 메모\n\n오늘 회의록을 정리했다. 일정은 다음 주.", "Reading list\n\nThe River Why; Rivers of London",
                "Shopping\n\nmilk \"organic\" (two) * NEAR the door",
            ] {
                #expect(try kit.kitctl(["memo", "add"], stdin: Data(text.utf8)).exitCode == 0)
            }
            func found(_ query: [String]) throws -> [Int64] {
                try kit.kitctlJSON(["memo", "search"] + query, as: MemoSearchResult.self).results.map(\.memo.id)
                    .sorted()
            }
            #expect(try found(["회의록"]) == [1])
            #expect(try found(["일정"]) == [1])
            #expect(try found(["회의", "다음"]) == [1])
            #expect(try found(["river"]) == [2])
            #expect(try found(["RIVERS", "london"]) == [2])
            #expect(try found(["river", "회의"]).isEmpty)
            let hit = try kit.kitctlJSON(["memo", "search", "river"], as: MemoSearchResult.self).results[0]
            #expect(hit.snippet.filter(\.isMatch).map(\.text) == ["River", "River"])
            let plain = try kit.kitctl(["memo", "search", "회의록"])
            #expect(plain.stdout.contains("[회의록]"), "\(plain)")
            for query in [
                "\"", "*", "NEAR", "(", ")", "\"organic", "(two", "NEAR(", "AND OR NOT", "\"\"\"", "-", "^", ":",
            ] {
                let result = try kit.kitctl(["memo", "search", "--", query])
                #expect(result.exitCode == 0, "query \(query): \(result)")
            }
            #expect(try found(["\"organic\""]) == [3])
            #expect(try found(["(two)"]) == [3])
            #expect(try found(["*"]) == [3])
        }

        @Test("invalid UTF-8 and empty text from stdin are refused and nothing is saved")
        func badInput() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let invalid = try kit.kitctl(["memo", "add"], stdin: Data([0x41, 0xFF, 0xFE, 0x42]))
            #expect(invalid.exitCode == 1 && invalid.stderr.contains("not valid UTF-8"), "\(invalid)")
            let empty = try kit.kitctl(["memo", "add"], stdin: Data("\n \n\t\n".utf8))
            #expect(empty.exitCode == 1 && empty.stderr.contains("empty"), "\(empty)")
            let diary = try kit.kitctl(["diary", "write"], stdin: Data([0xC3, 0x28]))
            #expect(diary.exitCode == 1 && diary.stderr.contains("not valid UTF-8"), "\(diary)")
            #expect(try kit.kitctlJSON(["memo", "list"], as: MemoListResult.self).memos.isEmpty)
        }

        @Test("an unknown reference is refused with suggestions")
        func suggestions() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            _ = try kit.kitctl(["memo", "add", "shopping list"])
            _ = try kit.kitctl(["memo", "add", "reading notes"])
            let missing = try kit.kitctl(["memo", "show", "shoping"])
            #expect(missing.exitCode == 2 && missing.stderr.contains("did you mean 'shopping list'?"), "\(missing)")
            let connection = try kit.connect()
            do {
                _ = try connection.call(Method.memoGet, RefParams(ref: "shoping"))
                Issue.record("an unknown memo was found")
            } catch {
                guard case .refused(let rpc) = error else { throw error }
                #expect(rpc.code == ErrorCode.notFound && rpc.data?.suggestions == ["shopping list"])
            }
            #expect(try kit.kitctl(["memo", "show", "42"]).exitCode == 2)
        }

        @Test("a text near the 1 MiB line limit is saved whole; one over it gets a clear error and is kept")
        func largeTexts() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let line = String(repeating: "가나다라마바사 abcdefg ", count: 20) + "\n"
            let big = "Big memo\n" + String(repeating: line, count: 1_500)
            #expect(big.utf8.count > 900_000 && big.utf8.count < EntryTextLimit.bytes)
            let saved = try kit.kitctl(["memo", "add"], stdin: Data(big.utf8))
            #expect(saved.exitCode == 0, "\(saved.stderr)")
            let memo = try kit.kitctlJSON(["memo", "show", "Big memo"], as: MemoInfo.self)
            #expect(memo.text == big.trimmingCharacters(in: .whitespacesAndNewlines))
            let quotes = "Quotes\n" + String(repeating: "\"\\", count: 450_000)
            let refused = try kit.kitctl(["memo", "add"], stdin: Data(quotes.utf8))
            #expect(refused.exitCode == 1 && refused.stderr.contains("too large"), "\(refused.stderr)")
            #expect(try #require(Self.recoveryPath(in: refused.stderr, under: kit.dataDirectory)).hasSuffix(".md"))
            let huge = try kit.kitctl(["memo", "add"], stdin: Data(String(repeating: "x", count: 1_100_000).utf8))
            #expect(huge.exitCode == 1 && huge.stderr.contains("1000000 bytes"), "\(huge.stderr)")
            #expect(try kit.kitctlJSON(["memo", "list"], as: MemoListResult.self).memos.count == 1)
        }

        @Test("delete asks on a terminal and needs --yes elsewhere; pins and events follow every change")
        func deleteAndPin() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let connection = try kit.connect()
            _ = try connection.call(
                Method.eventsSubscribe, SubscribeParams(events: ["memo.*"]))
            _ = try kit.kitctl(["memo", "add", "first"])
            _ = try kit.kitctl(["memo", "add", "second"])
            #expect(try kit.kitctl(["memo", "pin", "first"]).exitCode == 0)
            #expect(
                try kit.kitctlJSON(["memo", "list"], as: MemoListResult.self).memos.map(\.title) == ["first", "second"])
            let refused = try kit.kitctl(["memo", "delete", "first"])
            #expect(refused.exitCode == 1 && refused.stderr.contains("--yes"), "\(refused)")
            let terminal = try PseudoTerminal()
            terminal.type("n\n")
            #expect(try kit.kitctl(["memo", "delete", "first"], terminal: terminal).exitCode == 1)
            terminal.type("y\n")
            let asked = try kit.kitctl(["memo", "delete", "first"], terminal: terminal)
            #expect(asked.exitCode == 0 && asked.stderr.contains("Delete memo 1 (first)? [y/N]"), "\(asked)")
            // With the Korean keyboard layout on, n and y are ㅜ and ㅛ; 아니요 and 네 are said.
            _ = try kit.kitctl(["memo", "add", "셋째"])
            for no in ["ㅜ\n", "아니요\n", "아니오\n"] {
                terminal.type(no)
                #expect(try kit.kitctl(["memo", "delete", "셋째"], terminal: terminal).exitCode == 1, "\(no)")
            }
            for (yes, title) in [("ㅛ\n", "셋째"), ("네\n", "넷째"), ("예\n", "다섯째")] {
                if title != "셋째" { _ = try kit.kitctl(["memo", "add", title]) }
                terminal.type(yes)
                #expect(try kit.kitctl(["memo", "delete", title], terminal: terminal).exitCode == 0, "\(yes)")
            }
            #expect(try kit.kitctl(["memo", "delete", "second", "--yes"]).exitCode == 0)
            var changes: [String] = []
            while changes.count < 11, let event = try connection.nextEvent(timeout: .seconds(5)) {
                changes.append(try event.decode(MemoEvent.self).change.rawValue)
            }
            #expect(
                changes == [
                    "added", "added", "pinned", "deleted", "added", "deleted", "added", "deleted", "added", "deleted",
                    "deleted",
                ])
        }

        /// The path kitctl printed after "kept in", which must be under the data directory.
        static func recoveryPath(in stderr: String, under directory: String) -> String? {
            guard let range = stderr.range(of: "kept in ") else { return nil }
            let path = String(stderr[range.upperBound...].prefix { $0 != "\n" })
            return path.hasPrefix(directory + "/recovery/") ? path : nil
        }

        static func mode(_ path: String) -> mode_t {
            var info = stat()
            return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
        }
    }
}

/// The protocol's limit on a memo's text, as the tests see it.
enum EntryTextLimit {
    static let bytes = 1_000_000
}

/// Editor scripts for `$EDITOR`: each is a real executable that edits the file it is given and
/// records the file's mode and path.
struct FakeEditor {
    let directory: String
    private var log: String { directory + "/log" }

    init(in root: TemporaryDirectory) throws {
        directory = try root.subdirectory("editor")
    }

    /// A script that logs, then runs `body` with the file as `$1`. Written through a descriptor
    /// closed on exec: a process another test spawns meanwhile must not keep the script open for
    /// writing, or running it fails with "Text file busy" (ETXTBSY).
    func script(_ body: String) throws -> String {
        let path = directory + "/editor-\(UUID().uuidString.prefix(6))"
        let text = Array("#!/bin/sh\nstat -c '%a %n' \"$1\" >> \(log)\n\(body)\n".utf8)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw HarnessError("cannot write \(path): errno \(errno)") }
        defer { close(fd) }
        // Executable whatever the process's umask (a test may have narrowed it).
        fchmod(fd, 0o755)
        guard text.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == text.count else {
            throw HarnessError("cannot write \(path): errno \(errno)")
        }
        return path
    }

    private var entries: [(mode: String, path: String)] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map {
            let parts = $0.split(separator: " ", maxSplits: 1)
            return (String(parts[0]), String(parts.count > 1 ? parts[1] : ""))
        }
    }

    /// The modes of the files the editor was given.
    func modes() -> [String] { entries.map(\.mode) }

    /// Files the editor was given that still exist.
    func leftovers() -> [String] { entries.map(\.path).filter { FileManager.default.fileExists(atPath: $0) } }
}
