import KitCore
import KitStore
import Testing

/// What each store writes, it reads back unchanged: one test per record kind, with every
/// optional field set, through the stores' public faces.
@Suite("Rows round-trip through their records")
struct RecordRoundTripTests {
    static let s = Nanoseconds.second
    static let perSecond = Nanoseconds.nanosecondsPerSecond
    let now = ClockReading(
        boot: BootTime(nanoseconds: 100 * Self.perSecond), wall: WallTime(nanoseconds: 1_800_000_000 * Self.perSecond))
    var wall: WallTime { now.wall }

    @Test("a task with every field set, and its done and undo")
    func tasks() throws {
        let database = try KitDatabase.inMemory()
        let anchor = CivilDateTime(date: CivilDate(year: 2030, month: 1, day: 7), hour: 10)
        let plain = try database.tasks.insertTask { id throws(KitError) in
            TaskItem(id: id, uid: "plain@kit", title: "plain", anchor: anchor, createdAt: wall)
        }
        let full = try database.tasks.insertTask { id throws(KitError) in
            TaskItem(
                id: id, uid: "full@kit", title: "full", note: "a note", zone: "Europe/Berlin", allDay: true,
                anchor: anchor, recurrence: try Recurrence.parse("FREQ=WEEKLY;BYDAY=MO,WE"),
                alerts: [3_600 * Self.s, 600 * Self.s], nag: 300 * Self.s,
                snoozedUntil: WallTime(nanoseconds: wall.nanoseconds + 60 * Self.perSecond), dueFired: true,
                alertsFired: 3,
                lastNagAt: wall, createdAt: wall, sequence: 3, modifiedAt: wall, length: 5400 * Nanoseconds.second,
                location: "3층 대회의실")
        }
        try database.commit()
        #expect(try database.tasks.tasksByID() == [plain.id: plain, full.id: full])

        var done = full
        done.status = .done(at: wall)
        done.occurrence = CivilDateTime(date: CivilDate(year: 2030, month: 1, day: 9), hour: 10)
        done.dueFired = false
        try database.tasks.recordTaskDone(done, before: full, occurrence: full.occurrence, at: wall)
        #expect(try database.tasks.tasksByID()[full.id] == done)
        let undoneAt = WallTime(nanoseconds: wall.nanoseconds + 120 * Self.perSecond)
        var undone = full
        undone.modifiedAt = undoneAt
        #expect(try database.tasks.undoTaskDone(done, modifiedAt: undoneAt) == undone)
        #expect(try database.tasks.tasksByID()[full.id] == undone)
        #expect(try database.tasks.undoTaskDone(full, modifiedAt: undoneAt) == nil)
    }

