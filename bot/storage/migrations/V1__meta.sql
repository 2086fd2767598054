-- Key/value facts the bot remembers between starts (e.g. the hash of the last global
-- command sync).
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
