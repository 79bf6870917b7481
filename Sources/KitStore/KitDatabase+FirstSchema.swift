import GRDB
import KitCore

/// The schema kit first shipped, one migration per feature (v1 to v6). Frozen, as every shipped
/// migration is; the changes since follow in KitDatabase+Migrations.swift.
extension KitDatabase {
    static func registerFirstSchema(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v1 timers") { db in
            try db.execute(
                sql: """
                    CREATE TABLE timer (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT,
                        name_key TEXT,
                        duration_ns INTEGER NOT NULL CHECK (duration_ns >= 0),
                        state TEXT NOT NULL CHECK (state IN ('running', 'paused', 'fired', 'cancelled')),
                        created_at_ns INTEGER NOT NULL,
                        due_wall_ns INTEGER,
                        due_boot_ns INTEGER,
                        boot_id TEXT,
                        remaining_ns INTEGER,
                        ended_at_ns INTEGER,
                        fired_due_ns INTEGER,
                        lateness_ns INTEGER,
                        late INTEGER NOT NULL DEFAULT 0,
                        CHECK (state <> 'running' OR (due_wall_ns IS NOT NULL)),
                        CHECK (state <> 'paused' OR (remaining_ns IS NOT NULL))
                    );
                    CREATE INDEX timer_active ON timer(state) WHERE state IN ('running', 'paused');
                    CREATE INDEX timer_name ON timer(name_key);
                    """)
        }

        migrator.registerMigration("v2 ramen") { db in
            try db.execute(
                sql: """
                    CREATE TABLE kit_meta (
                        key TEXT PRIMARY KEY,
                        value TEXT NOT NULL
                    );
                    CREATE TABLE ramen (
                        id TEXT PRIMARY KEY,
                        origin TEXT NOT NULL CHECK (origin IN ('catalog', 'own')),
                        product TEXT NOT NULL,
                        in_catalog INTEGER NOT NULL DEFAULT 1
                    );
                    CREATE TABLE ramen_settings (
                        ramen_id TEXT PRIMARY KEY REFERENCES ramen(id) ON DELETE CASCADE,
                        favourite_position INTEGER,
                        custom_seconds INTEGER CHECK (custom_seconds IS NULL OR custom_seconds > 0),
                        memo TEXT,
                        own_steps TEXT,
                        hidden INTEGER NOT NULL DEFAULT 0,
                        cook_count INTEGER NOT NULL DEFAULT 0,
                        last_cooked_at_ns INTEGER
                    );
                    CREATE TABLE ramen_cook (
                        timer_id INTEGER PRIMARY KEY REFERENCES timer(id) ON DELETE CASCADE,
                        ramen_id TEXT NOT NULL,
                        steps TEXT NOT NULL,
                        next_step INTEGER NOT NULL DEFAULT 0,
                        memo TEXT
                    );
                    """)
        }

        migrator.registerMigration("v3 stopwatches") { db in
            try db.execute(
                sql: """
                    CREATE TABLE stopwatch (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL,
                        name_key TEXT NOT NULL UNIQUE,
                        created_at_ns INTEGER NOT NULL,
                        state TEXT NOT NULL CHECK (state IN ('running', 'stopped')),
                        accumulated_ns INTEGER NOT NULL DEFAULT 0 CHECK (accumulated_ns >= 0),
                        started_wall_ns INTEGER,
                        started_boot_ns INTEGER,
                        boot_id TEXT,
                        ever_started INTEGER NOT NULL DEFAULT 0,
                        remind_after_ns INTEGER,
                        reminders_sent INTEGER NOT NULL DEFAULT 0,
                        CHECK (state <> 'running' OR started_wall_ns IS NOT NULL)
                    );
                    CREATE TABLE stopwatch_lap (
                        stopwatch_id INTEGER NOT NULL REFERENCES stopwatch(id) ON DELETE CASCADE,
                        number INTEGER NOT NULL,
                        total_ns INTEGER NOT NULL,
                        split_ns INTEGER NOT NULL,
                        at_ns INTEGER NOT NULL,
                        note TEXT,
                        PRIMARY KEY (stopwatch_id, number)
                    );
                    """)
        }

        migrator.registerMigration("v4 tasks") { db in
            try db.execute(
                sql: """
                    CREATE TABLE task (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        uid TEXT NOT NULL UNIQUE,
                        title TEXT NOT NULL,
                        note TEXT,
                        zone TEXT,
                        all_day INTEGER NOT NULL DEFAULT 0,
                        anchor TEXT NOT NULL,
                        rrule TEXT,
                        occurrence TEXT NOT NULL,
                        alerts TEXT NOT NULL DEFAULT '',
                        nag_ns INTEGER,
                        state TEXT NOT NULL CHECK (state IN ('open', 'done')),
                        done_at_ns INTEGER,
                        snoozed_until_ns INTEGER,
                        due_fired INTEGER NOT NULL DEFAULT 0,
                        alerts_fired INTEGER NOT NULL DEFAULT 0,
                        last_nag_ns INTEGER,
                        created_at_ns INTEGER NOT NULL
                    );
                    CREATE INDEX task_open ON task(state) WHERE state = 'open';
                    CREATE TABLE task_history (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        task_id INTEGER NOT NULL REFERENCES task(id) ON DELETE CASCADE,
                        occurrence TEXT NOT NULL,
                        done_at_ns INTEGER NOT NULL,
                        before TEXT NOT NULL
                    );
                    CREATE INDEX task_history_task ON task_history(task_id, id);
                    """)
        }

