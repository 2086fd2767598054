"""/practice, /stats and /daily: learning the house way alone.

Private (ephemeral) and usable in servers, DMs and user installs: nothing here needs a
server, and the quiz figures of /stats are shown only where there is one.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from houseway.cards import deal, sort_key
from houseway.learning.practice import Schedule, eligible_rules, rule_options

from ...app.interactions import (
    EVERYWHERE_CONTEXTS,
    EVERYWHERE_INSTALLS,
    PRACTICE_MODE_CHOICES,
    KnownUser,
    everywhere,
)
from ...app.pace import Pace, command_cooldown
from ...app.sealing import Seals
from ...pictures.cards_image import render_hand
from ...storage import Bounded
from ...storage import practice as practice_store
from ...storage.practice_win import win_stats
from ...texts.alt_text import hand_description, picture_file
from ...texts.i18n import Counted, language, text
from .answering import PracticeAnswering
from .chart import render_stats_picture, stats_picture
from .daily import DailyHands
from .drill import drill_hand, drill_mode, drill_rule, rule_choices
from .embeds import CHART_IMAGE, HAND_IMAGE, due_text, hand_embed, stats_embed
from .forgotten import Forgets, ForgottenNotes
from .prepared import Preparer
from .share import DailyAnswering, ShareButton, Shares
from .views import (
    AnswerMenu,
    DailyMenu,
    ForgetButton,
    NextHand,
    answer_view,
    daily_view,
    forget_view,
    refuse_stale_component,
)
from .win import WinAnswering, win_stats_text

if TYPE_CHECKING:
    from houseway.analysis.exact import PathSampler

    from ...app.client import HousewayBot

log = logging.getLogger(__name__)

#: Practice hands are private, so a generator seeded from the operating system's randomness
#: is enough, and faster (it makes no system call per card; the hand of the day's does).
_RANDOM = random.Random()


class PracticeCog(commands.Cog, name="PracticeCog"):
    STORES_ABOUT_MEMBERS: ClassVar[tuple[str, ...]] = ("about.stored.practice",)
    stats = app_commands.Group(
        name=_("stats"),
        description=_("Your practice statistics"),
        allowed_contexts=EVERYWHERE_CONTEXTS,
        allowed_installs=EVERYWHERE_INSTALLS,
    )

    def __init__(self, bot: HousewayBot) -> None:
        self.bot = bot
        self.timing = bot.settings.practice_timing
        self.schedule = Schedule(gaps=self.timing.gaps)
        self.preparer = Preparer(
            self.timing.analysis_workers, self.timing.prepared_hands, bot.settings.cache_dir
        )
        self._sampler: asyncio.Future[PathSampler] | None = None
        self.days = DailyHands()
        self.forgotten = ForgottenNotes(bot.database, bot.metrics.database_errors.inc)
        self.forgets = Forgets(bot, self.timing)
        self.pace = Pace(self.timing)
        self.background: set[asyncio.Task[Any]] = set()
        self.seals = Seals()
        self.shares = Shares()
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(AnswerMenu, NextHand, ForgetButton, DailyMenu, ShareButton)
        self.seals.read_soon(self.bot.database)
        self.forgotten.prune.start()

    async def cog_unload(self) -> None:
        self.forgotten.prune.cancel()
        for task in list(self.background):
            task.cancel()
        await asyncio.gather(*self.background, return_exceptions=True)
        await self.preparer.close()

    async def sampler(self) -> PathSampler:
        """The class table by house-way path (numpy, not instant): read at the first hand, once,
        off the event loop, so that a bot whose members never practise never loads it (nor
        imports numpy: a start costs 0.2 s of CPU less)."""
        if self._sampler is None:
            from houseway.analysis.exact import PathSampler

            self._sampler = asyncio.ensure_future(asyncio.to_thread(PathSampler))
        return await asyncio.shield(self._sampler)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await refuse_stale_component(interaction)

    def bounded(self, interaction: discord.Interaction) -> Bounded:
        """The database, bounded so that the interaction is answered in time whatever it does."""
        budget = self.timing.ack_budget(interaction.created_at, time.time())
        return Bounded(self.bot.database, asyncio.get_running_loop().time() + budget)

    def later(self, work: Any) -> None:
        """Work after the reply (an edit): kept until done, its failure logged."""
        task = asyncio.create_task(work)
        self.background.add(task)
        task.add_done_callback(self._done_later)

    def _done_later(self, task: asyncio.Task[Any]) -> None:
        self.background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("practice follow-up failed", exc_info=task.exception())

    # --- /practice ---

    @app_commands.command(
        name=_("practice"),
        description=_("Practise setting hands the house way, on your own"),
        extras={"help": "help.practice"},
    )
    @everywhere()
    @command_cooldown()
    @app_commands.rename(mode=_("mode"), rule=_("rule"))
    @app_commands.describe(
        mode=_("Set the hand, name the rule, or play to win"),
        rule=_("Only hands of this rule (start typing its name)"),
    )
    @app_commands.choices(mode=PRACTICE_MODE_CHOICES)
    async def practice(
        self, interaction: discord.Interaction, mode: str | None = None, rule: str | None = None
    ) -> None:
        drill = None if rule is None else drill_rule(rule, mode)
        await self.deal(interaction, drill_mode(mode, drill), 0, 0, update=False, drill=drill)

    @practice.autocomplete("rule")
    async def practice_rule(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        mode = getattr(interaction.namespace, "mode", None)
        return rule_choices(current, language(interaction.locale), mode and str(mode))

    async def deal(
        self,
        interaction: discord.Interaction,
        mode: str,
        right: int,
        total: int,
        update: bool,
        drill: str | None = None,
        lost: int = 0,
    ) -> None:
        """The member's next hand by their schedule (or of the rule drilled, or of the
        player's way's drill; any hand in "Play to win", which has no schedule), with its
        answer menu."""
        lang = language(interaction.locale)
        seal = (await self.seals.sealer(self.bounded(interaction))).for_member(interaction.user.id)
        sampler = await self.sampler()
        rule_id = drill
        if rule_id is None and mode != "win":
            state = await self.bounded(interaction).run(
                practice_store.member_state, interaction.user.id
            )
            rule_id = self.schedule.next_rule(state.hands, state.records, eligible_rules(mode))
        dealt = (
            deal(_RANDOM) if rule_id is None else drill_hand(rule_id, mode, sampler.draw, _RANDOM)
        )
        hand = tuple(sorted(dealt, key=sort_key))
        prepared = self.preparer.prepare(hand, mode != "rule", interaction.user.id)
        options = rule_options(prepared.decision, _RANDOM) if mode == "rule" else []
        deck = await self.bot.decks.deck_for(interaction.user.id)
        png = await asyncio.to_thread(render_hand, hand, deck)
        shown_ms = int(time.time() * 1000)
        embed = hand_embed(mode, hand, lang, right, total, lost=lost, drill=drill)
        view = answer_view(mode, hand, shown_ms, right, total, options, lang, seal, drill, lost)
        file = picture_file(png, HAND_IMAGE, hand_description(hand, lang))
        if update:
            await interaction.response.edit_message(embed=embed, attachments=[file], view=view)
        else:
            await interaction.response.send_message(
                embed=embed, file=file, view=view, ephemeral=True
            )

    async def answer(
        self, interaction: discord.Interaction, menu: AnswerMenu, values: list[str]
    ) -> str:
        """Judge and record an answer, then show the feedback in place of the hand."""
        if menu.mode == "win":
            return await WinAnswering(self, interaction, menu).answer(values)
        return await PracticeAnswering(self, interaction, menu).answer(values)

    # --- /stats ---

    @stats.command(
        name=_("view"),
        description=_("Practice statistics of you or another member"),
        extras={"help": "help.stats.view"},
    )
    @app_commands.rename(member=_("member"), public=_("public"))
    @app_commands.describe(
        member=_("Whose statistics (default: yours)"),
        public=_("Show your statistics to everyone in the channel"),
    )
    async def stats_view(
        self,
        interaction: discord.Interaction,
        member: app_commands.Transform[discord.User, KnownUser] | None = None,
        public: bool = False,
    ) -> None:
        lang = language(interaction.locale)
        target = member or interaction.user
        other = target.id != interaction.user.id
        # Quiz points belong to a server the bot is in (not a user install's server).
        guild_id = interaction.guild_id if interaction.is_guild_integration() else None
        figures = await self.bounded(interaction).run(
            practice_store.member_stats, target.id, guild_id, practice_store.utc_day(time.time())
        )
        embed = stats_embed(figures, target.mention, lang, other, self.bot.mentions)
        state = await self.bounded(interaction).run(practice_store.member_state, target.id)
        upcoming = self.schedule.upcoming(state.hands, state.records, eligible_rules("set"))
        due = due_text(upcoming, lang)
        if figures.hands:
            embed.add_field(name=text("stats.due", lang), value=due)
        win = await self.bounded(interaction).run(win_stats, target.id)
        if win.hands:  # apart: the house-way figures above do not count these
            embed.add_field(name=text("stats.win", lang), value=win_stats_text(win, lang))
        # Every member gets the picture: the weakest rules, or where to start.
        picture = stats_picture(figures, due.split("\n") if upcoming else [], lang)
        png = await asyncio.to_thread(render_stats_picture, picture)
        file = picture_file(png, CHART_IMAGE, picture.description)
        await interaction.response.send_message(
            embed=embed, file=file, ephemeral=other or not public
        )

    @stats.command(
        name=_("forget"),
        description=_("Delete everything the bot stores about you"),
        extras={"help": "help.stats.forget"},
    )
    async def stats_forget(self, interaction: discord.Interaction) -> None:
        lang = language(interaction.locale)
        seconds = self.timing.confirm_forget
        until_ms = int((time.time() + seconds) * 1000)
        await interaction.response.send_message(
            text("stats.forget.confirm", lang, seconds=Counted("count.seconds", seconds)),
            view=forget_view(interaction.user.id, until_ms, lang),
            ephemeral=True,
        )

    async def forget(self, interaction: discord.Interaction, button: ForgetButton) -> str:
        return await self.forgets.confirm(interaction, button)

    # --- /daily ---

    @app_commands.command(
        name=_("daily"),
        description=_("The hand of the day: the same for everyone, one answer each"),
        extras={"help": "help.daily"},
    )
    @everywhere()
    @command_cooldown()
    async def daily(self, interaction: discord.Interaction) -> None:
        lang = language(interaction.locale)
        day = practice_store.utc_day(time.time())
        db = self.bounded(interaction)
        hand = await self.days.hand(db, day)
        prepared = self.preparer.prepare(hand, member=interaction.user.id)
        given = await db.run(practice_store.daily_answer_of, day, interaction.user.id)
        if given is not None:
            await DailyAnswering(self, interaction, day).again(db, prepared, str(given["answer"]))
            interaction.extras["outcome"] = "answered_before"
            return
        embed = hand_embed("set", hand, lang, 0, 0, daily_day=day)
        embed.add_field(
            name=text("daily.yesterday", lang),
            value=await self.days.yesterday(db, day, lang),
            inline=False,
        )
        deck = await self.bot.decks.deck_for(interaction.user.id)
        png = await asyncio.to_thread(render_hand, hand, deck)
        await interaction.response.send_message(
            embed=embed,
            file=picture_file(png, HAND_IMAGE, hand_description(hand, lang)),
            view=daily_view(day, int(time.time() * 1000), hand, lang),
            ephemeral=True,
        )

    async def daily_answer(
        self, interaction: discord.Interaction, menu: DailyMenu, values: list[str]
    ) -> str:
        return await DailyAnswering(self, interaction, menu.day, menu.shown_ms).answer(values)
