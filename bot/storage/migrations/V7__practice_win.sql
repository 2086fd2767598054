-- /practice's "Play to win": answers graded against the best split by exact EV, kept
-- apart from the house-way practice (practice_answers), so that they move no Leitner
-- box, streak or house-way figure. given_up is what the member's split gave up against
-- the best split, in ten-billionths of a unit bet (the figure shown, which has at most
-- ten decimals): 0 when the split was a best one.
CREATE TABLE practice_win_answers (
    user_id BIGINT NOT NULL,
    shown_ms BIGINT NOT NULL,
    hand TEXT NOT NULL,
    answer TEXT NOT NULL,
    best INTEGER NOT NULL,
    given_up BIGINT NOT NULL,
    seconds DOUBLE PRECISION NOT NULL,
    answered_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, shown_ms, hand)
);
