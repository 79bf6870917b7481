import GRDB
import KitCore

/// The schema's history. Shipped migrations are frozen: never edit one, add a new one.
extension KitDatabase {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()

        registerFirstSchema(in: &migrator)

        migrator.registerMigration("v7 task series dates") { db in
            try db.execute(
                sql: """
                    ALTER TABLE task ADD COLUMN rdates TEXT;
                    ALTER TABLE task ADD COLUMN exdates TEXT;
                    """)
        }

        // Occurrences changed one at a time (an iCalendar RECURRENCE-ID): a JSON array of
        // {original, start, title, note}, civil date-times as ISO 8601 text. Old tasks have none.
        migrator.registerMigration("v8 task overrides") { db in
            try db.execute(sql: "ALTER TABLE task ADD COLUMN overrides TEXT")
        }

        // Which version of an imported item a task is: its SEQUENCE and LAST-MODIFIED (else
        // DTSTAMP), so that importing a newer version updates it and an older one is skipped.
        migrator.registerMigration("v9 task versions") { db in
            try db.execute(
                sql: """
                    ALTER TABLE task ADD COLUMN ical_sequence INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE task ADD COLUMN ical_modified_ns INTEGER;
                    """)
        }

        // A series' rules after its first (a second RRULE), as normal-form RRULE text, one a line.
        migrator.registerMigration("v10 task more rules") { db in
            try db.execute(sql: "ALTER TABLE task ADD COLUMN more_rules TEXT")
        }

        // Zones calendar files defined that no tz database zone matches, as VTIMEZONE text.
        migrator.registerMigration("v11 zone definitions") { db in
            try db.execute(
                sql: """
                    CREATE TABLE zone_definition (
                        name TEXT PRIMARY KEY NOT NULL,
                        vtimezone TEXT NOT NULL
                    )
                    """)
        }

        // Memos and diary entries get iCalendar UIDs, so a vdir can keep each as one file.
        migrator.registerMigration("v12 note uids") { db in
            for table in ["memo", "diary_entry"] {
                try db.execute(sql: "ALTER TABLE \(table) ADD COLUMN uid TEXT")
                try db.execute(sql: "UPDATE \(table) SET uid = \(UIDs.sqlExpression)")
                try db.execute(sql: "CREATE UNIQUE INDEX \(table)_uid ON \(table)(uid)")
            }
        }

        // A vdir's files as kitd last wrote or read them, so that a change from outside is told
        // from kitd's own write, even across a restart; and the versions that lost a conflict.
        migrator.registerMigration("v13 vdir files") { db in
            try db.execute(
                sql: """
                    CREATE TABLE vdir_file (
                        collection TEXT NOT NULL,
                        name TEXT NOT NULL,
                        uid TEXT NOT NULL,
                        hash TEXT NOT NULL,
                        PRIMARY KEY (collection, name)
                    ) WITHOUT ROWID;
                    CREATE TABLE sync_conflict (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        collection TEXT NOT NULL,
                        uid TEXT NOT NULL,
                        title TEXT NOT NULL,
                        winner TEXT NOT NULL,
                        kept TEXT NOT NULL,
                        at_ns INTEGER NOT NULL
                    );
                    """)
        }

        // The last run of the sync command, and when the last run that succeeded started; and
        // when kitd wrote each vdir file: a change from outside to a file kitd wrote after the
        // last good run started meets a change of kit's the server may not have yet.
        migrator.registerMigration("v14 sync runs") { db in
            try db.execute(
                sql: """
                    ALTER TABLE vdir_file ADD COLUMN written_ns INTEGER;
                    CREATE TABLE sync_run (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        started_ns INTEGER NOT NULL,
                        duration_ns INTEGER NOT NULL,
                        outcome TEXT NOT NULL,
                        exit_status INTEGER,
                        output TEXT NOT NULL,
                        reason TEXT NOT NULL,
                        succeeded_started_ns INTEGER
                    );
                    """)
        }