    @Test("imported tasks, written column by column, read back as they were, with their versions")
    func importedTasks() throws {
        let database = try KitDatabase.inMemory()
        let anchor = CivilDateTime(date: CivilDate(year: 2030, month: 1, day: 7), hour: 10)
        let plain = TaskItem(id: 0, uid: "plain@x", title: "plain", anchor: anchor, createdAt: wall)
        let full = TaskItem(
            id: 0, uid: "full@x", title: "full 짜파게티", note: "a note", zone: "Europe/Berlin", allDay: true,
            anchor: anchor, recurrence: try Recurrence.parse("FREQ=WEEKLY;BYDAY=MO,WE"),
            dates: SeriesDates(
                added: [anchor.adding(days: 1)], removed: [anchor.adding(days: 7)],
                overrides: [
                    SeriesDates.Override(
                        original: anchor.adding(days: 14), start: anchor.adding(days: 15), title: "moved")
                ]),
            alerts: [3_600 * Self.s], nag: 300 * Self.s, status: .done(at: wall),
            snoozedUntil: WallTime(nanoseconds: wall.nanoseconds + 60 * Self.perSecond), dueFired: true, alertsFired: 1,
            lastNagAt: wall, createdAt: wall)
        let modified = WallTime(nanoseconds: wall.nanoseconds - 86_400 * Self.perSecond)
        let (inserted, _) = try database.tasks.importTasks(
            [
                TaskStore.NewTask(plain, version: TaskStore.ItemVersion()),
                TaskStore.NewTask(full, version: TaskStore.ItemVersion(sequence: 3, modified: modified)),
            ], updating: [])
        try database.commit()
        #expect(inserted.map(\.id) == [1, 2])
        var versioned = full.withID(2)
        versioned.sequence = 3
        versioned.modifiedAt = modified
        #expect(inserted == [plain.withID(1), versioned])
        #expect(try database.tasks.tasksByID() == [1: plain.withID(1), 2: versioned])
        #expect(
            try database.tasks.versions(uids: ["plain@x", "full@x"]) == [
                "plain@x": TaskStore.ItemVersion(), "full@x": TaskStore.ItemVersion(sequence: 3, modified: modified),
            ])
        #expect(throws: (any Error).self, "a UID kit has is refused, and nothing of the step is kept") {
            try database.tasks.importTasks(
                [
                    TaskStore.NewTask(
                        TaskItem(id: 0, uid: "other@x", title: "other", anchor: anchor, createdAt: wall),
                        version: TaskStore.ItemVersion()),
                    TaskStore.NewTask(
                        TaskItem(id: 0, uid: "plain@x", title: "again", anchor: anchor, createdAt: wall),
                        version: TaskStore.ItemVersion()),
                ], updating: [])
        }
        #expect(try database.tasks.tasksByID().count == 2)
    }

    @Test("stopwatches, running and stopped, with their laps")
    func stopwatches() throws {
        let database = try KitDatabase.inMemory()
        let since = Deadline(
            boot: BootTime(nanoseconds: 90 * Self.perSecond),
            wall: WallTime(nanoseconds: wall.nanoseconds - 10 * Self.perSecond))
        let running = try database.stopwatches.insertStopwatch(bootID: "boot-a") { id throws(KitError) in
            Stopwatch(
                id: id, name: "Run", createdAt: wall, state: .running(since: since), accumulated: 5 * Self.s,
                everStarted: true, remindAfter: 1_800 * Self.s, remindersSent: 2)
        }
        var stopped = try database.stopwatches.insertStopwatch(bootID: "boot-a") { id throws(KitError) in
            Stopwatch(id: id, name: "idle", createdAt: wall)
        }
        let laps = [
            Lap(number: 1, total: 2 * Self.s, split: 2 * Self.s, at: wall, note: "first"),
            Lap(number: 2, total: 5 * Self.s, split: 3 * Self.s, at: wall, note: nil),
        ]
        for lap in laps { try database.stopwatches.insertLap(lap, stopwatchID: stopped.id) }
        stopped.lapCount = 2
        try database.commit()
        #expect(try database.stopwatches.stopwatches(now: now, bootID: "boot-a") == [running, stopped])
        #expect(try database.stopwatches.laps(stopwatchID: stopped.id) == laps)

        var renamed = running
        renamed.name = "Running"
        renamed.state = .stopped
        try database.stopwatches.updateStopwatch(renamed, bootID: "boot-a")
        #expect(try database.stopwatches.stopwatches(now: now, bootID: "boot-a").first == renamed)
        #expect(try database.stopwatches.stopwatchNameTaken("RUNNING"))
    }

    @Test("ramen of the user's own with settings, catalog ramen without, and a cook")
    func ramen() throws {
        let database = try KitDatabase.inMemory()
        let steps = [RamenStep(.start, "boil"), RamenStep(.left(60 * Nanoseconds.second), "egg")]
        let own = RamenProduct(
            id: "own-1", name: "라면", englishName: "Ramyun", kind: .pot,
            cookTime: 240 * Nanoseconds.second, waterMl: 550, steps: steps)
        let catalog = RamenProduct(
            id: "shin", name: "신라면", kind: .pot, cookTime: 270 * Nanoseconds.second, waterMl: 550)
        let merge = RamenCatalogMerge.plan(stored: [], incoming: RamenCatalog(version: 3, products: [catalog]))
        try database.ramen.applyRamenCatalog(merge, version: 3)
        try database.ramen.insertOwnRamen(own)
        let settings = RamenSettings(
            favouritePosition: 1, customTime: 200 * Nanoseconds.second, memo: "less water",
            ownSteps: steps, hidden: true, cookCount: 4,
            lastCookedAt: wall)
        try database.ramen.saveRamenSettings(id: own.id, settings)
        var changed = settings
        changed.cookCount = 5
        try database.ramen.saveRamenSettings([(id: own.id, settings: changed)])
        try database.commit()
        let entries = try database.ramen.ramenEntries().sorted { $0.id < $1.id }
        #expect(
            entries == [
                RamenEntry(product: own, origin: .own, settings: changed),
                RamenEntry(product: catalog, origin: .catalog),
            ])
        #expect(try database.ramen.ramenCatalogVersion() == 3)
        #expect(try database.ramen.nextOwnRamenNumber() == 2)

        let timer = try database.timers.insertTimer(bootID: "boot-a") { id throws(KitError) in
            try Countdown.started(id: id, name: nil, duration: 240 * Self.s, now: now)
        }
        let cook = RamenCook(timerID: timer.id, ramenID: own.id, steps: steps, nextStep: 1, memo: "spicy")
        try database.ramen.insertRamenCook(cook)
        #expect(try database.ramen.activeRamenCooks() == [cook])
    }

    @Test("places with tags, an edit, the history and the rotation")
    func places() throws {
        let database = try KitDatabase.inMemory()
        let drafts = [
            PlaceDraft(
                name: "칼국수", tags: [try PlaceTag(category: "area", value: "수원역"), try PlaceTag.parse("kind=한식")],
                url: "https://example.com", phone: "031", address: "수원", note: "good", weight: 3, image: "abc"),
            PlaceDraft(name: "Plain"),
        ]
        var stored = try database.places.insertPlaces(drafts, now: wall)
        #expect(stored.map(\.draft) == drafts)
        #expect(try database.places.places() == stored)

        stored[0].tags = [try PlaceTag.parse("kind=분식")]
        stored[0].url = nil
        stored[0].weight = 1
        try database.places.updatePlace(stored[0], now: wall)
        #expect(try database.places.places() == stored)
        #expect(try database.places.placeImagesInUse() == ["abc"])

        let visit = try database.places.recordPlaceHistory(
            placeID: stored[1].id, placeName: "Plain", kind: .visited, at: wall)
        let rotation = RotationState(filterKey: "kind=분식", round: 2, pickedIDs: [stored[0].id])
        try database.places.recordPick(
            [(id: stored[0].id, name: "칼국수")], filter: "kind=분식", at: wall, rotation: rotation)
        #expect(try database.places.rotation(filterKey: "kind=분식") == rotation)
        #expect(try database.places.rotation(filterKey: "other") == nil)
        #expect(
            Set(try database.places.placeHistoryEntries(since: wall)) == [
                PlaceHistoryEntry(placeID: stored[1].id, at: wall, kind: .visited),
                PlaceHistoryEntry(placeID: stored[0].id, at: wall, kind: .picked),
            ])
        try database.places.deletePlace(id: stored[1].id)
        #expect(
            try database.places.placeHistory(limit: 10) == [
                PlaceHistoryRecord(
                    id: visit + 1, placeID: stored[0].id, placeName: "칼국수", kind: .picked, at: wall,
                    filter: "kind=분식"),
                PlaceHistoryRecord(id: visit, placeID: nil, placeName: "Plain", kind: .visited, at: wall, filter: ""),
            ])
    }

    @Test("memos, read whole and listed without their text")
    func memos() throws {
        let database = try KitDatabase.inMemory()
        let memo = try database.memos.insert(Memo(id: 0, text: "Shopping\nmilk", createdAt: wall, updatedAt: wall))
        #expect(memo.id == 1 && memo.uid.hasSuffix("@kit"))
        #expect(try database.memos.note(id: memo.id) == memo)
        #expect(try database.memos.note(uid: memo.uid) == memo)
        #expect(try database.memos.notes(titled: "shopping") == [memo])
        var pinned = memo
        pinned.pinned = true
        try database.memos.update(pinned)
        var listed = pinned
        listed.text = nil
        #expect(try database.memos.list() == [listed])
        #expect(try database.memos.titles(limit: 10) == ["Shopping"])
        try database.memos.delete(id: memo.id)
        #expect(try database.memos.all().isEmpty)
        #expect(try database.memos.insert(Memo(id: 0, text: "Next", createdAt: wall, updatedAt: wall)).id == 2)
    }

    @Test("diary entries, read whole and listed without their text")
    func diary() throws {
        let database = try KitDatabase.inMemory()
        let day = CivilDate(year: 2026, month: 11, day: 22)
        let entry = try database.diary.insert(
            DiaryEntry(
                id: 0, text: "Walk\nin the park", day: day, time: TimeOfDay(hour: 21, minute: 30), weather: "rain",
                mood: "glad", place: "home", fields: [DiaryField(key: "steps", value: "9000")], createdAt: wall,
                updatedAt: wall))
        #expect(try database.diary.note(id: entry.id) == entry)
        #expect(try database.diary.latest(on: day) == entry)

        var edited = entry
        edited.text = "Run\nin the rain"
        edited.title = "Run"
        edited.time = nil
        edited.fields = []
        edited.updatedAt = WallTime(nanoseconds: wall.nanoseconds + Self.perSecond)
        try database.diary.update(edited)
        #expect(try database.diary.note(id: entry.id) == edited)
        var listed = edited
        listed.text = nil
        #expect(try database.diary.list(from: day, to: nil, limit: nil) == [listed])
    }
}
