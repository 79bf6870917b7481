import Foundation
import KitTestSupport
import Testing

extension Integration {
    /// Dates in kitctl's tables follow LC_TIME. The locales are compiled by the test (localedef)
    /// into a directory of its own, which glibc reads through LOCPATH: nothing system-wide.
    @Suite("Dates in the user's locale")
    struct LocaleTimeTests {
        @Test(
            "task list and agenda use LC_TIME's month and day names and its 12- or 24-hour clock; C keeps kitctl's own",
            arguments: [
                ("C", "Dec 24 18:30", "December 2026", " Mo  Tu  We  Th  Fr  Sa  Su"),
                ("de_DE.UTF-8", "Dez 24 18:30", "Dezember 2026", " Mo  Di  Mi  Do  Fr  Sa  So"),
                ("en_US.UTF-8", "Dec 24 6:30 PM", "December 2026", " Mo  Tu  We  Th  Fr  Sa  Su"),
                ("ko_KR.UTF-8", "12월 24일 18:30", "2026년 12월", " 월  화  수  목  금  토  일"),
            ])
        func localeDates(locale: String, due: String, title: String, weekdays: String) throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let locales = locale == "C" ? try kit.root.subdirectory("locales") : try kit.compileLocale(locale)
            try kit.startKitd()
            #expect(try kit.kitctl(["task", "add", "party", "--due", "2026-12-24 18:30"]).exitCode == 0)
            kit.extraEnvironment["LOCPATH"] = locales
            kit.extraEnvironment["LC_TIME"] = locale
            let list = try kit.kitctl(["task", "list", "--all"])
            #expect(list.stdout.contains("1   \(due)  open"), "\(list)")
            let agenda = try kit.kitctl(["agenda", "--month", "2026-12"])
            let lines = agenda.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first?.trimmingCharacters(in: .whitespaces) == title, "\(agenda)")
            #expect(lines.dropFirst().first?.hasPrefix(weekdays) == true, "\(agenda)")
        }
    }
}
