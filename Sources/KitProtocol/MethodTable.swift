/// Every method kit answers, each declared once, by feature. A new method is one line here and
/// one handler in its feature's `mount(on:)`; docs/protocol.md documents each one, and
/// `MethodTableTests` fails when the two disagree on a method, a param or an event.
public enum Method {
    // MARK: daemon

    public static let daemonStatus = RPCMethod<EmptyParams, DaemonStatusResult>("daemon.status")
    public static let eventsSubscribe = RPCMethod<SubscribeParams, SubscribeResult>("events.subscribe")
    public static let daemonReload = RPCMethod<EmptyParams, DaemonReloadResult>("daemon.reload")
    public static let daemonToday = RPCMethod<EmptyParams, TodayResult>("daemon.today")
    public static let holidayList = RPCMethod<HolidayListParams, HolidayListResult>("holiday.list")
    public static let calendarList = RPCMethod<EmptyParams, CalendarListResult>("calendar.list")

    // MARK: timer

    public static let timerStart = RPCMethod<TimerStartParams, TimerInfo>(
        "timer.start", mutates: true, events: [Event.timerStarted])
    public static let timerList = RPCMethod<TimerListParams, TimerListResult>("timer.list")
    public static let timerGet = RPCMethod<RefParams, TimerInfo>("timer.get")
    public static let timerPause = RPCMethod<RefParams, TimerInfo>(
        "timer.pause", mutates: true, events: [Event.timerPaused])
    public static let timerResume = RPCMethod<RefParams, TimerInfo>(
        "timer.resume", mutates: true, events: [Event.timerResumed])
    public static let timerAdd = RPCMethod<TimerAddParams, TimerInfo>(
        "timer.add", mutates: true, events: [Event.timerAdjusted])
    public static let timerCancel = RPCMethod<RefParams, TimerInfo>(
        "timer.cancel", mutates: true, events: [Event.timerCancelled])

    // MARK: ramen

    public static let ramenList = RPCMethod<RamenListParams, RamenListResult>("ramen.list")
    public static let ramenGet = RPCMethod<RamenRefParams, RamenInfo>("ramen.get")
    public static let ramenFavouriteAdd = RPCMethod<RamenRefParams, RamenInfo>(
        "ramen.favourite.add", mutates: true, events: [Event.ramenChanged])
    public static let ramenFavouriteRemove = RPCMethod<RamenRefParams, RamenInfo>(
        "ramen.favourite.remove", mutates: true, events: [Event.ramenChanged])
    public static let ramenFavouriteMove = RPCMethod<RamenMoveParams, RamenFavouritesResult>(
        "ramen.favourite.move", mutates: true, events: [Event.ramenChanged])
    public static let ramenSet = RPCMethod<RamenSetParams, RamenInfo>(
        "ramen.set", mutates: true, events: [Event.ramenChanged])
    public static let ramenAdd = RPCMethod<RamenAddParams, RamenInfo>(
        "ramen.add", mutates: true, events: [Event.ramenChanged])
    public static let ramenRemove = RPCMethod<RamenRefParams, RamenRemoveResult>(
        "ramen.remove", mutates: true, events: [Event.ramenChanged])
    public static let ramenHide = RPCMethod<RamenRefParams, RamenInfo>(
        "ramen.hide", mutates: true, events: [Event.ramenChanged])
    public static let ramenUnhide = RPCMethod<RamenRefParams, RamenInfo>(
        "ramen.unhide", mutates: true, events: [Event.ramenChanged])
    /// Its timer's `timer.*` events and the `ramen.step` and `ramen.cooked` of the cook come later.
    public static let ramenCook = RPCMethod<RamenCookParams, RamenCookResult>(
        "ramen.cook", mutates: true,
        events: [Event.timerStarted, Event.ramenChanged, Event.ramenCooking, Event.ramenStep, Event.ramenCooked])

    // MARK: stopwatch

