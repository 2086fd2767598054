"""Learning the house way: what an answer is, practice and the quiz's scoring, and the
explanations that say the procedure's record on a member's own cards."""
