"""/quiz: rounds where members set hands the house way, scored into a leaderboard.

All quiz state (rounds, deadlines, answers) lives in the database, so a restart
loses nothing: at start-up every running quiz gets its runner back, components
keep working through dynamic items (their custom ids carry the round id), and a
round whose deadline passed while the bot was down is revealed at once. A round
moves open -> scored -> announced; the move to scored is one conditional UPDATE
in the same transaction as the points, so nothing is scored or revealed twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import math
import random
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from houseway import house_way, sentences_for
from houseway.cards import NAMES, card_from_name, deal, format_cards, parse_cards
from houseway.quiz import BASE_POINTS, MODES, SPEED_BONUS, is_correct, points, rule_choices
from houseway.rules import RULES

from ..cards_image import render_hand, render_split
from ..embeds import COLOUR, add_split_fields, pretty_card, pretty_cards, quote_rules
from ..i18n import language, text
from ..storage import Bounded, Database, DatabaseError, DatabaseTimeout
from ..storage import quiz as store

if TYPE_CHECKING:
    from ..client import HousewayBot

log = logging.getLogger(__name__)

#: The round message's answer count is edited at most this often (edits are rate-limited).
COUNTER_REFRESH: Final = 5.0
#: After the deadline, wait this long for answers accepted just before it to be written.
GRACE: Final = 1.0
#: How long a runner waits before retrying after a database or Discord failure.
RETRY_DELAY: Final = 3.0
PAGE_SIZE: Final = 10
MAX_NAMES: Final = 30
ROUND_IMAGE: Final = "round.png"
UNKNOWN_CHANNEL: Final = 10003  # Discord's JSON error code
REVEAL_IMAGE: Final = "answer.png"
_RANDOM = random.SystemRandom()  # deals and rule choices no one can predict


#: Database work for an interaction gets this long, counted from when Discord created
#: it; then the reply goes out anyway (Discord allows 3 seconds): an answer is kept in
#: memory like one taken during an outage, a command says scores are unavailable.
ANSWER_ACK_BY: Final = 2.0
#: ... but the database always gets at least this long (clocks may disagree with Discord's).
MIN_WRITE_WAIT: Final = 0.25


def ack_budget(interaction: discord.Interaction, now: float) -> float:
    """Seconds the database may take for this interaction before it is answered anyway."""
    age = now - interaction.created_at.timestamp()
    return max(MIN_WRITE_WAIT, min(ANSWER_ACK_BY, ANSWER_ACK_BY - age))


def score_lines(rows: list[Any], lang: str, first_rank: int) -> list[str]:
    """Ranked lines "**n.** @member – points (correct)" for a leaderboard or a quiz's end."""
    return [
        text(
            "quiz.leaderboard.line",
            lang,
            rank=first_rank + i,
            user=f"<@{row['user_id']}>",
            points=int(row["points"]),
            correct=int(row["correct"]),
        )
        for i, row in enumerate(rows)
    ]


def message_link(guild_id: int, channel_id: int, message_id: int | None) -> str:
    if message_id is None:
        return f"https://discord.com/channels/{guild_id}/{channel_id}"
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


def discord_time(timestamp: float) -> str:
    """A Discord timestamp tag: each client shows it relative, in its own language."""
    return f"<t:{math.ceil(timestamp)}:R>"


def _client(interaction: discord.Interaction) -> HousewayBot:
    return interaction.client  # type: ignore[return-value]


def _cog(interaction: discord.Interaction) -> QuizCog:
    cog = interaction.client.get_cog("QuizCog")  # type: ignore[attr-defined]
    assert isinstance(cog, QuizCog)
    return cog


class AnswerSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"quiz:answer:(?P<round_id>[0-9]+)"
):
    """The answer menu of a round; its custom id names the round, so it outlives restarts."""

    def __init__(self, round_id: int, select: discord.ui.Select[Any] | None = None) -> None:
        super().__init__(select or discord.ui.Select(custom_id=f"quiz:answer:{round_id}"))
        self.round_id = round_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AnswerSelect:
        return cls(int(match["round_id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
        async with _client(interaction).component(interaction, "quiz answer") as outcome:
            outcome.value = await _cog(interaction).take_answer(interaction, self.round_id, values)


class LeaderboardPage(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"quiz:lb:(?P<period>all|month):(?P<page>[0-9]+)",
):
    """Previous/next buttons of the leaderboard."""

    def __init__(self, period: str, page: int, label: str = "", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or str(page),
                custom_id=f"quiz:lb:{period}:{page}",
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
            )
        )
        self.period, self.page = period, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LeaderboardPage:
        return cls(match["period"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with _client(interaction).component(interaction, "quiz leaderboard page"):
            embed, view = await _cog(interaction).leaderboard_page(
                interaction, self.period, self.page
            )
            await interaction.response.edit_message(embed=embed, view=view)


class ResetChoice(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"quiz:reset:(?P<choice>yes|no):(?P<user_id>[0-9]+)",
):
    """The confirmation step of /quiz reset; only the member who asked may answer it."""

    def __init__(self, choice: str, user_id: int, label: str = "") -> None:
        style = discord.ButtonStyle.danger if choice == "yes" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label or choice, style=style, custom_id=f"quiz:reset:{choice}:{user_id}"
            )
        )
        self.choice, self.user_id = choice, user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ResetChoice:
        return cls(match["choice"], int(match["user_id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with _client(interaction).component(interaction, "quiz reset confirm") as outcome:
            outcome.value = await _cog(interaction).confirm_reset(
                interaction, self.choice, self.user_id
            )


@app_commands.guild_only()  # the whole group: quizzes and scores belong to a server
class QuizCog(
    commands.GroupCog,
    name="QuizCog",
    group_name=_("quiz"),
    group_description=_("House Way quiz rounds"),
):
    def __init__(self, bot: HousewayBot) -> None:
        self.bot = bot
        self.runners: dict[int, asyncio.Task[None]] = {}
        #: Open rounds and their quizzes by round id, so an answer costs one statement.
        #: The database stays the authority: the answer's INSERT checks status and deadline.
        self.open_rounds: dict[int, tuple[store.Round, store.Quiz]] = {}
        #: Answers taken while the database was unreachable, by round then member:
        #: written (with their original times) before the round is scored.
        self.pending: dict[int, dict[int, tuple[str, float]]] = {}
        self._loading: dict[int, asyncio.Future[tuple[store.Round | None, store.Quiz | None]]] = {}
        self.writer = store.AnswerWriter(bot.database)
        self.background: set[asyncio.Task[Any]] = set()
        #: Messages posted but not yet recorded in the database (see send_once).
        self.sent: dict[tuple[str, int], tuple[int, float]] = {}
        super().__init__()

    @property
    def db(self) -> Database:
        return self.bot.database

    def db_for(self, interaction: discord.Interaction) -> Bounded:
        """The database, bounded so that the interaction is answered in time whatever it does."""
        loop = asyncio.get_running_loop()
        return Bounded(self.db, loop.time() + ack_budget(interaction, time.time()))

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(AnswerSelect, LeaderboardPage, ResetChoice)

    async def cog_unload(self) -> None:
        await self.stop_runners()

    async def stop_runners(self) -> None:
        """Cancel the runners; the quizzes stay 'running' in the database for the next start.

        Answers already being written are waited for, so an acknowledged answer is kept.
        """
        tasks = list(self.runners.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.writer.flush()
        self.runners.clear()

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        await self.resume_quizzes()

    async def resume_quizzes(self) -> None:
        """Give every running quiz of this process's guilds its runner back."""
        while True:
            try:
                quizzes = await store.running_quizzes(self.db)
                break
            except DatabaseError as error:
                log.warning("cannot read running quizzes (%s); retrying", error)
                await asyncio.sleep(RETRY_DELAY)
        for quiz in quizzes:
            if self.bot.get_guild(quiz.guild_id) is not None:
                self.start_runner(quiz.id)

    def start_runner(self, quiz_id: int) -> None:
        task = self.runners.get(quiz_id)
        if task is None or task.done():
            self.runners[quiz_id] = asyncio.create_task(
                self.run_quiz(quiz_id), name=f"quiz-{quiz_id}"
            )

    # --- permissions ----------------------------------------------------------------

    async def is_quizmaster(self, interaction: discord.Interaction) -> bool:
        """Manage Server, or the configured quizmaster role: checked on every use."""
        if interaction.guild_id is None:
            return False
        if interaction.permissions.manage_guild:
            return True
        config = await store.guild_config(self.db_for(interaction), interaction.guild_id)
        member = interaction.user
        return (
            config.quizmaster_role_id is not None
            and isinstance(member, discord.Member)
            and any(role.id == config.quizmaster_role_id for role in member.roles)
        )

    async def deny(self, interaction: discord.Interaction, key: str, **values: object) -> None:
        """Refuse privately; the log line and metrics get the reason (e.g. "forbidden")."""
        interaction.extras["outcome"] = key.removeprefix("quiz.").replace(".", "_")
        await interaction.response.send_message(
            text(key, language(interaction.locale), **values), ephemeral=True
        )

    # --- commands -------------------------------------------------------------------

    @app_commands.command(name=_("start"), description=_("Start a quiz in this channel"))
    @app_commands.guild_only()
    @app_commands.rename(rounds=_("rounds"), seconds=_("seconds"), mode=_("mode"))
    @app_commands.describe(
        rounds=_("Number of rounds (1-20)"),
        seconds=_("Seconds per round (10-300)"),
        mode=_("Set the hand, or name the rule"),
    )
    @app_commands.choices(
        mode=[
            app_commands.Choice(name=_("Set the hand"), value="set"),
            app_commands.Choice(name=_("Name the rule"), value="rule"),
        ]
    )
    async def start(
        self,
        interaction: discord.Interaction,
        rounds: app_commands.Range[int, 1, 20] | None = None,
        seconds: app_commands.Range[int, 10, 300] | None = None,
        mode: str = "set",
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            await self.deny(interaction, "quiz.guild_only")
            return
        if not await self.is_quizmaster(interaction):
            await self.deny(interaction, "quiz.forbidden")
            return
        db = self.db_for(interaction)
        config = await store.guild_config(db, interaction.guild_id)
        guild_locale = interaction.guild_locale or discord.Locale.american_english
        quiz = store.Quiz(
            id=store.new_id(),
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            started_by=interaction.user.id,
            mode=mode if mode in MODES else "set",
            rounds=rounds or config.default_rounds,
            seconds=seconds or config.default_seconds,
            locale=guild_locale.value,
            status="running",
        )
        try:
            await self.create_in_time(interaction, quiz)
        except store.AlreadyRunning:
            running = await store.running_quiz_in(db, interaction.channel_id)
            current = await store.last_round(db, running.id) if running else None
            link = message_link(
                interaction.guild_id,
                interaction.channel_id,
                current.message_id if current else None,
            )
            await self.deny(interaction, "quiz.already_running", link=link)
            return
        lang = language(quiz.locale)
        await interaction.response.send_message(
            text(
                "quiz.started.one" if quiz.rounds == 1 else "quiz.started",
                lang,
                rounds=quiz.rounds,
                seconds=quiz.seconds,
                mode=text(f"quiz.mode.{quiz.mode}", lang),
                user=interaction.user.mention,
            )
        )
        self.start_runner(quiz.id)

    async def create_in_time(self, interaction: discord.Interaction, quiz: store.Quiz) -> None:
        """Create the quiz within the interaction's budget.

        If the database takes the quiz only after the moderator was told that scores are
        unavailable, it is stopped again at once rather than started unannounced.
        """
        insert = asyncio.ensure_future(store.create_quiz(self.db, quiz))
        try:
            await self.db_for(interaction).within(insert)
        except DatabaseError:
            insert.add_done_callback(lambda done: self.undo_late_quiz(done, quiz.id))
            raise

    def undo_late_quiz(self, insert: asyncio.Future[None], quiz_id: int) -> None:
        if insert.cancelled() or insert.exception() is not None:
            return
        log.warning("quiz %s was created after its command gave up; stopping it", quiz_id)
        task = asyncio.create_task(store.end_quiz(self.db, quiz_id, "stopped"))
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    @app_commands.command(name=_("stop"), description=_("Stop the quiz in this channel"))
    @app_commands.guild_only()
    async def stop(self, interaction: discord.Interaction) -> None:
        if interaction.channel_id is None or not await self.is_quizmaster(interaction):
            await self.deny(interaction, "quiz.forbidden")
            return
        db = self.db_for(interaction)
        quiz = await store.running_quiz_in(db, interaction.channel_id)
        if quiz is None or not await db.within(store.stop_quiz(self.db, quiz.id)):
            await self.deny(interaction, "quiz.not_running")
            return
        await interaction.response.send_message(
            text("quiz.stopped", language(quiz.locale), user=interaction.user.mention)
        )
        # After the reply: taking the menu off the round's message is a Discord call
        # that may be slow or rate-limited, and the moderator should not wait for it.
        task = self.runners.pop(quiz.id, None)
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        current = await store.last_round(self.db, quiz.id)
        if current is not None and current.status == "stopped":
            self.open_rounds.pop(current.id, None)
            await self.close_round_message(quiz, current)

    @app_commands.command(name=_("leaderboard"), description=_("The server's quiz leaderboard"))
    @app_commands.guild_only()
    @app_commands.rename(period=_("period"), page=_("page"))
    @app_commands.describe(period=_("All time or this month"), page=_("Page number"))
    @app_commands.choices(
        period=[
            app_commands.Choice(name=_("All time"), value="all"),
            app_commands.Choice(name=_("This month"), value="month"),
        ]
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        period: str = "all",
        page: app_commands.Range[int, 1, 10_000] = 1,
    ) -> None:
        if interaction.guild_id is None:  # guild-only, but a stale client may still ask
            await self.deny(interaction, "quiz.guild_only")
            return
        embed, view = await self.leaderboard_page(interaction, period, page)
        await interaction.response.send_message(embed=embed, view=view)

    async def leaderboard_page(
        self, interaction: discord.Interaction, period: str, page: int
    ) -> tuple[discord.Embed, discord.ui.View]:
        lang = language(interaction.locale)
        assert interaction.guild_id is not None  # callers answer DMs themselves
        month = store.month_of(time.time()) if period == "month" else None
        db = self.db_for(interaction)
        rows, ranked = await store.leaderboard(
            db, interaction.guild_id, month, PAGE_SIZE, (page - 1) * PAGE_SIZE
        )
        pages = max(1, math.ceil(ranked / PAGE_SIZE))
        if page > pages:  # past the end (the board shrank, or a big page was asked): last page
            page = pages
            rows, ranked = await store.leaderboard(
                db, interaction.guild_id, month, PAGE_SIZE, (page - 1) * PAGE_SIZE
            )
        title = (
            text("quiz.leaderboard.title.month", lang, month=month)
            if month
            else text("quiz.leaderboard.title.all", lang)
        )
        lines = score_lines(rows, lang, first_rank=(page - 1) * PAGE_SIZE + 1)
        embed = discord.Embed(
            title=title,
            colour=COLOUR,
            description="\n".join(lines) or text("quiz.leaderboard.empty", lang),
        )
        embed.set_footer(text=text("quiz.leaderboard.page", lang, page=page, pages=pages))
        view = discord.ui.View(timeout=None)
        view.add_item(
            LeaderboardPage(
                period, max(1, page - 1), text("quiz.button.previous", lang), disabled=page <= 1
            )
        )
        view.add_item(
            LeaderboardPage(
                period, page + 1, text("quiz.button.next", lang), disabled=page >= pages
            )
        )
        return embed, view

    @app_commands.command(
        name=_("config"), description=_("Quizmaster role, default time and rounds")
    )
    @app_commands.guild_only()
    @app_commands.rename(
        quizmaster_role=_("quizmaster_role"),
        seconds=_("seconds"),
        rounds=_("rounds"),
        clear_role=_("clear_role"),
    )
    @app_commands.describe(
        quizmaster_role=_("Role that may run quizzes"),
        seconds=_("Seconds per round (10-300)"),
        rounds=_("Number of rounds (1-20)"),
        clear_role=_("Remove the quizmaster role"),
    )
    async def config(
        self,
        interaction: discord.Interaction,
        quizmaster_role: discord.Role | None = None,
        seconds: app_commands.Range[int, 10, 300] | None = None,
        rounds: app_commands.Range[int, 1, 20] | None = None,
        clear_role: bool = False,
    ) -> None:
        if not await self.is_quizmaster(interaction):
            await self.deny(interaction, "quiz.forbidden")
            return
        assert interaction.guild_id is not None  # is_quizmaster is False outside servers
        db = self.db_for(interaction)
        config = await store.guild_config(db, interaction.guild_id)
        role_id = (
            None
            if clear_role
            else (quizmaster_role.id if quizmaster_role else config.quizmaster_role_id)
        )
        config = replace(
            config,
            quizmaster_role_id=role_id,
            default_seconds=seconds or config.default_seconds,
            default_rounds=rounds or config.default_rounds,
        )
        await store.save_guild_config(db, config)
        lang = language(interaction.locale)
        role = f"<@&{role_id}>" if role_id else text("quiz.config.none", lang)
        embed = discord.Embed(
            title=text("quiz.config.title", lang),
            colour=COLOUR,
            description=text(
                "quiz.config.body",
                lang,
                role=role,
                seconds=config.default_seconds,
                rounds=config.default_rounds,
            ),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name=_("reset"), description=_("Delete all quiz scores in this server"))
    @app_commands.guild_only()
    async def reset(self, interaction: discord.Interaction) -> None:
        if not await self.is_quizmaster(interaction):
            await self.deny(interaction, "quiz.forbidden")
            return
        lang = language(interaction.locale)
        view = discord.ui.View(timeout=None)
        view.add_item(ResetChoice("yes", interaction.user.id, text("quiz.reset.yes", lang)))
        view.add_item(ResetChoice("no", interaction.user.id, text("quiz.reset.no", lang)))
        await interaction.response.send_message(
            text("quiz.reset.confirm", lang), view=view, ephemeral=True
        )

    async def confirm_reset(
        self, interaction: discord.Interaction, choice: str, user_id: int
    ) -> str:
        """The confirmation's answer; returns the outcome for the log line."""
        lang = language(interaction.locale)
        if interaction.user.id != user_id:
            await self.deny(interaction, "quiz.reset.not_yours")
            return "not_yours"
        if choice == "no":
            await interaction.response.edit_message(
                content=text("quiz.reset.cancelled", lang), view=None
            )
            return "cancelled"
        if not await self.is_quizmaster(interaction):  # permissions may have changed
            await self.deny(interaction, "quiz.forbidden")
            return "forbidden"
        assert interaction.guild_id is not None
        await store.reset_scores(self.db_for(interaction), interaction.guild_id)
        await interaction.response.edit_message(content=text("quiz.reset.done", lang), view=None)
        return "reset"

    @app_commands.command(name=_("help"), description=_("How the quiz works and how it scores"))
    async def help(self, interaction: discord.Interaction) -> None:
        lang = language(interaction.locale)
        embed = discord.Embed(
            title=text("quiz.help.title", lang),
            colour=COLOUR,
            description=text("quiz.help.body", lang, base=BASE_POINTS, bonus=SPEED_BONUS),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    # --- answers ----------------------------------------------------------------------

    async def take_answer(
        self, interaction: discord.Interaction, round_id: int, values: list[str]
    ) -> str:
        """Record a member's answer (the last one counts) and acknowledge it privately.

        Returns the outcome for the log line: saved, kept (in memory, database slow or
        down), late or invalid.
        """
        now = time.time()
        lang = language(interaction.locale)
        bounded = self.db_for(interaction)  # a timeout is told as "scores unavailable"
        round_, quiz = await bounded.within(self.round_for_answer(round_id))
        if round_ is None or round_.status != "open" or now > round_.deadline:
            await self.deny(interaction, "quiz.answer.late")
            return "late"
        hand = round_.hand.split()
        if quiz is None or quiz.mode == "set":
            valid = len(values) == 2 and len(set(values)) == 2 and set(values) <= set(hand)
            answer = " ".join(values)
        else:
            valid = len(values) == 1 and values[0] in round_.choices
            answer = values[0] if values else ""
        if not valid:
            await self.deny(interaction, "quiz.answer.invalid")
            return "invalid"
        taken = store.AnswerIn(round_id, interaction.user.id, answer, now)
        outcome = "saved"
        writing = self.writer.submit(taken)
        try:
            recorded = await bounded.within(writing)
        except DatabaseError as error:
            # The round is known to be open and in time: keep the answer until the
            # database is back (or the slow write is done); the runner writes it
            # before the round is scored, and a newer answer is never overwritten.
            if isinstance(error, DatabaseTimeout):
                log.warning("answer to round %s not written in time; kept in memory", round_id)
            else:
                log.warning("database unavailable; answer to round %s kept in memory: %s",
                            round_id, error)
                self.bot.metrics.database_errors.inc()
            self.pending.setdefault(round_id, {})[interaction.user.id] = (answer, now)
            writing.add_done_callback(lambda done: self._written_late(taken, done))
            recorded, outcome = True, "kept"
        if not recorded:
            await self.deny(interaction, "quiz.answer.late")
            return "late"
        self.bot.metrics.quiz_answers.inc()
        when = discord_time(round_.deadline)
        if quiz is not None and quiz.mode == "rule":
            message = text("quiz.answer.saved.rule", lang, rule=answer, when=when)
        else:
            cards = " ".join(pretty_card(card_from_name(v)) for v in values)
            message = text("quiz.answer.saved.set", lang, cards=cards, when=when)
        await interaction.response.send_message(message, ephemeral=True)
        return outcome

    def _written_late(self, taken: store.AnswerIn, done: asyncio.Future[bool]) -> None:
        """A kept answer's slow write went through after all: it need not wait in memory."""
        if done.cancelled() or done.exception() is not None or not done.result():
            return
        waiting = self.pending.get(taken.round_id, {})
        if waiting.get(taken.user_id) == (taken.answer, taken.answered_at):
            del waiting[taken.user_id]

    async def round_for_answer(self, round_id: int) -> tuple[store.Round | None, store.Quiz | None]:
        """The round (and its quiz) an answer is for: from memory while it is open.

        When it is not in memory (just after a restart), the first answer loads it and
        the answers arriving meanwhile wait for that one load instead of each querying.
        """
        cached = self.open_rounds.get(round_id)
        if cached is not None:
            return cached
        loading = self._loading.get(round_id)
        if loading is None:
            loading = asyncio.ensure_future(self._load_round(round_id))
            self._loading[round_id] = loading
            loading.add_done_callback(lambda done: self._forget_loading(round_id, done))
        return await asyncio.shield(loading)

    def _forget_loading(self, round_id: int, done: asyncio.Future[Any]) -> None:
        self._loading.pop(round_id, None)
        if not done.cancelled():
            done.exception()  # retrieved: the answers waiting for it may have given up

    async def _load_round(
        self, round_id: int
    ) -> tuple[store.Round | None, store.Quiz | None]:
        round_ = await store.get_round(self.db, round_id)
        quiz = None if round_ is None else await store.get_quiz(self.db, round_.quiz_id)
        if round_ is not None and quiz is not None and round_.status == "open":
            self.open_rounds[round_id] = (round_, quiz)
        return round_, quiz

    # --- the runner -------------------------------------------------------------------

    async def run_quiz(self, quiz_id: int) -> None:
        """Drive one quiz from wherever it stands to its end; safe to restart at any point."""
        while True:
            try:
                if await self.step(quiz_id):
                    return
            except asyncio.CancelledError:
                raise
            except (DatabaseError, discord.HTTPException, OSError) as error:
                if isinstance(error, discord.Forbidden) or (
                    isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL
                ):
                    # No access to the channel (or it is gone): retrying cannot help, and
                    # a quiz left running would block the channel for the next start.
                    log.warning("quiz %s: cannot post in its channel (%s); stopping it",
                                quiz_id, error)
                    with contextlib.suppress(DatabaseError):  # else: tried again next time
                        await store.stop_quiz(self.db, quiz_id)
                        return
                if isinstance(error, DatabaseError):
                    self.bot.metrics.database_errors.inc()
                log.warning("quiz %s: %s; retrying in %.0f s", quiz_id, error, RETRY_DELAY)
                await asyncio.sleep(RETRY_DELAY)
            except Exception:
                log.exception("quiz %s failed; retrying", quiz_id)
                await asyncio.sleep(RETRY_DELAY)

    async def step(self, quiz_id: int) -> bool:
        """Advance the quiz by one state change; True when it is over."""
        quiz = await store.get_quiz(self.db, quiz_id)
        if quiz is None or quiz.status != "running":
            return True
        round_ = await store.last_round(self.db, quiz_id)
        if round_ is None or round_.status == "announced":
            if round_ is not None and round_.number >= quiz.rounds:
                await self.finish(quiz)
                return True
            await self.post_round(quiz, 1 if round_ is None else round_.number + 1)
        elif round_.message_id is None:
            await self.post_round_message(quiz, round_)
        elif round_.status == "open":
            await self.wait_for_deadline(quiz, round_)
            await self.score(quiz, await store.get_round(self.db, round_.id) or round_)
        elif round_.status == "scored":
            await self.announce(quiz, round_)
        return False

    async def channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            channel = await self.bot.fetch_channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        return channel

    async def post_round(self, quiz: store.Quiz, number: int) -> None:
        hand = deal(_RANDOM)
        decision = house_way(hand)
        choices = rule_choices(decision, _RANDOM) if quiz.mode == "rule" else []
        now = time.time()
        round_ = store.Round(
            id=store.new_id(),
            quiz_id=quiz.id,
            number=number,
            hand=format_cards(hand),
            choices=choices,
            channel_id=quiz.channel_id,
            message_id=None,
            posted_at=now,
            deadline=now + quiz.seconds,
            status="open",
            reveal_message_id=None,
        )
        await store.add_round(self.db, round_)
        await self.post_round_message(quiz, round_)

    async def post_round_message(self, quiz: store.Quiz, round_: store.Round) -> None:
        """Post the round (hand, picture, answer menu); its clock starts when it is posted."""
        lang = language(quiz.locale)
        cards = round_.hand.split()
        png = await asyncio.to_thread(render_hand, cards)
        deadline = time.time() + quiz.seconds
        embed = discord.Embed(
            title=text("quiz.round.title", lang, number=round_.number, rounds=quiz.rounds),
            description=(
                f"{text(f'quiz.round.{quiz.mode}', lang)}\n\n"
                f"**{pretty_cards(card_from_name(c) for c in cards)}**\n\n"
                f"{text('quiz.round.deadline', lang, when=discord_time(deadline))}"
            ),
            colour=COLOUR,
        )
        embed.set_image(url=f"attachment://{ROUND_IMAGE}")
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"quiz:answer:{round_.id}",
            placeholder=text(f"quiz.placeholder.{quiz.mode}", lang),
        )
        if quiz.mode == "rule":
            select.min_values = select.max_values = 1
            for rule_id in round_.choices:
                select.add_option(
                    label=rule_id, value=rule_id, description=RULES[rule_id].swedish[:100]
                )
        else:
            select.min_values = select.max_values = 2
            for card in cards:
                select.add_option(label=pretty_card(card_from_name(card)), value=card)
        view = discord.ui.View(timeout=None)
        view.add_item(AnswerSelect(round_.id, select))
        channel = await self.channel(quiz.channel_id)

        async def send() -> discord.Message:
            return await channel.send(
                content=text("quiz.round.count", lang, count=0),
                embed=embed,
                view=view,
                file=discord.File(io.BytesIO(png), filename=ROUND_IMAGE),
            )

        key = ("round", round_.id)
        message_id, posted = await self.send_once(key, send)
        await store.set_round_message(self.db, round_.id, message_id, posted, posted + quiz.seconds)
        self.sent.pop(key, None)
        posted_round = replace(
            round_, message_id=message_id, posted_at=posted, deadline=posted + quiz.seconds
        )
        self.open_rounds[round_.id] = (posted_round, quiz)

    async def send_once(
        self, key: tuple[str, int], send: Callable[[], Awaitable[discord.Message]]
    ) -> tuple[int, float]:
        """Post at most once per key: (message id, when posted).

        A post is remembered until its caller has stored it (and pops the key), so when
        the database write after a post fails and the runner retries, the retry records
        the message already posted instead of posting it again. (A crash in between can
        still repeat a post after the restart; a lost post would be worse.)
        """
        if key not in self.sent:
            message = await send()
            self.sent[key] = (message.id, time.time())
        return self.sent[key]

    async def wait_for_deadline(self, quiz: store.Quiz, round_: store.Round) -> None:
        """Sleep to the deadline, refreshing the answer count now and then (a count, not who).

        The deadline is re-read from the database each time: the database, not this
        process's memory, is the authority on when a round ends.
        """
        lang = language(quiz.locale)
        shown = 0
        while True:
            current = await store.get_round(self.db, round_.id)
            if current is None or current.status != "open":
                return
            self.open_rounds[current.id] = (current, quiz)
            left = current.deadline - time.time()
            if left <= 0:
                break
            await asyncio.sleep(min(COUNTER_REFRESH, left))
            # Answers kept in memory (database slow or down) count too: members saw "saved".
            answered = await store.answered_by(self.db, round_.id)
            count = len(answered | self.pending.get(round_.id, {}).keys())
            if count != shown and time.time() < current.deadline and current.message_id:
                channel = await self.channel(quiz.channel_id)
                try:  # best effort: the count is a courtesy (the message may be deleted)
                    await channel.get_partial_message(current.message_id).edit(  # type: ignore[attr-defined]
                        content=text("quiz.round.count", lang, count=count)
                    )
                except discord.HTTPException as error:
                    log.warning("could not update the count of round %s: %s", round_.id, error)
                shown = count
        await asyncio.sleep(GRACE)

    async def write_pending(self, round_id: int) -> None:
        """Write the answers taken during a database outage (raises while it lasts)."""
        waiting = self.pending.get(round_id, {})
        if waiting:
            taken = [store.AnswerIn(round_id, user, *given) for user, given in waiting.items()]
            await store.record_answers(self.db, taken)
        self.pending.pop(round_id, None)

    async def score(self, quiz: store.Quiz, round_: store.Round) -> None:
        """Mark answers and add points, in one transaction that also closes the round."""
        hand = parse_cards(round_.hand, 7)
        decision = house_way(hand)
        month = store.month_of(round_.deadline)
        await self.writer.flush()
        await self.write_pending(round_.id)
        self.open_rounds.pop(round_.id, None)
        async with self.db.transaction() as tx:
            if not await store.claim_for_scoring(tx, round_.id):
                return
            self.bot.metrics.quiz_rounds.inc()
            for row in await store.answers(tx, round_.id):
                answer: Any = row["answer"]
                if quiz.mode == "set":
                    answer = [card_from_name(name) for name in answer.split()]
                correct = is_correct(quiz.mode, hand, decision, answer)
                earned = points(correct, row["answered_at"], round_.posted_at, quiz.seconds)
                await store.add_score(
                    tx, round_.id, quiz.guild_id, row["user_id"], month, earned, correct
                )

    async def announce(self, quiz: store.Quiz, round_: store.Round) -> None:
        """Reveal the house way, the rule and who got it right; then close the round."""
        lang = language(quiz.locale)
        decision = house_way(parse_cards(round_.hand, 7))
        results = await store.round_results(self.db, round_.id)
        right = [row for row in results if row["correct"]]
        embed = discord.Embed(
            title=text("quiz.reveal.title", lang, number=round_.number, rounds=quiz.rounds),
            description=(
                quote_rules(sentences_for(decision.path), lang)
                + "\n\n"
                + text("quiz.reveal.rule", lang, rule=" → ".join(decision.path))
            ),
            colour=COLOUR,
        )
        add_split_fields(embed, decision, lang)
        names = [f"<@{row['user_id']}> +{row['points']}" for row in right[:MAX_NAMES]]
        if len(right) > MAX_NAMES:
            names.append(text("quiz.reveal.more", lang, count=len(right) - MAX_NAMES))
        embed.add_field(
            name=text("quiz.reveal.right", lang, count=len(right), answered=len(results)),
            value=", ".join(names) if names else text("quiz.reveal.nobody", lang),
            inline=False,
        )
        embed.set_image(url=f"attachment://{REVEAL_IMAGE}")
        channel = await self.channel(quiz.channel_id)

        async def send() -> discord.Message:
            png = await asyncio.to_thread(
                render_split, [NAMES[c] for c in decision.five], [NAMES[c] for c in decision.two]
            )
            return await channel.send(
                embed=embed, file=discord.File(io.BytesIO(png), filename=REVEAL_IMAGE)
            )

        key = ("reveal", round_.id)
        message_id, _ = await self.send_once(key, send)
        await store.mark_announced(self.db, round_.id, message_id)
        self.sent.pop(key, None)
        await self.close_round_message(quiz, round_, len(results))

    async def close_round_message(
        self, quiz: store.Quiz, round_: store.Round, count: int | None = None
    ) -> None:
        """Take the answer menu off a round's message (best effort: the round is over)."""
        if round_.message_id is None:
            return
        if count is None:
            count = await store.answer_count(self.db, round_.id)
        try:
            channel = await self.channel(quiz.channel_id)
            await channel.get_partial_message(round_.message_id).edit(  # type: ignore[attr-defined]
                content=text("quiz.round.closed", language(quiz.locale), count=count), view=None
            )
        except discord.HTTPException as error:
            log.warning("could not close the message of round %s: %s", round_.id, error)

    async def finish(self, quiz: store.Quiz) -> None:
        """Post the quiz's top scorers, then mark it finished (a failed post is retried)."""
        lang = language(quiz.locale)
        totals = await store.quiz_totals(self.db, quiz.id)
        lines = score_lines([row for row in totals if row["points"]], lang, first_rank=1)
        embed = discord.Embed(
            title=text("quiz.finished.title", lang),
            colour=COLOUR,
            description="\n".join(lines) or text("quiz.finished.none", lang),
        )
        channel = await self.channel(quiz.channel_id)
        key = ("finish", quiz.id)
        await self.send_once(key, lambda: channel.send(embed=embed))
        await store.end_quiz(self.db, quiz.id, "finished")
        self.sent.pop(key, None)
        self.runners.pop(quiz.id, None)


async def setup(bot: HousewayBot) -> None:
    await bot.add_cog(QuizCog(bot))
