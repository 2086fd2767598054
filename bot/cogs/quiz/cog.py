"""The /quiz commands (for moderators); the cog keeps the runners and gives them back after
a restart."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from houseway.language import Lang
from houseway.learning.answers import mode_of

from ...app.checks import bounded_db
from ...app.interactions import MODE_CHOICES, Refusal
from ...storage import Bounded, Database, DatabaseError
from ...storage import quiz as quiz_store
from ...storage import results as scores
from ...storage.journal import AnswerJournal, journal_path
from ...texts.i18n import language, plural_text, text
from .checks import moderators_by_default, quizmaster_only
from .embeds import config_embed, message_link
from .intake import AnswerIntake
from .leaderboard import PAGE_ID, LeaderboardPage
from .runner import QuizRunner, close_round_message
from .standings import stopped_embed
from .views import ANSWER_ID, WHY_ID, AnswerSelect, ResetConfirmation, refuse_stale_component
from .why import WhyButton, why_presses

if TYPE_CHECKING:
    from ...app.client import HousewayBot

log = logging.getLogger(__name__)

ROUNDS = (1, 20)
SECONDS = (10, 300)
PAUSE = (0, 60)
#: A quiz language chosen in /quiz config (stored as the Lang's value), as the locale its
#: quizzes are run in.
QUIZ_LOCALES: dict[str, str] = {
    Lang.SV: discord.Locale.swedish.value,
    Lang.EN: discord.Locale.american_english.value,
}


def within(value: int | None, bounds: tuple[int, int], option: str, lang: Lang) -> int | None:
    """Discord enforces an option's range, but a client or a proxy need not: check again."""
    low, high = bounds
    if value is not None and not low <= value <= high:
        name = text(f"quiz.option.{option}", lang)
        raise Refusal(
            "quiz.bad_number", outcome="bad_input", name=name, low=low, high=high, value=value
        )
    return value


def changed_settings(before: quiz_store.GuildConfig, after: quiz_store.GuildConfig) -> set[str]:
    """The settings (by their names in config_embed) whose value a change altered."""
    pairs = {
        "role": (before.quizmaster_role_id, after.quizmaster_role_id),
        "seconds": (before.default_seconds, after.default_seconds),
        "rounds": (before.default_rounds, after.default_rounds),
        "pause": (before.round_pause, after.round_pause),
        "language": (before.language, after.language),
    }
    return {name for name, (old, new) in pairs.items() if old != new}


