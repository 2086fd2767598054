-- A pause between a round's reveal and the next round, and a quiz language chosen by
-- the moderators (NULL: the server's own locale). A quiz keeps the pause it started with.
ALTER TABLE guild_config ADD COLUMN round_pause INTEGER NOT NULL DEFAULT 5;
ALTER TABLE guild_config ADD COLUMN language TEXT;
ALTER TABLE quizzes ADD COLUMN pause INTEGER NOT NULL DEFAULT 5;