        // Each popup kitd means to show, from the turn that decided on it until the server took
        // it: `pending` (queued), `sending` (handed to the server, no answer yet), then `shown` or
        // `failed`. What is pending or sending when kitd starts was lost with the last kitd.
        migrator.registerMigration("v15 popup deliveries") { db in
            try db.execute(
                sql: """
                    CREATE TABLE popup_delivery (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        subject TEXT NOT NULL,
                        summary TEXT NOT NULL,
                        body TEXT NOT NULL,
                        icon TEXT NOT NULL,
                        urgency INTEGER NOT NULL,
                        sound_name TEXT,
                        category TEXT,
                        timeout_ms INTEGER NOT NULL,
                        requested_ns INTEGER NOT NULL,
                        state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'shown', 'failed'))
                    );
                    CREATE INDEX popup_delivery_undelivered ON popup_delivery (state) WHERE state IN ('pending', 'sending');
                    """)
        }

        // A timer's own sound (`kitctl timer start --sound`, `--silent`): a theme name, a file
        // path or `off`; NULL for what config.toml sets. And the volume a popup's sound plays at,
        // kept with the popup so a replay after a crash sounds as the original would have.
        migrator.registerMigration("v16 sounds") { db in
            try db.execute(
                sql: """
                    ALTER TABLE timer ADD COLUMN sound TEXT;
                    ALTER TABLE popup_delivery ADD COLUMN sound_volume INTEGER;
                    """)
        }

        // Tasks found by title through an index, as timers are by name: `kitctl task done "buy
        // milk"` walked every task in memory (NameRules.matchKey of each title), O(n) a request.
        // The key is NameRules' (Swift folds case in every script; SQLite's NOCASE only in ASCII),
        // so the rows there are keyed here. Open titles also get an index of their own, so the
        // first few in order (an unknown title's suggestions) are read without a sort.
        migrator.registerMigration("v17 task title keys") { db in
            try db.execute(sql: "ALTER TABLE task ADD COLUMN title_key TEXT")
            let rows = try Row.fetchAll(db, sql: "SELECT id, title FROM task")
            let update = try db.makeStatement(sql: "UPDATE task SET title_key = ? WHERE id = ?")
            for row in rows {
                let title: String = row[1]
                try update.execute(arguments: [NameRules.matchKey(title), row[0] as Int64])
            }
            try db.execute(
                sql: """
                    CREATE INDEX task_title ON task(title_key);
                    CREATE INDEX task_open_title ON task(title) WHERE state = 'open';
                    """)
        }

        // Active timers found by name without the ended ones: since kitd reads countdowns from
        // their rows, a name lookup went through `timer_name`, which also holds every ended timer
        // of that name (a "tea" started each day for years), and an unknown name's suggestions
        // sorted every active timer's name. Partial indexes on the active rows bound both.
        migrator.registerMigration("v18 active timer names") { db in
            try db.execute(
                sql: """
                    CREATE INDEX timer_active_name_key ON timer(name_key) WHERE state IN ('running', 'paused');
                    CREATE INDEX timer_active_name ON timer(name) WHERE state IN ('running', 'paused');
                    """)
        }

        // Each task's due instant and next popup beside its row, worked out by kitd in the task's
        // zone (TaskInstants), so that kitd keeps only the tasks due next in memory and reads the
        // rest through these indexes: the popups to arm (`task_fire`), the open tasks by due (the
        // overdue ones, the next one due, a list or agenda in due order), every task by due, and
        // the snoozed ones. Rows from before are NULL here; kitd fills them at its next start.
        migrator.registerMigration("v19 task instants") { db in
            try db.execute(
                sql: """
                    ALTER TABLE task ADD COLUMN due_ns INTEGER;
                    ALTER TABLE task ADD COLUMN fire_ns INTEGER;
                    CREATE INDEX task_due ON task(due_ns);
                    CREATE INDEX task_open_due ON task(due_ns) WHERE state = 'open';
                    CREATE INDEX task_fire ON task(fire_ns) WHERE fire_ns IS NOT NULL;
                    CREATE INDEX task_snoozed ON task(snoozed_until_ns) WHERE snoozed_until_ns IS NOT NULL;
                    """)
        }