@app_commands.guild_only()  # the whole group: quizzes and scores belong to a server
@app_commands.allowed_installs(guilds=True, users=False)
# Discord shows /quiz to members with Manage Server unless the server's admins grant it to
# roles, members or channels (Server Settings -> Integrations); the bot checks again.
@moderators_by_default()
class QuizCog(
    commands.GroupCog,
    name="QuizCog",
    group_name=_("quiz"),
    group_description=_("House Way quiz rounds"),
):
    #: What /about tells members this cog keeps about them.
    STORES_ABOUT_MEMBERS: ClassVar[tuple[str, ...]] = ("about.stored.quiz", "about.stored.journal")

    def __init__(self, bot: HousewayBot) -> None:
        self.bot = bot
        self.timing = bot.settings.quiz_timing
        journal = AnswerJournal(journal_path(bot.settings.data_dir, bot.settings.shard_ids))
        self.intake = AnswerIntake(bot, journal)
        self.runners: dict[int, QuizRunner] = {}
        self.background: set[asyncio.Task[Any]] = set()
        #: Writes the answers taken back from the journals (until the database takes them).
        self.taking_back: asyncio.Task[None] | None = None
        self.why_presses = why_presses()
        super().__init__()

    @property
    def db(self) -> Database:
        return self.bot.database

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(AnswerSelect, LeaderboardPage, WhyButton)
        if taken_back := await self.intake.take_back():
            log.info("took back %d answer(s) into %s", taken_back, self.intake.journal.path)
            self.taking_back = asyncio.create_task(
                self.intake.write_taken_back(self.timing.retry_delay), name="answers-taken-back"
            )

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await refuse_stale_component(interaction, (ANSWER_ID, WHY_ID, PAGE_ID))

    @commands.Cog.listener()
    async def on_member_forgotten(self, user_id: int) -> None:
        """/stats forget deleted the member's rows: their answers still waiting for the
        database must not be written back afterwards."""
        if dropped := self.intake.drop_member(user_id):
            log.info("dropped %d kept answer(s) of a member who asked to be forgotten", dropped)

    async def cog_unload(self) -> None:
        """Stop the runners (the one place they are stopped), but not wait on a database
        that does not answer; the quizzes stay 'running' in the database for the next start."""
        try:
            await asyncio.wait_for(self.stop_runners(), self.timing.stop_runners)
        except TimeoutError:
            log.warning("the quiz runners did not stop within %g s", self.timing.stop_runners)
        finally:
            self.intake.journal.close()  # its lock: a later start may take the journal over

    async def stop_runners(self) -> None:
        """Cancel the runners (and the writing of the answers taken back, kept on disk for
        the next start); answers already being written are waited for, so an acknowledged
        answer is kept."""
        if self.taking_back is not None:
            self.taking_back.cancel()
            await asyncio.gather(self.taking_back, return_exceptions=True)
        await asyncio.gather(*(runner.stop() for runner in self.runners.values()))
        await self.intake.writer.flush()
        await self.intake.close()
        self.runners.clear()

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        await self.resume_quizzes()

    async def resume_quizzes(self) -> None:
        """Give every running quiz of this process's guilds its runner back."""
        while True:
            try:
                quizzes = await quiz_store.running_quizzes(self.db)
                break
            except DatabaseError as error:
                self.bot.metrics.database_errors.inc()
                log.warning("cannot read running quizzes (%s); retrying", error)
                await asyncio.sleep(self.timing.retry_delay)
        for quiz in quizzes:
            if self.bot.get_guild(quiz.guild_id) is not None:
                self.start_runner(quiz.id)

    def start_runner(self, quiz_id: int) -> None:
        runner = self.runners.get(quiz_id)
        if runner is None:
            runner = self.runners[quiz_id] = QuizRunner(
                self.bot, self.intake, self.timing, quiz_id, self._quiz_over
            )
        runner.start()

    def _quiz_over(self, quiz_id: int) -> None:
        self.runners.pop(quiz_id, None)

    # --- commands -------------------------------------------------------------------

    @app_commands.command(
        name=_("start"),
        description=_("Start a quiz in this channel"),
        extras={"help": "help.quiz.start"},
    )
    @app_commands.guild_only()
    @app_commands.rename(rounds=_("rounds"), seconds=_("seconds"), mode=_("mode"))
    @app_commands.describe(
        rounds=_("Number of rounds (1-20)"),
        seconds=_("Seconds per round (10-300)"),
        mode=_("Set the hand, or name the rule"),
    )
    @app_commands.choices(mode=MODE_CHOICES)
    @quizmaster_only()
    async def start(
        self,
        interaction: discord.Interaction,
        rounds: app_commands.Range[int, 1, 20] | None = None,
        seconds: app_commands.Range[int, 10, 300] | None = None,
        mode: str = "set",
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refusal("quiz.guild_only", outcome="guild_only")
        lang = language(interaction.locale)
        within(rounds, ROUNDS, "rounds", lang)
        within(seconds, SECONDS, "seconds", lang)
        bounded = bounded_db(interaction)
        config = await bounded.run(quiz_store.guild_config, interaction.guild_id)
        guild_locale = interaction.guild_locale or discord.Locale.american_english
        quiz = quiz_store.Quiz(
            id=quiz_store.new_id(),
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            started_by=interaction.user.id,
            mode=mode_of(mode),
            rounds=rounds or config.default_rounds,
            seconds=seconds or config.default_seconds,
            locale=QUIZ_LOCALES.get(config.language or "", guild_locale.value),
            status="running",
            pause=config.round_pause,
        )
        try:
            await self.create_in_time(interaction, quiz)
        except quiz_store.AlreadyRunning:
            running = await bounded.run(quiz_store.running_quiz_in, interaction.channel_id)
            current = await bounded.run(quiz_store.last_round, running.id) if running else None
            link = message_link(
                interaction.guild_id,
                interaction.channel_id,
                current.message_id if current else None,
            )
            raise Refusal("quiz.already_running", outcome="already_running", link=link) from None
        lang = language(quiz.locale)
        await interaction.response.send_message(
            plural_text(
                "quiz.started",
                lang,
                quiz.rounds,
                seconds=quiz.seconds,
                mode=text(f"quiz.mode.{quiz.mode}", lang),
                user=interaction.user.mention,
            )
        )
        self.start_runner(quiz.id)

    async def create_in_time(self, interaction: discord.Interaction, quiz: quiz_store.Quiz) -> None:
        """Create the quiz within the interaction's budget.

        If the database takes the quiz only after the moderator was told that scores are
        unavailable, it is stopped again at once rather than started unannounced.
        """
        bounded = bounded_db(interaction)
        insert = bounded.start(quiz_store.create_quiz, quiz)
        try:
            await bounded.wait(insert)
        except DatabaseError:
            insert.add_done_callback(lambda done: self.undo_late_quiz(done, quiz.id))
            raise

    def undo_late_quiz(self, insert: asyncio.Future[None], quiz_id: int) -> None:
        if insert.cancelled() or insert.exception() is not None:
            return
        log.warning("quiz %s was created after its command gave up; stopping it", quiz_id)
        task = asyncio.create_task(quiz_store.end_quiz(self.db, quiz_id, "stopped"))
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    @app_commands.command(
        name=_("stop"),
        description=_("Stop the quiz in this channel"),
        extras={"help": "help.quiz.stop"},
    )
    @app_commands.guild_only()
    @quizmaster_only()
    async def stop(self, interaction: discord.Interaction) -> None:
        bounded = bounded_db(interaction)
        assert interaction.channel_id is not None  # a quizmaster is in a server's channel
        quiz = await bounded.run(quiz_store.running_quiz_in, interaction.channel_id)
        if quiz is None or not await bounded.run(quiz_store.stop_quiz, quiz.id):
            raise Refusal("quiz.not_running", outcome="not_running")
        stopped = (time.time(), interaction.user.id)
        lang = language(quiz.locale)
        await interaction.response.send_message(
            text("quiz.stopped", lang, user=interaction.user.mention),
            embed=await self.standings_when_stopped(bounded, quiz, lang) or discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        # After the reply: taking the menu off the round's message is a Discord call
        # that may be slow or rate-limited, and the moderator should not wait for it.
        runner = self.runners.pop(quiz.id, None)
        if runner is not None:
            await runner.stop()
        current = await quiz_store.last_round(self.db, quiz.id)
        if current is not None and current.status == "stopped":
            self.intake.forget(current.id)
            await close_round_message(self.bot, quiz, current, stopped=stopped)

    async def standings_when_stopped(
        self, bounded: Bounded, quiz: quiz_store.Quiz, lang: Lang
    ) -> discord.Embed | None:
        """The standings after the rounds scored, if any; the quiz is stopped already, so a
        database that does not answer now costs the standings, not the stop's answer."""
        try:
            played = await bounded.run(scores.scored_rounds, quiz.id)
            if not played:
                return None
            totals = await bounded.run(scores.quiz_totals, quiz.id)
        except DatabaseError as error:
            log.warning("quiz %s stopped; its standings could not be read: %s", quiz.id, error)
            return None
        return stopped_embed(totals, played, quiz.rounds, lang)

    @app_commands.command(
        name=_("config"),
        description=_("Quizmaster role, language, default time, rounds and pause"),
        extras={"help": "help.quiz.config"},
    )
    @app_commands.guild_only()
    @app_commands.rename(
        quizmaster_role=_("quizmaster_role"),
        seconds=_("seconds"),
        rounds=_("rounds"),
        clear_role=_("clear_role"),
        pause=_("pause"),
        quiz_language=_("language"),
    )
    @app_commands.describe(
        quizmaster_role=_("Role that may run quizzes"),
        seconds=_("Seconds per round (10-300)"),
        rounds=_("Number of rounds (1-20)"),
        clear_role=_("Remove the quizmaster role"),
        pause=_("Seconds between a round's answer and the next round (0-60)"),
        quiz_language=_("The quiz language (default: the server's)"),
    )
    @app_commands.choices(
        quiz_language=[
            app_commands.Choice(name=_("Swedish"), value=Lang.SV.value),
            app_commands.Choice(name=_("English"), value=Lang.EN.value),
            app_commands.Choice(name=_("The server's language"), value="server"),
        ]
    )
    @quizmaster_only()
    async def config(
        self,
        interaction: discord.Interaction,
        quizmaster_role: discord.Role | None = None,
        seconds: app_commands.Range[int, 10, 300] | None = None,
        rounds: app_commands.Range[int, 1, 20] | None = None,
        clear_role: bool = False,
        pause: app_commands.Range[int, 0, 60] | None = None,
        quiz_language: str | None = None,
    ) -> None:
        lang = language(interaction.locale)
        within(rounds, ROUNDS, "rounds", lang)
        within(seconds, SECONDS, "seconds", lang)
        within(pause, PAUSE, "pause", lang)
        bounded = bounded_db(interaction)
        assert interaction.guild_id is not None  # quizmasters are members of a server
        before = await bounded.run(quiz_store.guild_config, interaction.guild_id)
        role_id = (
            None
            if clear_role
            else (quizmaster_role.id if quizmaster_role else before.quizmaster_role_id)
        )
        config = replace(
            before,
            quizmaster_role_id=role_id,
            default_seconds=seconds or before.default_seconds,
            default_rounds=rounds or before.default_rounds,
            round_pause=before.round_pause if pause is None else pause,
            language=(
                before.language
                if quiz_language is None
                else (quiz_language if quiz_language in QUIZ_LOCALES else None)
            ),
        )
        asked = clear_role or any(
            option is not None
            for option in (quizmaster_role, seconds, rounds, pause, quiz_language)
        )
        changed = changed_settings(before, config) if asked else None
        if changed:
            await bounded.run(quiz_store.save_guild_config, config)
        guild_locale = interaction.guild_locale or discord.Locale.american_english
        limits = {"seconds": SECONDS, "rounds": ROUNDS, "pause": PAUSE}
        embed = config_embed(config, lang, guild_locale.value, self.bot.mentions, limits, changed)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(
        name=_("reset"),
        description=_("Delete all quiz scores in this server"),
        extras={"help": "help.quiz.reset"},
    )
    @app_commands.guild_only()
    @quizmaster_only()
    async def reset(self, interaction: discord.Interaction) -> None:
        lang = language(interaction.locale)
        await interaction.response.send_message(
            text("quiz.reset.confirm", lang),
            view=ResetConfirmation(interaction, lang, self.timing.confirm_reset),
            ephemeral=True,
        )
