-- What a member chooses for themself, keyed by their user id alone (no guild): it follows
-- the member into every server and DM. A member who keeps the defaults has no row.
-- deck: the colours of the member's card pictures; only a choice other than the default
-- two colours is stored ('four'), and choosing the default again deletes the row. A value
-- the bot does not know reads as the default.
CREATE TABLE member_settings (
    user_id BIGINT PRIMARY KEY,
    deck TEXT NOT NULL
);
