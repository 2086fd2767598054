-- The casino's table (spec §10, issues 37 and 38): a seat's side wagers, the rules a round
-- is played by, whether its result was posted, and the tables themselves.

-- A seat's wagers beside its main bet (which game_seats keeps): one row a wager, written
-- with the deal and its ledger entry ('bet:<round>:<seat>:<kind>'); settled with the round
-- ('result:<round>:<seat>:<kind>', the wager and its net; 0 when lost). category: what the
-- bonus paid on (spec §10's ids); envy: Envy's chips for the other hands of the round
-- ('envy:<round>:<seat>' when there are any).
CREATE TABLE game_wagers (
    round_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('bonus')),
    amount BIGINT NOT NULL CHECK (amount > 0),
    category TEXT,
    net BIGINT,
    envy BIGINT,
    PRIMARY KEY (round_id, seat, kind)
);

-- What a round is played by, fixed at the deal (houseway.round.Rules).
ALTER TABLE game_rounds ADD COLUMN way TEXT NOT NULL DEFAULT 'huset-valjer';
ALTER TABLE game_rounds ADD COLUMN foul_rule TEXT NOT NULL DEFAULT 'repick';
ALTER TABLE game_rounds ADD COLUMN bonus_table TEXT NOT NULL DEFAULT 'fortune';
-- When a table round's result was posted in its channel: a settled table round without it
-- is revealed after a restart. Rounds settled before this migration were revealed.
ALTER TABLE game_rounds ADD COLUMN revealed_at DOUBLE PRECISION;
UPDATE game_rounds SET revealed_at = settled_at WHERE status = 'settled';

-- A server's bonus bet: its pay table and stakes (bonus_max 0: no bonus offered).
ALTER TABLE game_settings ADD COLUMN bonus_table TEXT NOT NULL DEFAULT 'fortune';
ALTER TABLE game_settings ADD COLUMN bonus_min BIGINT NOT NULL DEFAULT 1;
ALTER TABLE game_settings ADD COLUMN bonus_max BIGINT NOT NULL DEFAULT 100;

-- Every table opened, by its message id, until it closes: a restart closes the tables a
-- process left open (their message and their channel are told).
CREATE TABLE game_tables (
    table_id TEXT PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    lang TEXT NOT NULL,
    opened_by BIGINT NOT NULL,
    opened_at DOUBLE PRECISION NOT NULL,
    closed_at DOUBLE PRECISION
);
CREATE INDEX game_tables_open ON game_tables (guild_id) WHERE closed_at IS NULL;
