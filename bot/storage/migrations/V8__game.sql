-- Playing the game (spec section 9): play chips, rounds, seats and each server's table
-- settings. Times are Unix seconds; cards are in canonical notation, in the order kept.

-- Play chips as a ledger: a member's stack in a server is the sum of their entries. An
-- entry is written once under its key and never changed, so a repeated top-up, a replayed
-- settlement or a settle racing a void finds its key taken and pays nothing. Keys:
-- 'start' (once per server), 'topup:YYYY-MM-DD' and 'refill:YYYY-MM-DD' (UTC days),
-- 'bet:<round>:<seat>' (minus the bet, at the deal) and 'result:<round>:<seat>' (the bet
-- plus the net at the settlement, or the bet alone when the round is voided: one key for
-- both, so that a seat can never be both settled and voided).
CREATE TABLE chip_entries (
    guild_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    key TEXT NOT NULL,
    kind TEXT NOT NULL,
    amount BIGINT NOT NULL,
    round_id TEXT,
    created_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, user_id, key)
);
-- /stats forget deletes by member across servers.
CREATE INDEX chip_entries_by_member ON chip_entries (user_id);

-- A round: the dealer's seven cards (dealt with the seats' from one deck), where it is
-- played (table_id NULL: a member playing alone) and how it ended. A round stays 'open'
-- until it is settled or voided (bets returned), exactly once, and a restarted bot finds
-- every open one here.
CREATE TABLE game_rounds (
    round_id TEXT PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT,
    table_id TEXT,
    status TEXT NOT NULL CHECK (status IN ('open', 'settled', 'void')),
    dealer TEXT NOT NULL,
    dealt_at DOUBLE PRECISION NOT NULL,
    deadline DOUBLE PRECISION,
    settled_at DOUBLE PRECISION
);
CREATE INDEX game_rounds_open ON game_rounds (status) WHERE status = 'open';

-- A seat of a round: the member, the bet and the hand from the deal; the split (two:
-- the two-card hand; how: 'own', 'house' for Huset väljer, 'timeout') once set; each
-- hand's result, the outcome, commission and net once settled. given_up is what the
-- split gave up against the best split by exact EV, in ten-billionths of a unit bet (as
-- practice_win_answers), written after the analysis, for the skill board.
CREATE TABLE game_seats (
    round_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    guild_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    bet BIGINT NOT NULL CHECK (bet > 0),
    hand TEXT NOT NULL,
    two TEXT,
    how TEXT CHECK (how IN ('own', 'house', 'timeout')),
    five_result TEXT,
    two_result TEXT,
    outcome TEXT,
    commission BIGINT,
    net BIGINT,
    given_up BIGINT,
    PRIMARY KEY (round_id, seat)
);
CREATE INDEX game_seats_by_member ON game_seats (guild_id, user_id);
CREATE INDEX game_seats_by_user ON game_seats (user_id);

-- A server's game settings as its moderators set them; a server without a row plays by
-- the defaults (bot/storage/game.py's GameSettings). channels: the channel ids that may
-- hold tables, separated by spaces, '' for any channel.
CREATE TABLE game_settings (
    guild_id BIGINT PRIMARY KEY,
    channels TEXT NOT NULL,
    countdown_seconds INTEGER NOT NULL,
    min_bet BIGINT NOT NULL,
    max_bet BIGINT NOT NULL,
    foul_rule TEXT NOT NULL CHECK (foul_rule IN ('repick', 'stand')),
    min_hands INTEGER NOT NULL
);