        migrator.registerMigration("v5 places") { db in
            try db.execute(
                sql: """
                    CREATE TABLE place (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL,
                        name_key TEXT NOT NULL UNIQUE,
                        url TEXT,
                        phone TEXT,
                        address TEXT,
                        note TEXT,
                        weight INTEGER NOT NULL DEFAULT 1 CHECK (weight BETWEEN 1 AND 1000),
                        image TEXT,
                        created_at_ns INTEGER NOT NULL,
                        updated_at_ns INTEGER NOT NULL
                    );
                    CREATE TABLE place_tag (
                        place_id INTEGER NOT NULL REFERENCES place(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        category TEXT NOT NULL,
                        value TEXT NOT NULL,
                        category_key TEXT NOT NULL,
                        value_key TEXT NOT NULL,
                        PRIMARY KEY (place_id, category_key, value_key)
                    );
                    CREATE INDEX place_tag_key ON place_tag(category_key, value_key);
                    CREATE INDEX place_image ON place(image) WHERE image IS NOT NULL;
                    CREATE TABLE place_history (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        place_id INTEGER REFERENCES place(id) ON DELETE SET NULL,
                        place_name TEXT NOT NULL,
                        kind TEXT NOT NULL CHECK (kind IN ('picked', 'visited')),
                        at_ns INTEGER NOT NULL,
                        filter TEXT NOT NULL DEFAULT ''
                    );
                    CREATE INDEX place_history_at ON place_history(at_ns);
                    CREATE TABLE place_rotation (
                        filter_key TEXT PRIMARY KEY,
                        round INTEGER NOT NULL,
                        picked_ids TEXT NOT NULL
                    );
                    """)
        }

        migrator.registerMigration("v6 memos and diary") { db in
            try db.execute(
                sql: """
                    CREATE TABLE memo (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        text TEXT NOT NULL,
                        title TEXT NOT NULL,
                        title_key TEXT NOT NULL,
                        pinned INTEGER NOT NULL DEFAULT 0,
                        created_at_ns INTEGER NOT NULL,
                        updated_at_ns INTEGER NOT NULL
                    );
                    CREATE INDEX memo_title ON memo(title_key);
                    CREATE VIRTUAL TABLE memo_fts USING fts5(
                        text, content = 'memo', content_rowid = 'id', tokenize = 'trigram'
                    );
                    CREATE TRIGGER memo_fts_insert AFTER INSERT ON memo BEGIN
                        INSERT INTO memo_fts (rowid, text) VALUES (new.id, new.text);
                    END;
                    CREATE TRIGGER memo_fts_delete AFTER DELETE ON memo BEGIN
                        INSERT INTO memo_fts (memo_fts, rowid, text) VALUES ('delete', old.id, old.text);
                    END;
                    CREATE TRIGGER memo_fts_update AFTER UPDATE OF text ON memo BEGIN
                        INSERT INTO memo_fts (memo_fts, rowid, text) VALUES ('delete', old.id, old.text);
                        INSERT INTO memo_fts (rowid, text) VALUES (new.id, new.text);
                    END;

                    CREATE TABLE diary_entry (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        text TEXT NOT NULL,
                        title TEXT NOT NULL,
                        title_key TEXT NOT NULL,
                        day TEXT NOT NULL CHECK (length(day) = 10),
                        time TEXT,
                        weather TEXT,
                        mood TEXT,
                        place TEXT,
                        fields TEXT NOT NULL DEFAULT '[]',
                        created_at_ns INTEGER NOT NULL,
                        updated_at_ns INTEGER NOT NULL
                    );
                    CREATE INDEX diary_entry_day ON diary_entry(day, time);
                    CREATE INDEX diary_entry_month_day ON diary_entry(substr(day, 6));
                    CREATE INDEX diary_entry_title ON diary_entry(title_key);
                    CREATE VIRTUAL TABLE diary_fts USING fts5(
                        text, content = 'diary_entry', content_rowid = 'id', tokenize = 'trigram'
                    );
                    CREATE TRIGGER diary_fts_insert AFTER INSERT ON diary_entry BEGIN
                        INSERT INTO diary_fts (rowid, text) VALUES (new.id, new.text);
                    END;
                    CREATE TRIGGER diary_fts_delete AFTER DELETE ON diary_entry BEGIN
                        INSERT INTO diary_fts (diary_fts, rowid, text) VALUES ('delete', old.id, old.text);
                    END;
                    CREATE TRIGGER diary_fts_update AFTER UPDATE OF text ON diary_entry BEGIN
                        INSERT INTO diary_fts (diary_fts, rowid, text) VALUES ('delete', old.id, old.text);
                        INSERT INTO diary_fts (rowid, text) VALUES (new.id, new.text);
                    END;
                    """)
        }

        // A repeating task is an iCalendar series: the dates it adds to its rule (RDATE) and
        // takes out (EXDATE), as civil date-times separated by commas. Old tasks have none.
    }
}
