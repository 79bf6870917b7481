import Foundation
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    /// What a Korean user types and reads, through the real kitctl and kitd.
    @Suite("Korean through the real binaries")
    struct KoreanTests {
        @Test("a due time, a repeat rule and durations typed in Korean make the task and timers meant")
        func typedInKorean() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            kit.extraEnvironment["TZ"] = "Asia/Seoul"
            try kit.startKitd()
            let task = try kit.kitctlJSON(
                ["task", "add", "치과", "--due", "내일 오전 9시", "--remind", "1시간,10분", "--json"], as: TaskInfo.self)
            let tomorrow = CivilDateTime(
                WallTime(seconds: Date().timeIntervalSince1970), in: FixedOffset(seconds: 9 * 3600)
            )
            .date.adding(days: 1)
            #expect(task.dueLocal == tomorrow.iso8601 + "T09:00:00", "\(task)")
            #expect(task.alertsNs == [3600 * Nanoseconds.second, 600 * Nanoseconds.second])
            let weekly = try kit.kitctlJSON(
                ["task", "add", "운동", "--due", "금요일 저녁 7시", "--repeat", "매주 화·목", "--json"], as: TaskInfo.self)
            #expect(weekly.repeatRule == "FREQ=WEEKLY;BYDAY=TU,TH", "\(weekly)")
            let timer = try kit.kitctlJSON(["timer", "start", "4분 30초", "--name", "라면", "--json"], as: TimerInfo.self)
            #expect(timer.durationNs == 270 * Nanoseconds.second)
            let words = try kit.kitctlJSON(["timer", "start", "한 시간 반", "--json"], as: TimerInfo.self)
            #expect(words.durationNs == 5400 * Nanoseconds.second)

            let mixed = try kit.kitctl(["timer", "start", "4분 30s"])
            #expect(mixed.exitCode == 1 && mixed.stderr.contains("mixes Korean and English units"), "\(mixed)")
            let past = try kit.kitctl(["task", "add", "x", "--due", "어제"])
            #expect(past.exitCode != 0 && past.stderr.contains("in the past"), "\(past)")
            let lunar = try kit.kitctl(["task", "add", "x", "--due", "추석"])
            #expect(lunar.exitCode != 0 && lunar.stderr.contains("lunar calendar"), "\(lunar)")
            // Nothing refused was kept.
            let all = try kit.kitctlJSON(["task", "list", "--all", "--json"], as: TaskListResult.self)
            #expect(all.tasks.map(\.title).sorted() == ["운동", "치과"])
        }

        @Test(
            "under a Korean locale, ramen are listed in 가나다 order before the other scripts; under C.UTF-8 by code point"
        )
        func koreanOrder() throws {
            for (lang, koreanFirst) in [("ko_KR.UTF-8", true), ("C.UTF-8", false)] {
                let kit = try KitdHarness()
                defer { kit.tearDown() }
                kit.extraEnvironment["LANG"] = lang
                try kit.startKitd()
                let names = try kit.kitctlJSON(["ramen", "list", "--sort", "name", "--json"], as: RamenListResult.self)
                    .ramen.map(\.name)
                let korean = names.filter { KoreanText.hasHangul($0) }
                #expect(korean == korean.sorted(), "Hangul in 가나다 order: \(korean)")
                let firstKorean = try #require(names.firstIndex { KoreanText.hasHangul($0) })
                let firstJapanese = try #require(names.firstIndex(of: "カップヌードル"))
                #expect((firstKorean < firstJapanese) == koreanFirst, "\(lang): \(names)")
            }
        }
    }
}