    public static let stopwatchCreate = RPCMethod<StopwatchCreateParams, StopwatchInfo>(
        "stopwatch.create", mutates: true, events: [Event.stopwatchChanged, Event.stopwatchStarted])
    public static let stopwatchList = RPCMethod<EmptyParams, StopwatchListResult>("stopwatch.list")
    public static let stopwatchGet = RPCMethod<RefParams, StopwatchInfo>("stopwatch.get")
    public static let stopwatchStart = RPCMethod<RefParams, StopwatchInfo>(
        "stopwatch.start", mutates: true, events: [Event.stopwatchStarted])
    public static let stopwatchStop = RPCMethod<RefParams, StopwatchInfo>(
        "stopwatch.stop", mutates: true, events: [Event.stopwatchStopped])
    public static let stopwatchReset = RPCMethod<RefParams, StopwatchInfo>(
        "stopwatch.reset", mutates: true, events: [Event.stopwatchChanged])
    public static let stopwatchDelete = RPCMethod<RefParams, DeleteResult>(
        "stopwatch.delete", mutates: true, events: [Event.stopwatchChanged])
    public static let stopwatchRename = RPCMethod<StopwatchRenameParams, StopwatchInfo>(
        "stopwatch.rename", mutates: true, events: [Event.stopwatchChanged])
    public static let stopwatchLap = RPCMethod<StopwatchLapParams, StopwatchLapResult>(
        "stopwatch.lap", mutates: true, events: [Event.stopwatchLap])
    public static let stopwatchLaps = RPCMethod<RefParams, StopwatchLapsResult>("stopwatch.laps")

    // MARK: task

    public static let taskAdd = RPCMethod<TaskAddParams, TaskInfo>(
        "task.add", mutates: true, events: [Event.taskAdded])
    public static let taskList = RPCMethod<TaskListParams, TaskListResult>("task.list")
    public static let taskGet = RPCMethod<RefParams, TaskInfo>("task.get")
    public static let taskDone = RPCMethod<RefParams, TaskInfo>(
        "task.done", mutates: true, events: [Event.taskDone])
    public static let taskUndo = RPCMethod<RefParams, TaskInfo>(
        "task.undo", mutates: true, events: [Event.taskChanged])
    public static let taskSnooze = RPCMethod<TaskSnoozeParams, TaskInfo>(
        "task.snooze", mutates: true, events: [Event.taskChanged])
    public static let taskEdit = RPCMethod<TaskEditParams, TaskInfo>(
        "task.edit", mutates: true, events: [Event.taskChanged])
    public static let taskDelete = RPCMethod<RefParams, DeleteResult>(
        "task.delete", mutates: true, events: [Event.taskDeleted])
    public static let taskAgenda = RPCMethod<TaskAgendaParams, TaskAgendaResult>("task.agenda")
    public static let taskExport = RPCMethod<EmptyParams, TaskExportResult>("task.export")
    public static let taskImport = RPCMethod<TaskImportParams, TaskImportResult>(
        "task.import", mutates: true, events: [Event.taskAdded, Event.taskChanged])

    // MARK: place

    public static let placeAdd = RPCMethod<PlaceAddParams, PlaceInfo>(
        "place.add", mutates: true, events: [Event.placeChanged])
    public static let placeEdit = RPCMethod<PlaceEditParams, PlaceInfo>(
        "place.edit", mutates: true, events: [Event.placeChanged])
    public static let placeRemove = RPCMethod<RefParams, PlaceRemoveResult>(
        "place.remove", mutates: true, events: [Event.placeChanged])
    public static let placeGet = RPCMethod<RefParams, PlaceInfo>("place.get")
    public static let placeList = RPCMethod<PlaceFilterParams, PlaceListResult>("place.list")
    public static let placeTags = RPCMethod<PlaceFilterParams, PlaceTagsResult>("place.tags")
    public static let placePick = RPCMethod<PlacePickParams, PlacePickResult>(
        "place.pick", mutates: true, events: [Event.placePicked])
    public static let placeVisited = RPCMethod<RefParams, PlaceHistoryInfo>(
        "place.visited", mutates: true, events: [Event.placeChanged])
    public static let placeHistory = RPCMethod<PlaceHistoryParams, PlaceHistoryResult>("place.history")
    public static let placeExport = RPCMethod<EmptyParams, PlaceListResult>("place.export")
    public static let placeImport = RPCMethod<PlaceImportParams, PlaceImportResult>(
        "place.import", mutates: true, events: [Event.placeChanged])

    // MARK: memo

