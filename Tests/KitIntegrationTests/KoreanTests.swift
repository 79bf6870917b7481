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
            let lunch = try kit.kitctlJSON(["task", "add", "점심", "--due", "내일 오후 12시", "--json"], as: TaskInfo.self)
            #expect(lunch.dueLocal == tomorrow.iso8601 + "T12:00:00", "오후 12시 is noon: \(lunch)")
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
            let lunar = try kit.kitctl(["task", "add", "x", "--due", "2027년 음력 윤3월 1일"])
            #expect(lunar.exitCode != 0 && lunar.stderr.contains("has no 윤3월"), "\(lunar)")
            // Nothing refused was kept.
            let all = try kit.kitctlJSON(["task", "list", "--all", "--json"], as: TaskListResult.self)
            #expect(all.tasks.map(\.title).sorted() == ["운동", "점심", "치과"])
        }

        @Test(
            "under ko_KR, `kitctl timer start`, which binds its catalogs while kitd commits the timer, refuses in Korean what it refuses before sending: an unknown unit, kitd not running"
        )
        func koreanTimerStartBeforeSending() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.useLocale("ko_KR.UTF-8")
            try kit.startKitd()
            let unit = try kit.kitctl(["timer", "start", "15x"])
            #expect(unit.exitCode == 1 && unit.stderr.contains("'15x'에 모르는 단위 'x'이(가) 있습니다"), "\(unit)")
            let nowhere = try kit.kitctl(["timer", "start", "1분", "--socket", kit.root.path + "/no-kitd.sock"])
            #expect(nowhere.exitCode == 1 && nowhere.stderr.contains("kitd가 돌고 있지 않습니다"), "\(nowhere)")
            let started = try kit.kitctl(["timer", "start", "90초"])
            #expect(started.exitCode == 0 && started.stdout.hasPrefix("타이머 1 시작: 1:30 남음"), "\(started)")
            // Nothing was started by the refused ones.
            #expect(try kit.kitctlJSON(["timer", "list", "--json"], as: TimerListResult.self).timers.count == 1)
        }

        @Test(
            "under LANG=ko_KR.UTF-8 (compiled into the test's LOCPATH), a timer's and a due task's popups, their buttons and kitctl's replies are in Korean"
        )
        func koreanMessages() throws {
            let kit = try KitdHarness(desktop: try DesktopSession())
            defer { kit.tearDown() }
            try kit.useLocale("ko_KR.UTF-8")
            try kit.startKitd()
            let started = try kit.kitctl(["timer", "start", "1초", "--name", "달걀"])
            #expect(started.exitCode == 0 && started.stdout.hasPrefix("타이머 1 (달걀) 시작: "), "\(started)")
            let timer = try #require(try kit.desktop!.waitForNotification(summaryContaining: "달걀"))
            #expect(timer.summary == "달걀 완료" && timer.body.contains("타이머"), "\(timer)")
            let timerCall = kit.desktop!.notifyCalls().first { $0.contains("달걀 완료") } ?? ""
            #expect(
                timerCall.contains("string \"stop\" string \"정지\"")
                    && timerCall.contains("string \"restart\" string \"다시 시작\""), "\(timerCall)")

            let added = try kit.kitctl(["task", "add", "치과", "--due", "2초 후"])
            #expect(added.exitCode == 0 && added.stdout.hasPrefix("할 일 1 추가: 치과, 마감 "), "\(added)")
            let due = try #require(try kit.desktop!.waitForNotification(summaryContaining: "치과"))
            #expect(due.summary == "마감: 치과", "\(due)")
            let dueCall = kit.desktop!.notifyCalls().first { $0.contains("마감: 치과") } ?? ""
            #expect(
                dueCall.contains("string \"done\" string \"완료\"") && dueCall.contains("\"10분 미루기\""), "\(dueCall)")

            // A catalog ramen's steps say what to do in Korean, on the popup too.
            let cook = try kit.kitctl(["ramen", "cook", "신라면 컵", "--time", "1초"])
            #expect(cook.stdout.contains("끓는 물을 컵 안쪽 선까지 붓습니다."), "\(cook)")
            #expect(cook.stdout.contains("끝: 먹기 전에 잘 저어 줍니다."), "\(cook)")
            let done = try #require(try kit.desktop!.waitForNotification(summaryContaining: "신라면 컵"))
            #expect(done.body.contains("먹기 전에 잘 저어 줍니다."), "\(done)")

            // A rule is said back in Korean, beside its RRULE.
            _ = try kit.kitctl(["task", "add", "운동", "--due", "내일 오전 7시", "--repeat", "매주 화·목"])
            let shown = try kit.kitctl(["task", "show", "운동"])
            #expect(shown.stdout.contains("매주 화·목  (FREQ=WEEKLY;BYDAY=TU,TH)"), "\(shown)")
            kit.extraEnvironment["LANG"] = "C.UTF-8"
            let english = try kit.kitctl(["task", "show", "운동"])
            #expect(english.stdout.contains("weekly on tue,thu  (FREQ=WEEKLY;BYDAY=TU,TH)"), "\(english)")

            // The protocol stays English: scripts read the same JSON in any language.
            let json = try kit.kitctl(["timer", "list", "--all", "--json"])
            #expect(json.stdout.contains("\"state\" : \"fired\""), "\(json)")
        }

        @Test(
            "under LANG=ko_KR.UTF-8, kitctl's tables, status, status line and help, kitd's STATUS= line and kitd's refusals are in Korean; --json and C.UTF-8 stay English"
        )
        func koreanScreens() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.useLocale("ko_KR.UTF-8")
            try kit.startKitd()
            #expect(kit.notify.values(of: "STATUS").first == "대기 중: 타이머 없음", "\(kit.notify.values(of: "STATUS"))")

            _ = try kit.kitctl(["timer", "start", "10분", "--name", "라면"])
            _ = try kit.kitctl(["timer", "start", "20분", "--name", "차"])
            let paused = try kit.kitctl(["timer", "pause", "차"])
            #expect(paused.stdout.hasPrefix("타이머 2 (차) 일시정지: ") && paused.stdout.contains(" 남음"), "\(paused)")
            let status = kit.notify.waitFor("STATUS") { $0.hasPrefix("타이머 2개 (1개 일시정지); 다음: 라면, ") }
            #expect(status != nil, "STATUS lines: \(kit.notify.values(of: "STATUS"))")

            let list = try kit.kitctl(["timer", "list"])
            let lines = list.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.split(separator: " ") == ["번호", "이름", "상태", "남은", "시간", "마감"], "\(list)")
            #expect(lines.contains { $0.contains("라면") && $0.contains("도는 중") }, "\(list)")
            #expect(lines.contains { $0.contains("차") && $0.contains("일시정지") }, "\(list)")

            let shown = try kit.kitctl(["status"])
            #expect(shown.stdout.contains("타이머:") && shown.stdout.contains("1개 도는 중, 1개 일시정지"), "\(shown)")
            let line = try kit.kitctl(["status", "--format", ""])
            #expect(line.stdout.hasPrefix("라면 ") && line.stdout.contains(" 남음"), "\(line)")
            let help = try kit.kitctl(["timer", "--help"])
            #expect(
                help.stdout.contains("카운트다운을 시작합니다.") && help.stdout.contains("사용법: kitctl timer")
                    && help.stdout.contains("도움말을 보여 줍니다."), "\(help)")

            _ = try kit.kitctl(["task", "add", "치과", "--due", "내일 오전 9시", "--remind", "1h,10m"])
            let task = try kit.kitctl(["task", "show", "치과"])
            #expect(task.stdout.contains("미리 알림:  1시간 전, 10분 전"), "\(task)")

            // kitd's refusals come in English with their template, which kitctl says in Korean.
            let again = try kit.kitctl(["timer", "pause", "차"])
            #expect(
                again.exitCode == 2 && again.stderr == "kitctl: 차를 일시정지할 수 없습니다: 이미 일시정지했습니다; 먼저 재개하세요\n",
                "\(again)")
            let missing = try kit.kitctl(["timer", "show", "국수"])
            #expect(
                missing.exitCode == 2 && missing.stderr.hasPrefix("kitctl: '국수'라는 타이머가 없습니다; 지금 있는 타이머: ")
                    && missing.stderr.contains("라면"),
                "\(missing)")

            let json = try kit.kitctl(["timer", "list", "--json"])
            #expect(json.stdout.contains("\"state\" : \"paused\""), "\(json)")
            kit.extraEnvironment["LANG"] = "C.UTF-8"
            let english = try kit.kitctl(["timer", "list"])
            #expect(english.stdout.hasPrefix("ID  NAME  STATE    LEFT"), "\(english)")
        }

        @Test("kitctl in a shell whose zone differs from kitd's says, in one line, in which zone the due time was read")
        func shellZone() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            kit.extraEnvironment["TZ"] = "Asia/Seoul"
            try kit.startKitd()
            let same = try kit.kitctl(["task", "add", "치과", "--due", "내일 오전 9시"])
            #expect(same.exitCode == 0 && !same.stderr.contains("note:"), "\(same)")
            kit.extraEnvironment["TZ"] = "UTC"
            let differs = try kit.kitctl(["task", "add", "치과", "--due", "내일 오전 9시"])
            #expect(differs.exitCode == 0, "\(differs)")
            let notes = differs.stderr.split(separator: "\n").filter { $0.hasPrefix("note:") }
            #expect(notes.count == 1 && notes[0].contains("kitd's zone (Asia/Seoul), where it is 09:00"), "\(differs)")
            let pinned = try kit.kitctl(["task", "add", "치과", "--due", "내일 오전 9시", "--tz", "Asia/Seoul"])
            #expect(pinned.exitCode == 0 && !pinned.stderr.contains("note:"), "\(pinned)")
        }

        @Test(
            "a task with a Korean due time and repeat rule exports and imports into a second kitd with the same occurrences"
        )
        func roundTrip() throws {
            let first = try KitdHarness()
            defer { first.tearDown() }
            first.extraEnvironment["TZ"] = "Asia/Seoul"
            try first.startKitd()
            for (title, due, rule) in [
                ("운동", "다음 주 월요일 아침 7시", "매주 월,수,금"), ("월세", "다음 달 말일", "매월 말일"),
                ("모임", "5월 둘째 토요일 오후 6시", "매월 둘째 토요일"), ("부모님", "어버이날", "매년 5월 8일"),
            ] {
                let added = try first.kitctl(["task", "add", title, "--due", due, "--repeat", rule])
                #expect(added.exitCode == 0, "\(added)")
            }
            let ics = try first.connect().call(Method.taskExport, EmptyParams()).ics
            let second = try KitdHarness()
            defer { second.tearDown() }
            second.extraEnvironment["TZ"] = "Asia/Seoul"
            try second.startKitd()
            let imported = try second.connect().call(Method.taskImport, TaskImportParams(ics: ics))
            #expect(imported.imported.count == 4 && imported.rejected.isEmpty, "\(imported)")
            let now = WallTime(seconds: Date().timeIntervalSince1970)
            let window = try TaskAgendaParams(
                from: WireInstant(now, field: "from"),
                to: WireInstant(now + 400 * 86_400 * Nanoseconds.second, field: "to"))
            func occurrences(_ kit: KitdHarness) throws -> [String] {
                try kit.connect().call(Method.taskAgenda, window).items?.map { "\($0.title) \($0.dueAt)" } ?? []
            }
            let before = try occurrences(first)
            #expect(before.count > 150, "a year of four series: \(before.count)")
            #expect(try occurrences(second) == before)
        }

        @Test(
            "a yearly 음력 birthday is due on KASI's day, exports with RSCALE=DANGI, and imports into a second kitd with the same ten years of occurrences"
        )
        func lunarRoundTrip() throws {
            let first = try KitdHarness()
            defer { first.tearDown() }
            first.extraEnvironment["TZ"] = "Asia/Seoul"
            try first.useLocale("ko_KR.UTF-8")
            try first.startKitd()
            let birthday = try first.kitctlJSON(
                ["task", "add", "엄마 생신", "--due", "음력 3월 14일 오전 10시", "--repeat", "매년 음력 3월 14일"],
                as: TaskInfo.self)
            #expect(
                birthday.repeatRule == "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14;SKIP=BACKWARD", "\(birthday)")
            let today = CivilDateTime(
                WallTime(seconds: Date().timeIntervalSince1970), in: FixedOffset(seconds: 9 * 3600))
            let thisYear = try #require(LunarCalendar.dangi.lunarDate(of: today.date)).year
            let next = try #require(
                [thisYear, thisYear + 1].compactMap { LunarCalendar.dangi.date(LunarDate(year: $0, month: 3, day: 14)) }
                    .first { $0 > today.date })
            #expect(birthday.dueLocal == next.iso8601 + "T10:00:00", "\(birthday)")
            let shown = try first.kitctl(["task", "show", String(birthday.id)])
            #expect(shown.stdout.contains("매년 음력 3월 14일"), "\(shown)")
            let added = try first.kitctl(["task", "add", "제사", "--due", "음력 윤6월 1일", "--repeat", "음력 생일"])
            #expect(added.exitCode == 0, "\(added)")

            let ics = try first.connect().call(Method.taskExport, EmptyParams()).ics
            // libical writes the parts in its own order.
            let rules = ics.split(separator: "\r\n").filter { $0.hasPrefix("RRULE:") }.map {
                Set($0.dropFirst(6).split(separator: ";"))
            }
            #expect(
                rules.contains(["RSCALE=DANGI", "FREQ=YEARLY", "BYMONTH=3", "BYMONTHDAY=14", "SKIP=BACKWARD"]), "\(ics)"
            )
            #expect(
                rules.contains(["RSCALE=DANGI", "FREQ=YEARLY", "BYMONTH=6L", "BYMONTHDAY=1", "SKIP=BACKWARD"]), "\(ics)"
            )
            let second = try KitdHarness()
            defer { second.tearDown() }
            second.extraEnvironment["TZ"] = "Asia/Seoul"
            try second.startKitd()
            let imported = try second.connect().call(Method.taskImport, TaskImportParams(ics: ics))
            #expect(imported.imported.count == 2 && imported.rejected.isEmpty, "\(imported)")
            func occurrences(_ kit: KitdHarness) throws -> [String] {
                var found: [String] = []
                let start = WallTime(seconds: Date().timeIntervalSince1970)
                for year in 0..<10 {
                    let from = start + Int64(year) * 366 * 86_400 * Nanoseconds.second
                    let window = try TaskAgendaParams(
                        from: WireInstant(from, field: "from"),
                        to: WireInstant(from + 366 * 86_400 * Nanoseconds.second, field: "to"))
                    found +=
                        try kit.connect().call(Method.taskAgenda, window).items?.map { "\($0.title) \($0.dueAt)" } ?? []
                }
                return found
            }
            let before = try occurrences(first)
            #expect(before.filter { $0.hasPrefix("엄마 생신") }.count >= 9, "\(before)")
            #expect(try occurrences(second) == before)
        }

        @Test(
            "under ko_KR, particles follow the word before them, system errors are Korean (no ??), every date option reads Korean days, and ramen cook --time takes words"
        )
        func koreanReplies() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            kit.extraEnvironment["TZ"] = "Asia/Seoul"
            try kit.useLocale("ko_KR.UTF-8")
            try kit.startKitd()
            let pasta = try kit.kitctl(["ramen", "cook", "pasta"])
            #expect(pasta.exitCode == 2 && pasta.stderr.contains("'pasta'라는 라면이 없습니다"), "\(pasta)")
            let exam = try kit.kitctl(["task", "show", "시험"])
            #expect(exam.exitCode == 2 && exam.stderr.contains("'시험'이라는 할 일이 없습니다"), "\(exam)")
            let missing = try kit.kitctl(["task", "import", "nonexist.ics"])
            #expect(missing.exitCode != 0 && missing.stderr.contains("nonexist.ics를 읽을 수 없습니다"), "\(missing)")
            #expect(!missing.stderr.contains("??"), "glibc's message in Korean, not ASCII: \(missing)")
            let past = try kit.kitctl(["task", "add", "x", "--due", "어제"])
            #expect(past.stderr.contains("'어제'는"), "\(past)")

            let today = CivilDateTime(
                WallTime(seconds: Date().timeIntervalSince1970), in: FixedOffset(seconds: 9 * 3600)
            )
            .date
            let written = try kit.kitctlJSON(
                ["diary", "write", "--date", "어제", "--message", "비 온 날"], as: DiaryEntryInfo.self)
            #expect(written.date == today.adding(days: -1).iso8601, "\(written)")
            let tomorrow = try kit.kitctl(["agenda", "--day", "내일"])
            let header = AgendaTomorrow.header(today.adding(days: 1))
            #expect(tomorrow.exitCode == 0 && tomorrow.stdout.hasPrefix(header), "\(tomorrow) \(header)")

            let cook = try kit.kitctlJSON(["ramen", "cook", "신라면", "--time", "3분", "30초"], as: RamenCookResult.self)
            #expect(cook.timer.durationNs == 210 * Nanoseconds.second, "\(cook)")

            // A field kitd names in a refusal is named in Korean too.
            let long = try kit.kitctl(["timer", "start", "1m", "--name", String(repeating: "가", count: 600)])
            #expect(long.exitCode == 2 && long.stderr.contains("타이머 이름이 600자입니다"), "\(long)")
            // The diary's look back and its Markdown say the year and the weekday in Korean.
            let thisYear = CivilDate(year: today.year, month: today.month, day: min(today.day, 28))
            let lastYear = CivilDate(year: today.year - 1, month: today.month, day: min(today.day, 28))
            _ = try kit.kitctl(["diary", "write", "--date", lastYear.iso8601, "--message", "작년 오늘"])
            let back = try kit.kitctl(["diary", "on-this-day", "--date", thisYear.iso8601])
            #expect(back.stdout.contains("1년 전"), "\(back)")
            let shared = try kit.kitctl(["diary", "share", lastYear.iso8601])
            #expect(shared.stdout.contains("*" + lastYear.weekday.koreanName + ", "), "\(shared)")
            let negative = try kit.kitctl(["timer", "add", "1", "--", "-1h"])
            #expect(negative.stderr.contains("음수입니다"), "\(negative)")
            let pick = try kit.kitctl(["place", "pick"])
            #expect(pick.exitCode == 2 && pick.stderr.contains("아직 장소가 없습니다"), "\(pick)")
            // A catalog ramen's steps and note are Korean; its name and sources stay as written.
            let buldak = try kit.kitctl(["ramen", "show", "불닭볶음면"])
            #expect(buldak.stdout.contains("시작: 끓는 물에 면을 넣습니다."), "\(buldak)")
            #expect(buldak.stdout.contains("아주 매운 닭고기 맛 볶음면"), "\(buldak)")
            let water = try kit.kitctl(["ramen", "cook", "신라면"])
            #expect(water.stdout.contains("물 550 ml를 끓입니다."), "\(water)")
            // place list and place tags say why nothing matches in Korean, as pick does.
            _ = try kit.kitctl(["place", "add", "김밥천국", "--tag", "종류=분식"])
            for command in ["list", "tags"] {
                let none = try kit.kitctl(["place", command, "--tag", "종류=한식"])
                #expect(none.exitCode == 2 && none.stderr.contains("장소 1곳 중 종류=한식인 곳이 없습니다"), "\(none)")
            }
        }

        @Test(
            "a refusal whose reason is a message of its own carries it as a part on the wire (English, with its template), and kitctl says the reason in Korean"
        )
        func nestedReason() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let connection = try kit.connect()
            do {
                _ = try connection.call(
                    Method.taskAdd, TaskAddParams(title: "물", due: "tomorrow 9:00", options: TaskOptions(nag: "15x")))
                Issue.record("a nag of 15x was accepted")
            } catch {
                guard case .refused(let rpc) = error else { throw error }
                #expect(
                    rpc.message == "nag: '15x' has an unknown unit 'x'; use d, h, m, s or ms (e.g. 4m30s)", "\(rpc)")
                #expect(rpc.data?.format == "%1$s: %2$s" && rpc.data?.arguments?.first == "nag", "\(rpc)")
                let reason = try #require(rpc.data?.parts?.last ?? nil, "\(rpc)")
                #expect(reason.format == "'%1$s' has an unknown unit '%2$s'; use d, h, m, s or ms (e.g. 4m30s)")
                #expect(reason.arguments == ["15x", "x"])
            }
            try kit.useLocale("ko_KR.UTF-8")
            let korean = try kit.kitctl(["task", "add", "물", "--due", "내일 오전 9시", "--nag", "15x"])
            #expect(
                korean.exitCode == 1 && korean.stderr.contains("'15x'에 모르는 단위 'x'이(가) 있습니다; 일, 시간, 분, 초"),
                "\(korean)")
        }

        @Test("under ko_KR, the import report says each skipped line and its reason in Korean; --json keeps English")
        func koreanImportReport() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.useLocale("ko_KR.UTF-8")
            try kit.startKitd()
            let file = kit.root.path + "/mixed.ics"
            try """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//test//EN\r
            BEGIN:VEVENT\r
            UID:meeting\r
            DTSTART:20301201T100000Z\r
            DTEND:20301201T090000Z\r
            SUMMARY:회의\r
            END:VEVENT\r
            BEGIN:VTODO\r
            UID:zone\r
            SUMMARY:화성\r
            DUE;TZID=Mars/Olympus:20301201T100000\r
            END:VTODO\r
            BEGIN:VJOURNAL\r
            UID:journal\r
            END:VJOURNAL\r
            END:VCALENDAR\r

            """.write(toFile: file, atomically: true, encoding: .utf8)
            let report = try kit.kitctl(["task", "import", file])
            #expect(report.exitCode == 0, "\(report)")
            for line in [
                "7번째 줄: DTEND (UID meeting) 건너뜀 (DTSTART보다 앞섭니다)",
                "15번째 줄: VJOURNAL (UID journal) 건너뜀 (kit은 VTODO와 VEVENT만 가져옵니다)",
                "10번째 줄: VTODO '화성' (UID zone) 가져오지 않음: 알 수 없는 시간대 'Mars/Olympus'",
            ] {
                #expect(report.stdout.contains(line), "\(line) in \(report)")
            }
            #expect(!report.stdout.contains("skipped"), "\(report)")
            let json = try kit.kitctlJSON(["task", "import", "--dry-run", file], as: TaskImportResult.self)
            #expect(json.skipped.contains("line 7: DTEND (UID meeting) skipped (it comes before DTSTART)"), "\(json)")
            #expect(json.notices?.count == json.skipped.count, "\(json)")
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

/// The header `kitctl agenda` draws for a day under ko_KR: `11월 27일 (금)`.
enum AgendaTomorrow {
    static func header(_ date: CivilDate) -> String {
        "\(date.month)월 \(date.day)일 (\(date.weekday.koreanShortName))"
    }
}
