"""One runner per quiz: it owns its task and drives the quiz's rounds to the end.

A quiz moves by steps, each decided from the database alone (post a round, post its
message, wait for the deadline and score, reveal, finish), so a runner can be
started again at any point after a restart and picks up where the quiz stands.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Final

import discord

from houseway import house_way
from houseway.cards import deal, sort_key
from houseway.learning.answers import Answer, judge, mode_of
from houseway.learning.practice import rule_options
from houseway.learning.quiz import points

from ...pictures.cards_image import render_hand, render_split
from ...service.timing import QuizTiming
from ...storage import Database, DatabaseError
from ...storage import quiz as quiz_store
from ...storage import results as scores
from ...texts.alt_text import decision_description, hand_description, picture_file
from ...texts.i18n import language, text
from .embeds import REVEAL_IMAGE, ROUND_IMAGE, reveal_embed, round_embed, summary_embed
from .intake import AnswerIntake
from .views import AnswerSelect, answer_view
from .why import why_view

if TYPE_CHECKING:
    from ...app.client import HousewayBot

log = logging.getLogger(__name__)

UNKNOWN_CHANNEL: Final = 10003  # Discord's JSON error code
#: How far a resuming runner looks for a post it made before a crash: one page of history.
SEARCH_LIMIT: Final = 100
_RANDOM = random.SystemRandom()  # deals and rule choices no one can predict


#: The channels a quiz runs in: each posts, reads its history and edits a post by id
#: (get_partial_message, which discord.abc.Messageable lacks).
QuizChannel = (
    discord.TextChannel
    | discord.VoiceChannel
    | discord.StageChannel
    | discord.Thread
    | discord.DMChannel
)


async def channel_of(bot: HousewayBot, channel_id: int) -> QuizChannel:
    channel = bot.get_channel(channel_id)
    if channel is None:
        channel = await bot.fetch_channel(channel_id)
    assert isinstance(channel, QuizChannel)
    return channel


async def close_round_message(
    bot: HousewayBot,
    quiz: quiz_store.Quiz,
    round_: quiz_store.Round,
    count: int | None = None,
    stopped: tuple[float, int] | None = None,
) -> None:
    """Take the answer menu off a round's message (best effort: the round is over);
    ``stopped``: (when, by whom) a moderator stopped the quiz during the round."""
    if round_.message_id is None:
        return
    if count is None:
        count = await quiz_store.answer_count(bot.database, round_.id)
    lang = language(quiz.locale)
    try:
        channel = await channel_of(bot, quiz.channel_id)
        await channel.get_partial_message(round_.message_id).edit(
            content=text("quiz.round.closed", lang, count=count),
            embed=round_embed(quiz, round_, lang, round_.deadline, closed=True, stopped=stopped),
            view=None,
            allowed_mentions=discord.AllowedMentions.none(),  # the moderator named, not pinged
        )
    except discord.HTTPException as error:
        log.warning("could not close the message of round %s: %s", round_.id, error)


class QuizRunner:
    """Drives one quiz; ``start`` creates its task, ``stop`` cancels it and waits.

    ``on_done`` is called when the quiz is over (finished, stopped, or its channel
    closed to the bot), not when the runner is stopped for a shutdown.
    """

    def __init__(
        self,
        bot: HousewayBot,
        intake: AnswerIntake,
        timing: QuizTiming,
        quiz_id: int,
        on_done: Callable[[int], None],
    ) -> None:
        self.bot = bot
        self.intake = intake
        self.timing = timing
        self.quiz_id = quiz_id
        self.on_done = on_done
        self.task: asyncio.Task[None] | None = None
        #: Messages posted but not yet recorded in the database (see send_once).
        self.sent: dict[tuple[str, int], tuple[int, float]] = {}
        #: Posts whose step before was taken by this runner: no earlier process can have
        #: made them, so there is nothing to look for in the channel (see send_once).
        self.own: set[tuple[str, int]] = set()

    @property
    def db(self) -> Database:
        return self.bot.database

    @property
    def running(self) -> bool:
        return self.task is not None and not self.task.done()

    def start(self) -> None:
        if not self.running:
            self.task = asyncio.create_task(self.run(), name=f"quiz-{self.quiz_id}")
            self.task.add_done_callback(self._ended)

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)

    def _ended(self, task: asyncio.Task[None]) -> None:
        """The task's error handler: log what escaped; a quiz that is over leaves the cog."""
        if task.cancelled():
            return
        if task.exception() is not None:
            log.error("quiz %s runner stopped", self.quiz_id, exc_info=task.exception())
            return
        self.on_done(self.quiz_id)

    async def run(self) -> None:
        """Drive the quiz from wherever it stands to its end; safe to restart at any point."""
        while True:
            try:
                if await self.step():
                    return
            except asyncio.CancelledError:
                raise
            except (DatabaseError, discord.HTTPException, OSError) as error:
                if isinstance(error, discord.Forbidden) or (
                    isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL
                ):
                    # No access to the channel (or it is gone): retrying cannot help, and
                    # a quiz left running would block the channel for the next start.
                    log.warning(
                        "quiz %s: cannot post in its channel (%s); stopping it",
                        self.quiz_id,
                        error,
                    )
                    with contextlib.suppress(DatabaseError):  # else: tried again next time
                        await quiz_store.stop_quiz(self.db, self.quiz_id)
                        return
                if isinstance(error, DatabaseError):
                    self.bot.metrics.database_errors.inc()
                log.warning(
                    "quiz %s: %s; retrying in %.0f s", self.quiz_id, error, self.timing.retry_delay
                )
                await asyncio.sleep(self.timing.retry_delay)
            except Exception:
                log.exception("quiz %s failed; retrying", self.quiz_id)
                await asyncio.sleep(self.timing.retry_delay)

    async def step(self) -> bool:
        """Advance the quiz by one state change; True when it is over."""
        quiz = await quiz_store.get_quiz(self.db, self.quiz_id)
        if quiz is None or quiz.status != "running":
            return True
        round_ = await quiz_store.last_round(self.db, self.quiz_id)
        if round_ is None or round_.status == "announced":
            if round_ is not None and round_.number >= quiz.rounds:
                await self.finish(quiz, round_)
                return True
            await self.post_round(quiz, 1 if round_ is None else round_.number + 1)
        elif round_.message_id is None:
            await self.post_round_message(quiz, round_)
        elif round_.status == "open":
            await self.wait_for_deadline(quiz, round_)
            await self.score(quiz, await quiz_store.get_round(self.db, round_.id) or round_)
        elif round_.status == "scored":
            await self.announce(quiz, round_)
        return False

    async def post_round(self, quiz: quiz_store.Quiz, number: int) -> None:
        hand = tuple(sorted(deal(_RANDOM), key=sort_key))  # shown sorted, as everywhere
        decision = house_way(hand)
        choices = rule_options(decision, _RANDOM) if quiz.mode == "rule" else []
        now = time.time()
        round_ = quiz_store.Round(
            id=quiz_store.new_id(),
            quiz_id=quiz.id,
            number=number,
            hand=hand,
            choices=choices,
            channel_id=quiz.channel_id,
            message_id=None,
            posted_at=now,
            deadline=now + quiz.seconds,
            status="open",
            reveal_message_id=None,
        )
        await quiz_store.add_round(self.db, round_)
        self.own.add(("round", round_.id))
        await self.post_round_message(quiz, round_)

    async def post_round_message(self, quiz: quiz_store.Quiz, round_: quiz_store.Round) -> None:
        """Post the round (hand, picture, answer menu); its clock starts when it is posted."""
        lang = language(quiz.locale)
        # Posted for everyone: the two-colour deck, not any one member's choice.
        png = await asyncio.to_thread(render_hand, round_.hand)
        embed = round_embed(quiz, round_, lang, deadline=time.time() + quiz.seconds)
        view = answer_view(quiz, round_, lang)
        channel = await channel_of(self.bot, quiz.channel_id)

        async def send() -> discord.Message:
            return await channel.send(
                content=text("quiz.round.count", lang, count=0),
                embed=embed,
                view=view,
                file=picture_file(png, ROUND_IMAGE, hand_description(round_.hand, lang)),
            )

        def is_this_round(message: discord.Message) -> bool:
            return any(
                getattr(item, "custom_id", None) == AnswerSelect.custom_id_for(round_.id)
                for row in message.components
                for item in getattr(row, "children", ())
            )

        key = ("round", round_.id)
        since = discord.utils.time_snowflake(datetime.fromtimestamp(round_.posted_at - 1, tz=UTC))
        message_id, posted = await self.send_once(key, send, channel, since, is_this_round)
        posted_round = replace(
            round_, message_id=message_id, posted_at=posted, deadline=posted + quiz.seconds
        )
        # Members may answer from now on: the round is held before the database write, so
        # a database that hangs right now costs no answer its "saved" (they are kept).
        self.intake.hold(posted_round, quiz)
        await quiz_store.set_round_message(
            self.db, round_.id, message_id, posted, posted + quiz.seconds
        )
        self.sent.pop(key, None)

    async def send_once(
        self,
        key: tuple[str, int],
        send: Callable[[], Awaitable[discord.Message]],
        channel: discord.abc.Messageable,
        since: int | None,
        is_it: Callable[[discord.Message], bool],
    ) -> tuple[int, float]:
        """Post at most once per key: (message id, when posted).

        A post is remembered until its caller has stored it (and pops the key), so when
        the database write after a post fails and the runner retries, the retry records
        the message already posted instead of posting it again. A process that dies
        between a post and its record leaves the post unrecorded: a runner resuming that
        step (the key is not its ``own``) first looks in the channel after message
        ``since`` for a message of the bot's that ``is_it``, and records that one.
        """
        if key not in self.sent:
            found = None
            if key not in self.own and since is not None:
                found = await self.find_posted(channel, since, is_it)
            if found is not None:
                log.info(
                    "quiz %s: %s %s was posted before a restart; not posting it again",
                    self.quiz_id,
                    *key,
                )
                self.sent[key] = (found.id, found.created_at.timestamp())
            else:
                message = await send()
                self.sent[key] = (message.id, time.time())
        return self.sent[key]

    async def find_posted(
        self, channel: discord.abc.Messageable, since: int, is_it: Callable[[discord.Message], bool]
    ) -> discord.Message | None:
        """The bot's first message after ``since`` that ``is_it`` (one page of history)."""
        me = self.bot.user
        async for message in channel.history(
            limit=SEARCH_LIMIT, after=discord.Object(id=since), oldest_first=True
        ):
            if me is not None and message.author.id == me.id and is_it(message):
                return message
        return None

    async def wait_for_deadline(self, quiz: quiz_store.Quiz, round_: quiz_store.Round) -> None:
        """Sleep to the deadline, refreshing the answer count now and then (a count, not who).

        The deadline is re-read from the database each time: the database, not this
        process's memory, is the authority on when a round ends.
        """
        lang = language(quiz.locale)
        shown = 0
        while True:
            current = await quiz_store.get_round(self.db, round_.id)
            if current is None or current.status != "open":
                return
            self.intake.hold(current, quiz)
            left = current.deadline - time.time()
            if left <= 0:
                break
            await asyncio.sleep(min(self.timing.counter_refresh, left))
            count = await self.intake.answered(round_.id)
            if count != shown and time.time() < current.deadline and current.message_id:
                channel = await channel_of(self.bot, quiz.channel_id)
                try:  # best effort: the count is a courtesy (the message may be deleted)
                    await channel.get_partial_message(current.message_id).edit(
                        content=text("quiz.round.count", lang, count=count)
                    )
                except discord.HTTPException as error:
                    log.warning("could not update the count of round %s: %s", round_.id, error)
                shown = count
        await asyncio.sleep(self.timing.grace)

    async def score(self, quiz: quiz_store.Quiz, round_: quiz_store.Round) -> None:
        """Mark answers and add points, in one transaction that also closes the round."""
        hand = round_.hand
        decision = house_way(hand)
        month = quiz_store.month_of(round_.deadline)
        await self.intake.writer.flush()
        await self.intake.write_pending(round_.id)
        self.intake.forget(round_.id)
        async with self.db.transaction() as tx:
            if not await quiz_store.claim_for_scoring(tx, round_.id):
                return
            self.own.add(("reveal", round_.id))
            self.bot.metrics.quiz_rounds.inc()
            for row in await quiz_store.answers(tx, round_.id):
                given = Answer.from_stored(mode_of(quiz.mode), str(row["answer"]))
                correct = judge(given, decision).correct
                earned = points(correct, row["answered_at"], round_.posted_at, quiz.seconds)
                await quiz_store.add_score(
                    tx, round_.id, quiz.guild_id, row["user_id"], month, earned, correct
                )

    async def announce(self, quiz: quiz_store.Quiz, round_: quiz_store.Round) -> None:
        """Reveal the house way, the rule and who got it right; then close the round."""
        lang = language(quiz.locale)
        decision = house_way(round_.hand)
        results = await scores.round_results(self.db, round_.id)
        counts = await scores.answer_counts(self.db, round_.id)
        totals = await scores.quiz_totals(self.db, quiz.id)
        embed = reveal_embed(quiz, round_, decision, results, lang, counts, totals)
        channel = await channel_of(self.bot, quiz.channel_id)

        async def send() -> discord.Message:
            png = await asyncio.to_thread(render_split, decision.five, decision.two, lang=lang)
            description = decision_description(decision, lang)
            return await channel.send(
                embed=embed,
                file=picture_file(png, REVEAL_IMAGE, description),
                view=why_view(round_.id, lang),
            )

        def is_this_reveal(message: discord.Message) -> bool:
            return any(shown.title == embed.title for shown in message.embeds)

        key = ("reveal", round_.id)
        message_id, _ = await self.send_once(key, send, channel, round_.message_id, is_this_reveal)
        await quiz_store.mark_announced(self.db, round_.id, message_id)
        self.sent.pop(key, None)
        if round_.number >= quiz.rounds:
            self.own.add(("finish", quiz.id))
        await close_round_message(self.bot, quiz, round_, len(results))
        if round_.number < quiz.rounds:
            await asyncio.sleep(quiz.pause)  # time to read the answer before the next hand

    async def finish(self, quiz: quiz_store.Quiz, last: quiz_store.Round) -> None:
        """Post the quiz's top scorers, then mark it finished (a failed post is retried)."""
        lang = language(quiz.locale)
        embed = summary_embed(await scores.quiz_totals(self.db, quiz.id), quiz.rounds, lang)
        channel = await channel_of(self.bot, quiz.channel_id)

        def is_the_summary(message: discord.Message) -> bool:
            return any(shown.title == embed.title for shown in message.embeds)

        key = ("finish", quiz.id)
        await self.send_once(
            key,
            lambda: channel.send(embed=embed),
            channel,
            last.reveal_message_id,
            is_the_summary,
        )
        await quiz_store.end_quiz(self.db, quiz.id, "finished")
        self.sent.pop(key, None)
