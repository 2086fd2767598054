"""How a quiz, practice and a table pace themselves: values passed in (``Settings.quiz_timing``,
``Settings.practice_timing``), so tests and benchmarks run quick quizzes and change
practice's limits without patching module constants. They stand below the settings that
carry them and the features that read them."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from houseway.learning.practice import GAPS


@dataclass(frozen=True)
class Answering:
    """Discord's 3 seconds: database work for an interaction gets ``ack_by``, counted from
    when Discord created it, and then the reply goes out anyway (a quiz answer is kept in
    memory like one taken during an outage; anything else is told the database is
    unavailable); but it always gets at least ``min_write_wait`` (clocks may disagree with
    Discord's)."""

    ack_by: float = 2.0
    min_write_wait: float = 0.25

    def ack_budget(self, created_at: datetime, now: float) -> float:
        """Seconds the database may take for an interaction before it is answered anyway."""
        age = now - created_at.timestamp()
        return max(self.min_write_wait, min(self.ack_by, self.ack_by - age))


@dataclass(frozen=True)
class QuizTiming(Answering):
    #: The round message's answer count is edited at most this often (edits are rate-limited).
    counter_refresh: float = 5.0
    #: After the deadline, wait this long for answers accepted just before it to be written.
    grace: float = 1.0
    #: How long a runner waits before retrying after a database or Discord failure.
    retry_delay: float = 3.0
    #: /quiz reset's confirmation waits this long for the member's yes or no.
    confirm_reset: float = 60.0
    #: At shutdown the runners get this long to stop (a hung database must not hold it up).
    stop_runners: float = 1.5


@dataclass(frozen=True)
class PracticeTiming(Answering):
    #: An answer waits this long (besides its database write) for the hand's exact
    #: analysis, made while the member thought; past that the feedback goes out without
    #: it and the figures are edited in as soon as they are ready.
    analysis_wait: float = 0.0
    #: A "Play to win" answer, deferred, waits this long for the exact analysis its
    #: verdict needs; past that it is neither graded nor stored, and the member is told.
    win_wait: float = 60.0
    #: Exact analyses run in this many worker processes (0: in a thread of the bot's own).
    analysis_workers: int = 1
    #: Prepared hands (analysis and picture) kept for answers: the most recent this many.
    prepared_hands: int = 4096
    #: /stats forget's confirmation button works this long.
    confirm_forget: float = 60.0
    #: /stats forget commits only if it is ready this long after the click; if not, it
    #: is rolled back and the member told that nothing was deleted.
    forget_by: float = 10.0
    #: ... and COMMIT's answer is waited for this long after that; without one the
    #: member is told to run it again (it may or may not have gone through).
    forget_commit_wait: float = 10.0
    #: /practice and /daily per member: this many in ``command_seconds``, then a pause
    #: (the member is told when it ends). More than a person starting sessions needs.
    command_rate: int = 5
    command_seconds: float = 15.0
    #: Answers and "Next hand" presses per member: this many in ``press_seconds`` (a
    #: hand a second, answered and the next one asked for), then a pause.
    press_rate: int = 30
    press_seconds: float = 15.0
    #: A member's presses under way at once; more are refused at once.
    in_flight: int = 2
    #: Leitner gaps: hands until a rule in box 0, 1, 2, ... is due again.
    gaps: tuple[int, ...] = field(default=GAPS)


@dataclass(frozen=True)
class TableTiming(Answering):
    """How a table at /table paces its rounds."""

    #: A round's countdown in seconds; None: the server's setting (/table config). Tests
    #: pass a short one, below what a server may set.
    countdown: float | None = None
    #: The first round deals this long after the first member sits down, so that others
    #: can join it (any seated member may press "Deal now" instead).
    gather: float = 15.0
    #: After a reveal, the next round deals this long later: time to read it.
    pause: float = 10.0
    #: A table where no round was dealt for this long (nobody seated, or everybody
    #: sitting out) closes itself and says so: ten minutes.
    idle_close: float = 600.0
    #: A click's change shows on the table message this long after it, in one edit with
    #: the other clicks of that moment (three sets at once: one edit, not three).
    refresh_after: float = 1.0
    #: How long a runner waits before retrying after a database or Discord failure.
    retry_delay: float = 3.0
    #: At shutdown the runners get this long to stop.
    stop_runners: float = 1.5
