import GRDB

/// The schema's history. Shipped migrations are frozen: never edit one, add a new one.
extension KitDatabase {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()

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

        return migrator
    }
}
