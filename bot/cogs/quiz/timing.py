"""How a quiz paces itself: one value passed in (``Settings.quiz_timing``), so tests
run quick quizzes without patching module constants."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Timing:
    #: The round message's answer count is edited at most this often (edits are rate-limited).
    counter_refresh: float = 5.0
    #: After the deadline, wait this long for answers accepted just before it to be written.
    grace: float = 1.0
    #: How long a runner waits before retrying after a database or Discord failure.
    retry_delay: float = 3.0
    #: Database work for an interaction gets this long, counted from when Discord created
    #: it; then the reply goes out anyway (Discord allows 3 seconds): an answer is kept in
    #: memory like one taken during an outage, a command says scores are unavailable.
    ack_by: float = 2.0
    #: ... but the database always gets at least this long (clocks may disagree with Discord's).
    min_write_wait: float = 0.25
    #: /quiz reset's confirmation waits this long for the member's yes or no.
    confirm_reset: float = 60.0
    #: At shutdown the runners get this long to stop (a hung database must not hold it up).
    stop_runners: float = 1.5

    def ack_budget(self, created_at: datetime, now: float) -> float:
        """Seconds the database may take for an interaction before it is answered anyway."""
        age = now - created_at.timestamp()
        return max(self.min_write_wait, min(self.ack_by, self.ack_by - age))