        // `timer.list` in pages (issue 14: a million timers made one reply of 266 MB and held the
        // loop for 2.2 s): each page starts where the last one ended, in the list's order, so the
        // running timers are walked by due time and the ended ones by when they ended, through
        // indexes. (A key's ties are in rowid order inside each index, which is the list's order of
        // ties; paused timers are walked through `timer_active`, whose key is their state.)
        migrator.registerMigration("v20 timer list order") { db in
            try db.execute(
                sql: """
                    CREATE INDEX timer_running_due ON timer(due_boot_ns) WHERE state = 'running';
                    CREATE INDEX timer_ended ON timer(ended_at_ns) WHERE state IN ('fired', 'cancelled');
                    """)
        }

        // The latest ended timer of each name, kept by triggers, in place of `timer_name`: that
        // index held every timer ever started by name, so a start and a cancel each rewrote a
        // page of it for each name in a commit (8.3 of the 14.9 pages a commit wrote with 8
        // clients starting and cancelling named timers, issue 14), only for `timer.get <name>`
        // to find the last ended one when none of that name is active. This table has a row a
        // name, written when a timer of that name ends. Timers are never deleted or renamed, so
        // the row stays right; ties go as the lookup went: the later end, then the higher id.
        migrator.registerMigration("v21 latest ended timer by name") { db in
            // What both triggers do with the row NEW that ended.
            let keepLatest = """
                INSERT INTO timer_last_ended (name_key, timer_id, ended_at_ns)
                VALUES (NEW.name_key, NEW.id, IFNULL(NEW.ended_at_ns, -9223372036854775808))
                ON CONFLICT (name_key) DO UPDATE SET timer_id = excluded.timer_id, ended_at_ns = excluded.ended_at_ns
                WHERE excluded.ended_at_ns > timer_last_ended.ended_at_ns
                    OR (excluded.ended_at_ns = timer_last_ended.ended_at_ns AND excluded.timer_id > timer_last_ended.timer_id);
                """
            try db.execute(
                sql: """
                    CREATE TABLE timer_last_ended (
                        name_key TEXT PRIMARY KEY NOT NULL,
                        timer_id INTEGER NOT NULL,
                        ended_at_ns INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    INSERT INTO timer_last_ended (name_key, timer_id, ended_at_ns)
                        SELECT name_key, id, ended FROM (
                            SELECT name_key, id, IFNULL(ended_at_ns, -9223372036854775808) AS ended,
                                ROW_NUMBER() OVER (
                                    PARTITION BY name_key ORDER BY IFNULL(ended_at_ns, -9223372036854775808) DESC, id DESC
                                ) AS rank
                            FROM timer WHERE state IN ('fired', 'cancelled') AND name_key IS NOT NULL
                        ) WHERE rank = 1;
                    CREATE TRIGGER timer_ended_by_update AFTER UPDATE OF state ON timer
                    WHEN NEW.state IN ('fired', 'cancelled') AND NEW.name_key IS NOT NULL
                    BEGIN
                    \(keepLatest)
                    END;
                    CREATE TRIGGER timer_ended_by_insert AFTER INSERT ON timer
                    WHEN NEW.state IN ('fired', 'cancelled') AND NEW.name_key IS NOT NULL
                    BEGIN
                    \(keepLatest)
                    END;
                    DROP INDEX timer_name;
                    """)
        }

