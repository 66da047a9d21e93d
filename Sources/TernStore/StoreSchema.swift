import Foundation
import GRDB
import TernModel

/// The store's schema as a list of migrations. Never edit a released migration: add the next one.
enum StoreSchema {
    /// Every version's migration; `unreadable` hears of rows a migration can't read.
    static func migrator(_ unreadable: UnreadableRows = UnreadableRows()) -> DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1", migrate: v1)
        m.registerMigration("v2-search") { try v2($0, unreadable) }
        m.registerMigration("v3-action-doubt", migrate: v3)
        m.registerMigration("v4-threads-notifications", migrate: v4)
        m.registerMigration("v5-writing", migrate: v5)
        m.registerMigration("v6-one-journal", migrate: v6)
        m.registerMigration("v7-seen", migrate: v7)
        m.registerMigration("v8-web-feeds", migrate: v8)
        m.registerMigration("v9-assumed-marks", migrate: v9)
        m.registerMigration("v10-selection", migrate: v10)
        m.registerMigration("v11-request-answers", migrate: v11)
        m.registerMigration("v12-choices", migrate: v12)
        return m
    }

    /// Posts, timeline entries in server order with gap rows, per-timeline cursors and position, and
    /// pending like/save actions.
    static func v1(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE post (
                pk INTEGER PRIMARY KEY,
                account TEXT NOT NULL,
                id TEXT NOT NULL,
                status_id TEXT NOT NULL,
                created_at REAL NOT NULL,
                fetched_at REAL NOT NULL,
                favourited INTEGER NOT NULL,
                bookmarked INTEGER NOT NULL,
                body BLOB NOT NULL,
                UNIQUE (account, id));
            CREATE INDEX post_status ON post (account, status_id);
            -- Entries are ordered by seq, newest first; a row without post_id is a gap.
            CREATE TABLE entry (
                id INTEGER PRIMARY KEY,
                account TEXT NOT NULL,
                timeline TEXT NOT NULL,
                seq INTEGER NOT NULL,
                post_id TEXT,
                gap_from_top TEXT,
                gap_from_bottom TEXT);
            CREATE INDEX entry_order ON entry (account, timeline, seq);
            CREATE UNIQUE INDEX entry_post ON entry (account, timeline, post_id);
            CREATE INDEX entry_by_post ON entry (account, post_id);
            CREATE TABLE timeline (
                account TEXT NOT NULL,
                timeline TEXT NOT NULL,
                older_url TEXT,
                newer_url TEXT,
                reached_end INTEGER NOT NULL DEFAULT 0,
                anchor_id TEXT,
                anchor_offset INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (account, timeline));
            CREATE TABLE pending_action (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                account TEXT NOT NULL,
                status_id TEXT NOT NULL,
                kind TEXT NOT NULL,
                wanted INTEGER NOT NULL,
                confirmed INTEGER NOT NULL,
                created_at REAL NOT NULL,
                UNIQUE (account, status_id, kind));
            """)
    }

    /// Full-text search: each post's words (CJK split into characters) and hashtags, indexed by FTS5
    /// and kept in step with the post table by triggers. Posts stored before are indexed here.
    static func v2(_ db: Database, _ unreadable: UnreadableRows) throws {
        try db.execute(sql: """
            ALTER TABLE post ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
            ALTER TABLE post ADD COLUMN tags TEXT NOT NULL DEFAULT '';
            """)
        let rows = try Row.fetchAll(db, sql: "SELECT pk, account, id, body FROM post")
        for row in rows {
            // Only the search index is made here: a row it can't read stays as it is, unindexed.
            guard let post = unreadable.post(row["body"], "post \(row["id"] as String? ?? "?") of \(row["account"] as String? ?? "?")",
                                             "it is left out of the search index") else { continue }
            let words = SearchText.words(of: post)
            try db.execute(sql: "UPDATE post SET search_text = ?, tags = ? WHERE pk = ?",
                           arguments: [words.text, words.tags, row["pk"] as Int64])
        }
        try db.execute(sql: """
            CREATE VIRTUAL TABLE post_search USING fts5(
                search_text, tags, content='post', content_rowid='pk', tokenize='unicode61 remove_diacritics 2');
            INSERT INTO post_search (post_search) VALUES ('rebuild');
            CREATE TRIGGER post_search_ai AFTER INSERT ON post BEGIN
                INSERT INTO post_search (rowid, search_text, tags) VALUES (new.pk, new.search_text, new.tags);
            END;
            CREATE TRIGGER post_search_ad AFTER DELETE ON post BEGIN
                INSERT INTO post_search (post_search, rowid, search_text, tags) VALUES ('delete', old.pk, old.search_text, old.tags);
            END;
            CREATE TRIGGER post_search_au AFTER UPDATE ON post BEGIN
                INSERT INTO post_search (post_search, rowid, search_text, tags) VALUES ('delete', old.pk, old.search_text, old.tags);
                INSERT INTO post_search (rowid, search_text, tags) VALUES (new.pk, new.search_text, new.tags);
            END;
            """)
    }

    /// A pending action remembers that its request went out and no answer came back: the server may or
    /// may not have carried it out, so replay asks before it sends again.
    static func v3(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE pending_action ADD COLUMN in_doubt INTEGER NOT NULL DEFAULT 0")
    }

    /// Threads (which posts, in what order and how deep, around each opened post), notification groups,
    /// read markers not yet sent, and profiles, so all of them open from the cache and read offline.
    static func v4(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE thread (
                account TEXT NOT NULL,
                root_id TEXT NOT NULL,
                fetched_at REAL NOT NULL,
                PRIMARY KEY (account, root_id));
            -- position orders the thread; depth is 0 for the ancestors and the opened post.
            CREATE TABLE thread_post (
                account TEXT NOT NULL,
                root_id TEXT NOT NULL,
                position INTEGER NOT NULL,
                post_id TEXT NOT NULL,
                depth INTEGER NOT NULL,
                PRIMARY KEY (account, root_id, position));
            CREATE INDEX thread_post_by_post ON thread_post (account, post_id);
            -- order_key sorts newest_id the way the server does: by length, then bytes.
            CREATE TABLE notification_group (
                account TEXT NOT NULL,
                group_key TEXT NOT NULL,
                order_key TEXT NOT NULL,
                fetched_at REAL NOT NULL,
                body BLOB NOT NULL,
                PRIMARY KEY (account, group_key));
            CREATE INDEX notification_order ON notification_group (account, order_key);
            CREATE TABLE marker (
                account TEXT NOT NULL,
                timeline TEXT NOT NULL,
                last_read_id TEXT NOT NULL,
                unsent INTEGER NOT NULL,
                PRIMARY KEY (account, timeline));
            CREATE TABLE profile (
                account TEXT NOT NULL,
                account_id TEXT NOT NULL,
                fetched_at REAL NOT NULL,
                body BLOB NOT NULL,
                PRIMARY KEY (account, account_id));
            """)
    }

    /// Drafts (one per thing being written), the outbox of posts on their way to the server, what the
    /// server said about itself (its posting limits), what the user hid (muted and blocked accounts,
    /// boosts of an account, posts they are not interested in), and a detail for pending actions (how
    /// long a mute lasts), so writing and hiding work offline from the first start.
    static func v5(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE draft (
                account TEXT NOT NULL,
                id TEXT NOT NULL,
                updated_at REAL NOT NULL,
                body BLOB NOT NULL,
                PRIMARY KEY (account, id));
            -- idempotency_key goes with every try, so the server makes one post however many tries reach it;
            -- in_doubt: a try went out and no answer came back.
            CREATE TABLE outbox (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                account TEXT NOT NULL,
                idempotency_key TEXT NOT NULL UNIQUE,
                created_at REAL NOT NULL,
                in_doubt INTEGER NOT NULL DEFAULT 0,
                body BLOB NOT NULL);
            -- kind: 'muted' or 'blocked' (an account: all its posts), 'boosts' (an account's boosts), 'status' (one post);
            -- until: when a timed mute ends (NULL: until undone).
            CREATE TABLE hidden (
                account TEXT NOT NULL,
                kind TEXT NOT NULL,
                target TEXT NOT NULL,
                until REAL,
                PRIMARY KEY (account, kind, target));
            ALTER TABLE pending_action ADD COLUMN detail TEXT;
            CREATE TABLE server_info (
                account TEXT NOT NULL,
                key TEXT NOT NULL,
                fetched_at REAL NOT NULL,
                body BLOB NOT NULL,
                PRIMARY KEY (account, key));
            """)
    }

    /// One journal for what the user did that the server has not confirmed (`JournalRecord`): the pending
    /// actions and the outbox were two tables with two ways of not doing a thing twice. Their rows move over,
    /// marks first, each in its old order (the two queues never ordered against each other).
    static func v6(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE journal (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                account TEXT NOT NULL,
                key TEXT NOT NULL,
                kind TEXT NOT NULL,
                target TEXT,
                wanted INTEGER NOT NULL,
                confirmed INTEGER NOT NULL,
                in_doubt INTEGER NOT NULL,
                detail TEXT,
                body BLOB,
                created_at REAL NOT NULL,
                UNIQUE (account, key));
            CREATE INDEX journal_target ON journal (account, target);
            INSERT INTO journal (account, key, kind, target, wanted, confirmed, in_doubt, detail, created_at)
                SELECT account, kind || ':' || status_id, kind, status_id, wanted, confirmed, in_doubt, detail, created_at
                FROM pending_action ORDER BY seq;
            INSERT INTO journal (account, key, kind, wanted, confirmed, in_doubt, body, created_at)
                SELECT account, idempotency_key, 'post', 1, 0, in_doubt, body, created_at FROM outbox ORDER BY seq;
            DROP TABLE pending_action;
            DROP TABLE outbox;
            """)
    }

    /// The newest post of each timeline the user has had in view: where "read up to here" goes after a
    /// restart, on servers without read markers and for timelines they don't mark.
    static func v7(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE timeline ADD COLUMN seen_id TEXT")
    }

    /// Web feeds: the subscriptions, with what conditional requests and a fair refresh need, and each
    /// item's full text and read mark. The items themselves are posts of the `feeds` account, in its
    /// timelines, so the lists, search and pruning treat them as any post.
    static func v8(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE web_feed (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                url TEXT NOT NULL UNIQUE,
                title TEXT NOT NULL DEFAULT '',
                site TEXT,
                tags TEXT NOT NULL DEFAULT '',
                etag TEXT,
                last_modified TEXT,
                added_at REAL NOT NULL,
                checked_at REAL,
                changed_at REAL,
                retry_after REAL,
                last_error TEXT);
            CREATE TABLE web_feed_item (
                feed_id INTEGER NOT NULL REFERENCES web_feed(id) ON DELETE CASCADE,
                post_id TEXT NOT NULL,
                html TEXT NOT NULL,
                read INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (feed_id, post_id));
            CREATE INDEX web_feed_item_post ON web_feed_item (post_id);
            """)
    }

    /// A mark's confirmed state can be what the screen showed rather than what the server said
    /// (`PendingAction.assumed`): a wish back to it must be looked up after a restart too.
    static func v9(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE journal ADD COLUMN assumed INTEGER NOT NULL DEFAULT 0")
    }

    /// The place comes back with its selected post, not only the post at the top of the view.
    static func v10(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE timeline ADD COLUMN selected_id TEXT")
    }

    /// The follow requests the user answered: the server lists an answered request no more, and a
    /// notification of it would ask again after a restart.
    static func v11(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE request_answer (
                account TEXT NOT NULL,
                account_id TEXT NOT NULL,
                accepted BOOLEAN NOT NULL,
                PRIMARY KEY (account, account_id));
            """)
    }

    /// What the user chose on a screen, for the next run (Catch-up's order, kinds, grouping, window).
    static func v12(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE choice (
                account TEXT NOT NULL,
                name TEXT NOT NULL,
                value TEXT NOT NULL,
                PRIMARY KEY (account, name));
            """)
    }
}
