"""Answers in: the open-round cache, the outage buffer and the group-commit writer.

The database stays the authority: an answer's INSERT checks the round's status and
deadline. Memory only saves statements (the round an answer is for) and keeps
answers that the database could not take in time until it can.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any, Final

import discord

from houseway.cards import pretty_card
from houseway.hands import display_order
from houseway.learning.answers import AnswerError, mode_of, parse_answer
from houseway.rules import rule_name

from ...app.checks import bounded_db
from ...app.interactions import Refusal
from ...storage import Database, DatabaseError, DatabaseTimeout
from ...storage import quiz as quiz_store
from ...storage.journal import AnswerJournal
from ...texts.i18n import language, text
from .embeds import clock_time

if TYPE_CHECKING:
    from ...app.client import HousewayBot

log = logging.getLogger(__name__)

RoundAndQuiz = tuple[quiz_store.Round | None, quiz_store.Quiz | None]
#: A kept answer's line must be on disk within this long, or the member is told the truth.
JOURNAL_WAIT: Final = 0.5


class AnswerIntake:
    def __init__(self, bot: HousewayBot, journal: AnswerJournal) -> None:
        self.bot = bot
        #: Open rounds and their quizzes by round id, so an answer costs one statement.
        self.open_rounds: dict[int, tuple[quiz_store.Round, quiz_store.Quiz]] = {}
        #: Answers the database did not take in time, by round then member: in the
        #: journal on disk too, and written (with their times) before the round is scored.
        self.pending: dict[int, dict[int, tuple[str, float]]] = {}
        self.journal = journal
        self._loading: dict[int, asyncio.Future[RoundAndQuiz]] = {}
        self.writer = quiz_store.AnswerWriter(bot.database)
        self._background: set[asyncio.Task[None]] = set()

    def kept(self) -> list[quiz_store.AnswerIn]:
        """Every answer still waiting for the database (what the journal must hold)."""
        return [
            quiz_store.AnswerIn(round_id, user_id, answer, answered_at)
            for round_id, members in self.pending.items()
            for user_id, (answer, answered_at) in members.items()
        ]

    def _keep(self, answer: quiz_store.AnswerIn) -> None:
        members = self.pending.setdefault(answer.round_id, {})
        held = members.get(answer.user_id)
        if held is None or held[1] <= answer.answered_at:  # the last answer given counts
            members[answer.user_id] = (answer.answer, answer.answered_at)

    def _journal_changed(self) -> None:
        """Answers left memory: rewrite the journal without them (in the background)."""
        task = asyncio.create_task(self._rewrite_journal(), name="answer-journal")
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _rewrite_journal(self) -> None:
        try:
            await self.journal.keep_only(self.kept)
        except OSError as error:  # the answers are still in memory and in the old journal
            log.warning("could not rewrite the answer journal %s: %s", self.journal.path, error)

    async def take_back(self) -> int:
        """At start: the answers previous processes kept on disk, back into memory (this
        process's journal and those it takes over: see AnswerJournal.take_back)."""
        try:
            taken_back = await asyncio.to_thread(self.journal.take_back)
        except OSError as error:  # what the disk holds stays there, for the next start
            log.error("cannot take back the answer journals in %s: %s", self.journal.path, error)
            return 0
        for answer in taken_back:
            self._keep(answer)
        return len(self.kept())

    async def write_taken_back(self, retry_delay: float) -> None:
        """Write the answers taken back, retrying until the database takes them: those of
        rounds no runner of this process scores have no other way in."""
        taken_back, told = self.kept(), False
        while True:
            try:
                await quiz_store.record_answers(self.db, taken_back)
                break
            except DatabaseError as error:
                self.bot.metrics.database_errors.inc()
                if not told:
                    log.warning("journal answers not written yet (%s); retrying", error)
                    told = True
                await asyncio.sleep(retry_delay)
        # Written, refused, or their rounds are over: done with, unless given anew meanwhile.
        if self._settled(taken_back):
            await self._rewrite_journal()

    def _settled(self, written: list[quiz_store.AnswerIn]) -> bool:
        """These answers are in the database (or never will be): out of memory, unless the
        member has answered again since. Whether any left (the journal is to follow)."""
        changed = False
        for answer in written:
            members = self.pending.get(answer.round_id, {})
            if members.get(answer.user_id) == (answer.answer, answer.answered_at):
                del members[answer.user_id]
                changed = True
            if not members:
                self.pending.pop(answer.round_id, None)
        return changed

    async def close(self) -> None:
        await asyncio.gather(*self._background, return_exceptions=True)
        self.journal.close()

    @property
    def db(self) -> Database:
        return self.bot.database

    def drop_member(self, user_id: int) -> int:
        """Forget a member's answers kept for the database (they asked for everything about
        them to be deleted): none is written later, and the journal is rewritten without
        them. Returns how many were dropped."""
        dropped = sum(members.pop(user_id, None) is not None for members in self.pending.values())
        if dropped:
            self._journal_changed()
        return dropped

    def hold(self, round_: quiz_store.Round, quiz: quiz_store.Quiz) -> None:
        """Remember an open round, so that answers to it need not look it up."""
        self.open_rounds[round_.id] = (round_, quiz)

    def forget(self, round_id: int) -> None:
        self.open_rounds.pop(round_id, None)

    async def answered(self, round_id: int) -> int:
        """How many members have answered: answers kept in memory count too (they saw "saved")."""
        answered = await quiz_store.answered_by(self.db, round_id)
        return len(answered | self.pending.get(round_id, {}).keys())

    async def take_answer(
        self, interaction: discord.Interaction, round_id: int, values: list[str]
    ) -> str:
        """Record a member's answer (the last one counts) and acknowledge it privately.

        Returns the outcome for the log line: saved (in the database), kept (database
        slow or down: in memory and the journal on disk), or unsaved (not even the disk
        took it: the member is told so); a late or invalid answer is refused.
        """
        now = time.time()
        lang = language(interaction.locale)
        bounded = bounded_db(interaction)  # a timeout is told as "scores unavailable"
        round_, quiz = await bounded.run(self.round_for_answer, round_id)
        if round_ is None or round_.status != "open" or now > round_.deadline:
            raise Refusal("quiz.answer.late", outcome="late")
        mode = mode_of("set" if quiz is None else quiz.mode)
        try:
            given = parse_answer(mode, values, round_.hand, round_.choices)
        except AnswerError:
            raise Refusal("quiz.answer.invalid", outcome="invalid") from None
        taken = quiz_store.AnswerIn(round_id, interaction.user.id, given.stored(), now)
        outcome = "saved"
        writing = self.writer.submit(taken)
        try:
            recorded = await bounded.wait(writing)
        except DatabaseError as error:
            # The round is known to be open and in time: keep the answer until the
            # database is back (or the slow write is done); the runner writes it
            # before the round is scored, and a newer answer is never overwritten.
            if isinstance(error, DatabaseTimeout):
                log.warning("answer to round %s not written in time; kept in memory", round_id)
            else:
                log.warning(
                    "database unavailable; answer to round %s kept in memory: %s", round_id, error
                )
                self.bot.metrics.database_errors.inc()
            self._keep(taken)
            writing.add_done_callback(lambda done: self._written_late(taken, done))
            recorded, outcome = True, await self._journal(taken)
        if not recorded:
            raise Refusal("quiz.answer.late", outcome="late")
        self.bot.metrics.quiz_answers.inc()
        when = clock_time(round_.deadline)
        told = "received" if outcome == "unsaved" else "saved"
        if given.mode == "rule":
            rule = rule_name(given.rule, lang)
            message = text(f"quiz.answer.{told}.rule", lang, rule=rule, when=when)
        else:
            cards = " ".join(pretty_card(card) for card in display_order(given.two))
            message = text(f"quiz.answer.{told}.set", lang, cards=cards, when=when)
        await interaction.response.send_message(message, ephemeral=True)
        return outcome

    async def _journal(self, taken: quiz_store.AnswerIn) -> str:
        """Put a kept answer on disk before the member is told it is saved: "kept".

        If the disk will not take it (in time), the member is told honestly that the
        answer is received but not yet stored: "unsaved".
        """
        try:
            await asyncio.wait_for(asyncio.shield(self.journal.append(taken)), JOURNAL_WAIT)
        except (OSError, TimeoutError) as error:
            log.error(
                "answer to round %s not journaled (%s): told 'received'",
                taken.round_id,
                error or "timeout",
            )
            return "unsaved"
        return "kept"

    def _written_late(self, taken: quiz_store.AnswerIn, done: asyncio.Future[bool]) -> None:
        """A kept answer's slow write went through after all: it need not wait in memory."""
        if done.cancelled() or done.exception() is not None or not done.result():
            return
        waiting = self.pending.get(taken.round_id, {})
        if waiting.get(taken.user_id) == (taken.answer, taken.answered_at):
            del waiting[taken.user_id]
            self._journal_changed()

    async def round_for_answer(self, database: Database, round_id: int) -> RoundAndQuiz:
        """The round (and its quiz) an answer is for: from memory while it is open.

        When it is not in memory (just after a restart), the first answer loads it and
        the answers arriving meanwhile wait for that one load instead of each querying.
        """
        cached = self.open_rounds.get(round_id)
        if cached is not None:
            return cached
        loading = self._loading.get(round_id)
        if loading is None:
            loading = asyncio.ensure_future(self._load_round(database, round_id))
            self._loading[round_id] = loading
            loading.add_done_callback(lambda done: self._forget_loading(round_id, done))
        return await asyncio.shield(loading)

    def _forget_loading(self, round_id: int, done: asyncio.Future[Any]) -> None:
        self._loading.pop(round_id, None)
        if not done.cancelled():
            done.exception()  # retrieved: the answers waiting for it may have given up

    async def _load_round(self, database: Database, round_id: int) -> RoundAndQuiz:
        round_ = await quiz_store.get_round(database, round_id)
        quiz = None if round_ is None else await quiz_store.get_quiz(database, round_.quiz_id)
        if round_ is not None and quiz is not None and round_.status == "open":
            self.hold(round_, quiz)
        return round_, quiz

    async def write_pending(self, round_id: int) -> None:
        """Write the answers taken during a database outage (raises while it lasts)."""
        waiting = self.pending.get(round_id, {})
        taken = [quiz_store.AnswerIn(round_id, user, *given) for user, given in waiting.items()]
        if taken:
            await quiz_store.record_answers(self.db, taken)
            if self._settled(taken):
                await self._rewrite_journal()