    public static let memoAdd = RPCMethod<MemoAddParams, MemoInfo>(
        "memo.add", mutates: true, events: [Event.memoChanged])
    public static let memoList = RPCMethod<EmptyParams, MemoListResult>("memo.list")
    public static let memoGet = RPCMethod<RefParams, MemoInfo>("memo.get")
    public static let memoEdit = RPCMethod<MemoEditParams, MemoInfo>(
        "memo.edit", mutates: true, events: [Event.memoChanged])
    public static let memoSearch = RPCMethod<SearchParams, MemoSearchResult>("memo.search")
    public static let memoPin = RPCMethod<RefParams, MemoInfo>(
        "memo.pin", mutates: true, events: [Event.memoChanged])
    public static let memoUnpin = RPCMethod<RefParams, MemoInfo>(
        "memo.unpin", mutates: true, events: [Event.memoChanged])
    public static let memoDelete = RPCMethod<RefParams, DeleteResult>(
        "memo.delete", mutates: true, events: [Event.memoChanged])

    // MARK: diary

    public static let diaryWrite = RPCMethod<DiaryWriteParams, DiaryEntryInfo>(
        "diary.write", mutates: true, events: [Event.diaryChanged])
    public static let diaryList = RPCMethod<DiaryListParams, DiaryListResult>("diary.list")
    public static let diaryGet = RPCMethod<RefParams, DiaryEntryInfo>("diary.get")
    public static let diaryEdit = RPCMethod<DiaryEditParams, DiaryEntryInfo>(
        "diary.edit", mutates: true, events: [Event.diaryChanged])
    public static let diaryDelete = RPCMethod<RefParams, DeleteResult>(
        "diary.delete", mutates: true, events: [Event.diaryChanged])
    public static let diarySearch = RPCMethod<SearchParams, DiarySearchResult>("diary.search")
    public static let diaryOnThisDay = RPCMethod<DiaryOnThisDayParams, DiaryOnThisDayResult>("diary.onThisDay")
    public static let diaryExport = RPCMethod<EmptyParams, DiaryExportResult>("diary.export")

    // MARK: sync

    public static let syncStatus = RPCMethod<EmptyParams, SyncStatusResult>("sync.status")
    public static let syncRun = RPCMethod<EmptyParams, SyncRunStatus>("sync.run")

    /// The table: every method above, in the order of docs/protocol.md.
    public static let all: [AnyRPCMethod] = [
        daemonStatus.erased, timerStart.erased, timerList.erased, timerGet.erased, timerPause.erased,
        timerResume.erased, timerAdd.erased, timerCancel.erased, eventsSubscribe.erased, daemonReload.erased,
        daemonToday.erased,
        ramenList.erased, ramenGet.erased, ramenFavouriteAdd.erased, ramenFavouriteRemove.erased,
        ramenFavouriteMove.erased, ramenSet.erased, ramenAdd.erased, ramenRemove.erased, ramenHide.erased,
        ramenUnhide.erased, ramenCook.erased,
        stopwatchCreate.erased, stopwatchList.erased, stopwatchGet.erased, stopwatchStart.erased,
        stopwatchStop.erased, stopwatchLap.erased, stopwatchLaps.erased, stopwatchReset.erased,
        stopwatchRename.erased, stopwatchDelete.erased,
        taskAdd.erased, taskList.erased, taskGet.erased, taskDone.erased, taskUndo.erased, taskSnooze.erased,
        taskEdit.erased, taskDelete.erased, taskAgenda.erased, taskExport.erased, taskImport.erased, holidayList.erased,
        placeAdd.erased, placeEdit.erased, placeRemove.erased, placeGet.erased, placeList.erased,
        placeTags.erased, placePick.erased, placeVisited.erased, placeHistory.erased, placeExport.erased,
        placeImport.erased,
        memoAdd.erased, memoList.erased, memoGet.erased, memoEdit.erased, memoSearch.erased, memoPin.erased,
        memoUnpin.erased, memoDelete.erased,
        diaryWrite.erased, diaryList.erased, diaryGet.erased, diaryEdit.erased, diaryDelete.erased,
        diarySearch.erased, diaryOnThisDay.erased, diaryExport.erased,
        syncStatus.erased, syncRun.erased, calendarList.erased,
    ]
}
