import Foundation
import KitTestSupport
import Testing

extension FilesIntegration {
    @Suite("Man pages")
    struct ManPageTests {
        static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path

        @Test(
            "the pages make install installs render with man -l without warnings: kitctl and each subcommand, kitd(8), kit.toml(5), kit(7)"
        )
        func pagesRender() throws {
            let out = try TemporaryDirectory(prefix: "kit-man")
            defer { out.remove() }
            let generate = Binaries.directory + "/generate-manual"
            #expect(FileManager.default.isExecutableFile(atPath: generate), "make test builds generate-manual first")
            let made = try Subprocess.run(
                Self.repository + "/scripts/man-pages.sh", [generate, Binaries.kitctl, out.path + "/man"],
                environment: ["PATH": "/usr/bin:/bin"], outputDirectory: out.path)
            #expect(made.exitCode == 0, "\(made)")
            let pages = try ["man1", "man5", "man7", "man8"].flatMap { section in
                try FileManager.default.contentsOfDirectory(atPath: out.path + "/man/" + section).map {
                    "\(section)/\($0)"
                }
            }
            for expected in [
                "man1/kitctl.1", "man1/kitctl.timer.start.1", "man1/kitctl.bar.1", "man1/kitctl.task.import.1",
                "man5/kit.toml.5", "man7/kit.7", "man8/kitd.8",
            ] {
                #expect(pages.contains(expected), "\(expected) in \(pages.sorted())")
            }
            #expect(pages.count > 80)
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            for page in pages {
                let shown = try Subprocess.run(
                    "/usr/bin/man", ["--warnings", "-l", out.path + "/man/" + page],
                    environment: ["PATH": "/usr/bin:/bin", "MANWIDTH": "80", "MANPAGER": "cat", "LANG": "C.UTF-8"],
                    outputDirectory: out.path)
                #expect(shown.exitCode == 0 && shown.stderr.isEmpty, "\(page): \(shown)")
                #expect(shown.stdout.contains("NAME"), "\(page)")
                // A command's page has the example of its help, Korean words and all (generate-manual
                // alone drops them); the words are compared without the spaces and hyphens of the layout.
                let path = page.dropFirst("man1/kitctl.".count).dropLast(".1".count).split(separator: ".").map(
                    String.init)
                guard page.hasPrefix("man1/kitctl."), !path.isEmpty,
                    !(try kit.kitctl(path + ["--help"])).stdout.contains("SUBCOMMANDS:")
                else { continue }
                let bare = { (text: String) in text.filter { !$0.isWhitespace && !"-\u{2010}".contains($0) } }
                let example = try KoreanHelpTests.example(kit, path)
                #expect(bare(shown.stdout).contains(bare("Example: kitctl " + example)), "\(page): \(shown.stdout)")
            }
            let timerStart = try Subprocess.run(
                "/usr/bin/man", ["-l", out.path + "/man/man1/kitctl.timer.start.1"],
                environment: ["PATH": "/usr/bin:/bin", "MANWIDTH": "80", "MANPAGER": "cat"], outputDirectory: out.path)
            #expect(timerStart.stdout.contains("kitctl timer start"))
        }

        @Test("kit.desktop, which popups name in their desktop-entry hint, is a valid desktop entry with an icon")
        func desktopEntry() throws {
            let out = try TemporaryDirectory(prefix: "kit-desktop")
            defer { out.remove() }
            let result = try Subprocess.run(
                "/usr/bin/desktop-file-validate", [Self.repository + "/share/kit.desktop"],
                environment: ["PATH": "/usr/bin:/bin"], outputDirectory: out.path)
            #expect(result.exitCode == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result)")
            let entry = try String(contentsOfFile: Self.repository + "/share/kit.desktop", encoding: .utf8)
            #expect(entry.contains("\nNoDisplay=true\n") && entry.contains("\nIcon=kit\n"))
            let icon = try String(contentsOfFile: Self.repository + "/share/kit.svg", encoding: .utf8)
            #expect(icon.hasPrefix("<svg ") && icon.contains("</svg>"))
        }
    }
}