        // Sync decides from a base (issue 31): each vdir file keeps the last version kit and the
        // other side agreed on, in the file's words (`base`) and in kit's (`kit_base`: kit's
        // rendering of its item then), and kit's write that the other side may not have yet
        // (`written`, with kit's rendering `written_kit`). A conflict names the properties
        // that differed.
        migrator.registerMigration("v22 vdir bases") { db in
            try db.execute(
                sql: """
                    ALTER TABLE vdir_file ADD COLUMN base TEXT;
                    ALTER TABLE vdir_file ADD COLUMN kit_base TEXT;
                    ALTER TABLE vdir_file ADD COLUMN written TEXT;
                    ALTER TABLE vdir_file ADD COLUMN written_kit TEXT;
                    ALTER TABLE sync_conflict ADD COLUMN property TEXT;
                    """)
        }

        // A ramen's own cook time keeps its nanoseconds, as every other duration does (issue 32).
        // Products and steps stored as JSON before this still say `cookSeconds` and `seconds`;
        // their decoders read those.
        migrator.registerMigration("v23 ramen cook time in nanoseconds") { db in
            try db.execute(
                sql: """
                    ALTER TABLE ramen_settings ADD COLUMN custom_ns INTEGER CHECK (custom_ns IS NULL OR custom_ns > 0);
                    UPDATE ramen_settings SET custom_ns = custom_seconds * ?;
                    ALTER TABLE ramen_settings DROP COLUMN custom_seconds;
                    """, arguments: [Nanoseconds.second])
        }

        // Which server holds each popup on screen, and its id there (issue 42): the unique name
        // that owned org.freedesktop.Notifications when it answered. NULL once the popup left the
        // screen or the server went. The next kitd closes those still on screen if the same
        // server holds them, and shows again the ones that still matter.
        migrator.registerMigration("v24 popup server ids") { db in
            try db.execute(
                sql: """
                    ALTER TABLE popup_delivery ADD COLUMN server_id INTEGER;
                    ALTER TABLE popup_delivery ADD COLUMN server_owner TEXT;
                    CREATE INDEX popup_delivery_on_screen ON popup_delivery (server_id) WHERE server_id IS NOT NULL;
                    """)
        }

        // An event's length (from its DTEND or DURATION) and its place (LOCATION), kept from the
        // calendar it came from and written back (issue 42); NULL for a to-do. And what the
        // calendar said that kit does not read, as content lines, for an export to write back.
        migrator.registerMigration("v25 event length and location") { db in
            try db.execute(
                sql: """
                    ALTER TABLE task ADD COLUMN length_ns INTEGER CHECK (length_ns IS NULL OR length_ns >= 0);
                    ALTER TABLE task ADD COLUMN location TEXT;
                    ALTER TABLE task ADD COLUMN ical_extra TEXT;
                    """)
        }

        // What kitd did with the alarms of the calendars it watches (issue 44), which it never
        // writes into: keyed by the item's UID, the occurrence (its date-time by the rule, as a
        // RECURRENCE-ID names it), the alarm (its trigger, as kit writes it) and which repeat
        // (-1: all of them, for a dismissal). And since when it has watched each folder: the
        // alarms that came while it was off since then are caught up once.
        migrator.registerMigration("v26 watched alarms") { db in
            try db.execute(
                sql: """
                    CREATE TABLE watched_alarm (
                        uid TEXT NOT NULL,
                        occurrence TEXT NOT NULL,
                        alarm TEXT NOT NULL,
                        repetition INTEGER NOT NULL,
                        state TEXT NOT NULL CHECK (state IN ('rang', 'dismissed', 'snoozed')),
                        until_ns INTEGER,
                        at_ns INTEGER NOT NULL,
                        PRIMARY KEY (uid, occurrence, alarm, repetition)
                    ) WITHOUT ROWID;
                    CREATE INDEX watched_alarm_by_time ON watched_alarm (at_ns);
                    CREATE TABLE watched_calendar (
                        path TEXT PRIMARY KEY NOT NULL,
                        since_ns INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }

        return migrator
    }
}
