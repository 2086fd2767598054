-- Practising alone: /practice, /stats and /daily. Times are Unix seconds; hands and
-- answers are cards in canonical notation. Nothing here belongs to a server: practice
-- works in DMs and user installs too.

-- One row per member who has practised: the schedule's hand count and the streaks.
CREATE TABLE practice_members (
    user_id BIGINT PRIMARY KEY,
    hands INTEGER NOT NULL DEFAULT 0,
    correct INTEGER NOT NULL DEFAULT 0,
    streak INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0
);

-- The member's Leitner record per rule id: its box, the hand count at which it is due
-- again, and how often it was answered and answered right.
CREATE TABLE practice_rules (
    user_id BIGINT NOT NULL,
    rule_id TEXT NOT NULL,
    box INTEGER NOT NULL,
    due INTEGER NOT NULL,
    answered INTEGER NOT NULL,
    correct INTEGER NOT NULL,
    PRIMARY KEY (user_id, rule_id)
);

-- Every practice answer, once: a hand is identified by its cards and when it was shown
-- (milliseconds), which its menu's custom id carries.
CREATE TABLE practice_answers (
    user_id BIGINT NOT NULL,
    shown_ms BIGINT NOT NULL,
    hand TEXT NOT NULL,
    mode TEXT NOT NULL,
    path TEXT NOT NULL,
    answer TEXT NOT NULL,
    correct INTEGER NOT NULL,
    seconds DOUBLE PRECISION NOT NULL,
    answered_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, shown_ms, hand)
);
CREATE INDEX practice_answers_by_time ON practice_answers (user_id, answered_at);

-- The hand of each UTC day, drawn at random when the day's first member asks.
CREATE TABLE daily_hands (
    day TEXT PRIMARY KEY,
    hand TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL
);

-- One answer per member and day; no changes.
CREATE TABLE daily_answers (
    day TEXT NOT NULL REFERENCES daily_hands (day),
    user_id BIGINT NOT NULL,
    answer TEXT NOT NULL,
    correct INTEGER NOT NULL,
    answered_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (day, user_id)
);
CREATE INDEX daily_answers_by_member ON daily_answers (user_id, day);
