import Foundation
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    @Suite("REF completion from kitd")
    struct RefCompletionTests {
        @Test(
            "bash and fish complete the REFs of timers, tasks, stopwatches, memos and diary entries from a running kitd"
        )
        func refs() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            #expect(try kit.kitctl(["timer", "start", "10m", "--name", "pasta"]).exitCode == 0)
            #expect(try kit.kitctl(["task", "add", "water plants", "--due", "in 2h"]).exitCode == 0)
            #expect(try kit.kitctl(["sw", "new", "focus"]).exitCode == 0)
            #expect(try kit.kitctl(["memo", "add", "packing list"]).exitCode == 0)
            #expect(try kit.kitctl(["diary", "write", "-m", "first snow", "--date", "2026-11-20"]).exitCode == 0)
            let generator = FilesIntegration.ManPageTests.repository + "/scripts/completions.sh"
            var environment = kit.environment
            environment["PATH"] = Binaries.directory + ":/usr/bin:/bin"
            for shell in ["bash", "fish"] {
                let script = try Subprocess.run(
                    generator, [shell, Binaries.kitctl], environment: kit.environment, outputDirectory: kit.root.path)
                try script.stdout.write(toFile: kit.root.path + "/kitctl.\(shell)", atomically: true, encoding: .utf8)
            }
            for (line, expected) in [
                ("kitctl timer show ", ["pasta", "1"]), ("kitctl task done w", ["water plants"]),
                ("kitctl sw stop f", ["focus"]), ("kitctl memo show pa", ["packing list"]),
                ("kitctl diary show 2026-", ["2026-11-20"]),
            ] {
                let fish = "source \(kit.root.path)/kitctl.fish\ncomplete -C '\(line)'"
                let result = try Subprocess.run(
                    "/usr/bin/fish", ["--no-config", "-c", fish], environment: environment,
                    outputDirectory: kit.root.path)
                let offered = Set(result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) })
                #expect(offered == Set(expected), "\(line): \(result)")
            }
            let bash = """
                source \(kit.root.path)/kitctl.bash
                COMP_WORDS=(kitctl timer cancel pa)
                COMP_CWORD=3
                COMP_LINE="kitctl timer cancel pa"
                COMP_POINT=${#COMP_LINE}
                _kitctl kitctl pa cancel
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try Subprocess.run(
                "/bin/bash", ["-c", bash], environment: environment, outputDirectory: kit.root.path)
            #expect(result.stdout.split(separator: "\n") == ["pasta"], "\(result)")
        }

        @Test("zsh's completion function asks kitd for the REFs and offers them through _describe")
        func zshRefs() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            #expect(try kit.kitctl(["timer", "start", "10m", "--name", "pasta"]).exitCode == 0)
            #expect(try kit.kitctl(["sw", "new", "focus"]).exitCode == 0)
            let script = try Subprocess.run(
                FilesIntegration.ManPageTests.repository + "/scripts/completions.sh", ["zsh", Binaries.kitctl],
                environment: kit.environment, outputDirectory: kit.root.path)
            try script.stdout.write(toFile: kit.root.path + "/_kitctl", atomically: true, encoding: .utf8)
            var environment = kit.environment
            environment["PATH"] = Binaries.directory + ":/usr/bin:/bin"
            // The script's own glue, as `_arguments` runs it for `kitctl timer show <TAB>`, with
            // `_describe` (which needs a live completion widget) replaced by one that prints.
            for (words, expected) in [
                (["kitctl", "timer", "show", ""], ["pasta", "1"]), (["kitctl", "sw", "stop", "f"], ["focus"]),
            ] {
                let zsh = """
                    autoload -U compinit && compinit -u -d \(kit.root.path)/zcompdump
                    source \(kit.root.path)/_kitctl
                    _describe() { print -l -- "${(@P)3}" }
                    export SAP_SHELL=zsh SAP_SHELL_VERSION=$ZSH_VERSION
                    command_name=kitctl
                    command_line=(\(words.map { "'\($0)'" }.joined(separator: " ")))
                    PREFIX='\(words.last!)'
                    __kitctl_custom_complete ---completion \(words[1]) \(words[2]) -- positional@0 3 \(words.last!.count)
                    """
                let result = try Subprocess.run(
                    "/usr/bin/zsh", ["-f", "-c", zsh], environment: environment, outputDirectory: kit.root.path)
                let offered = Set(result.stdout.split(separator: "\n").map(String.init))
                #expect(offered == Set(expected), "\(words): \(result)")
            }
        }

        @Test("a 초성 query completes ramen names in bash and zsh: ㅉ offers 짜파게티 and 짜왕")
        func choseong() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            var environment = kit.environment
            environment["PATH"] = Binaries.directory + ":/usr/bin:/bin"
            let generator = FilesIntegration.ManPageTests.repository + "/scripts/completions.sh"
            for shell in ["bash", "zsh"] {
                let script = try Subprocess.run(
                    generator, [shell, Binaries.kitctl], environment: kit.environment, outputDirectory: kit.root.path)
                try script.stdout.write(toFile: kit.root.path + "/kitctl.\(shell)", atomically: true, encoding: .utf8)
            }
            for (word, expected) in [("ㅉ", ["짜파게티", "짜왕"]), ("ㅉㅍ", ["짜파게티"]), ("짜", ["짜파게티", "짜왕"])] {
                let bash = """
                    source \(kit.root.path)/kitctl.bash
                    COMP_WORDS=(kitctl ramen cook \(word))
                    COMP_CWORD=3
                    COMP_LINE="kitctl ramen cook \(word)"
                    COMP_POINT=${#COMP_LINE}
                    _kitctl kitctl \(word) cook
                    printf '%s\\n' "${COMPREPLY[@]}"
                    """
                let fromBash = try Subprocess.run(
                    "/bin/bash", ["-c", bash], environment: environment, outputDirectory: kit.root.path)
                let bashNames = Set(fromBash.stdout.split(separator: "\n").map(String.init)).filter {
                    !$0.contains("-")
                }
                #expect(bashNames == Set(expected), "bash \(word): \(fromBash)")

                let zsh = """
                    autoload -U compinit && compinit -u -d \(kit.root.path)/zcompdump
                    source \(kit.root.path)/kitctl.zsh
                    _describe() { print -l -- "${(@P)3}" }
                    compadd() { print -l -- "${@[3,-1]}" }
                    export SAP_SHELL=zsh SAP_SHELL_VERSION=$ZSH_VERSION
                    command_name=kitctl
                    command_line=(kitctl ramen cook '\(word)')
                    PREFIX='\(word)'
                    __kitctl_custom_complete ---completion ramen cook -- positional@0 3 \(word.count)
                    """
                let fromZsh = try Subprocess.run(
                    "/usr/bin/zsh", ["-f", "-c", zsh], environment: environment, outputDirectory: kit.root.path)
                let zshNames = Set(fromZsh.stdout.split(separator: "\n").map(String.init)).filter { !$0.contains("-") }
                #expect(zshNames == Set(expected), "zsh \(word): \(fromZsh)")
            }
        }
    }
}
