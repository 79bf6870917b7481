import KitCore

/// The store as each feature sees it: one face per record kind, each with the queries of its
/// own tables and no GRDB type in its signatures. Every face writes into the same batch, which
/// only the daemon's commit coordinator commits.
extension KitDatabase {
    public var timers: TimerStore { TimerStore(database: self) }
    public var ramen: RamenStore { RamenStore(database: self) }
    public var stopwatches: StopwatchStore { StopwatchStore(database: self) }
    public var tasks: TaskStore { TaskStore(database: self) }
    public var places: PlaceStore { PlaceStore(database: self) }
    public var memos: NoteStore<Memo> { NoteStore(database: self) }
    public var diary: NoteStore<DiaryEntry> { NoteStore(database: self) }
    public var zoneDefinitions: ZoneDefinitionStore { ZoneDefinitionStore(database: self) }
    public var vdir: VdirStore { VdirStore(database: self) }
    public var syncRuns: SyncRunStore { SyncRunStore(database: self) }
    public var popups: PopupStore { PopupStore(database: self) }
    public var watchedAlarms: WatchedAlarmStore { WatchedAlarmStore(database: self) }
}
