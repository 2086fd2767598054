"""/practice, /stats and /daily: learning the house way alone.

Private (ephemeral) and usable in servers, DMs and user installs: nothing here needs a
server, and the quiz figures of /stats are shown only where there is one.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import TYPE_CHECKING, Any, ClassVar, Final

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from houseway import Decision
from houseway.cards import NAMES, Card, card_from_name, deal, format_cards, sort_key
from houseway.exact import PathSampler
from houseway.practice import (
    MODES,
    Schedule,
    eligible_rules,
    hand_for,
    rule_options,
    rules_of_answer,
    verdict,
)
from houseway.rules import RULES

from ...alt_text import decision_description, hand_description, picture_file
from ...cards_image import render_hand
from ...i18n import language, text
from ...interactions import EVERYWHERE_CONTEXTS, EVERYWHERE_INSTALLS, KnownUser, Refusal, everywhere
from ...storage import Bounded
from ...storage import practice as store
from ...storage.forgotten import ForgottenSinceShown
from .chart import render_rule_chart
from .daily import DailyHands
from .embeds import (
    ANSWER_IMAGE,
    CHART_IMAGE,
    HAND_IMAGE,
    analysis_text,
    chart_description,
    daily_result_fields,
    feedback_embed,
    footer_text,
    hand_embed,
    rule_feedback_embed,
    rule_rows,
    stats_embed,
)
from .forgotten import Forgets, ForgottenNotes
from .prepared import Prepared, Preparer
from .sealing import Seals
from .views import (
    AnswerMenu,
    DailyMenu,
    ForgetButton,
    NextHand,
    answer_view,
    daily_view,
    forget_view,
    next_view,
    refuse_stale_component,
)

if TYPE_CHECKING:
    from ...client import HousewayBot

log = logging.getLogger(__name__)

#: How long a feedback whose analysis was not ready waits for it before giving up.
LATE_ANALYSIS: Final = 10.0
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
        self.preparer = Preparer(self.timing.analysis_workers, self.timing.prepared_hands)
        self._sampler: asyncio.Future[PathSampler] | None = None
        self.days = DailyHands(bot.database)
        self.forgotten = ForgottenNotes(bot.database, bot.metrics.database_errors.inc)
        self.forgets = Forgets(bot, self.timing)
        self.background: set[asyncio.Task[Any]] = set()
        self.seals = Seals(bot.database)
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(AnswerMenu, NextHand, ForgetButton, DailyMenu)
        self.forgotten.prune.start()

    async def cog_unload(self) -> None:
        self.forgotten.prune.cancel()
        for task in list(self.background):
            task.cancel()
        await asyncio.gather(*self.background, return_exceptions=True)
        await self.preparer.close()

    async def sampler(self) -> PathSampler:
        """The class table by house-way path (numpy, not instant): read at the first hand, once,
        off the event loop, so that a bot whose members never practise never loads it."""
        if self._sampler is None:
            self._sampler = asyncio.ensure_future(asyncio.to_thread(PathSampler))
        return await asyncio.shield(self._sampler)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await refuse_stale_component(interaction)

    def bounded(self, interaction: discord.Interaction) -> Bounded:
        """The database, bounded so that the interaction is answered in time whatever it does."""
        budget = self.timing.ack_budget(interaction.created_at, time.time())
        return Bounded(self.bot.database, asyncio.get_running_loop().time() + budget)

    def _later(self, work: Any) -> None:
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
    @app_commands.rename(mode=_("mode"))
    @app_commands.describe(mode=_("Set the hand, or name the rule"))
    @app_commands.choices(
        mode=[
            app_commands.Choice(name=_("Set the hand"), value="set"),
            app_commands.Choice(name=_("Name the rule"), value="rule"),
        ]
    )
    async def practice(self, interaction: discord.Interaction, mode: str = "set") -> None:
        await self.deal(interaction, mode if mode in MODES else "set", 0, 0, update=False)

    async def deal(
        self, interaction: discord.Interaction, mode: str, right: int, total: int, update: bool
    ) -> None:
        """The member's next hand by their schedule, with its answer menu."""
        lang = language(interaction.locale)
        seal = (await self.seals.sealer(self.bounded(interaction))).for_member(interaction.user.id)
        sampler = await self.sampler()
        state = await self.bounded(interaction).within(
            store.member_state(self.bot.database, interaction.user.id)
        )
        rule_id = self.schedule.next_rule(state.hands, state.records, eligible_rules(mode))
        dealt = deal(_RANDOM) if rule_id is None else hand_for(rule_id, mode, sampler.draw, _RANDOM)
        hand = tuple(sorted(dealt, key=sort_key))
        prepared = self.preparer.prepare(hand, analysis=mode == "set")
        options = rule_options(prepared.decision, _RANDOM) if mode == "rule" else []
        deck = await self.bot.decks.deck_for(interaction.user.id)
        png = await asyncio.to_thread(render_hand, hand, deck)
        shown_ms = int(time.time() * 1000)
        embed = hand_embed(mode, hand, lang, right, total)
        view = answer_view(mode, hand, shown_ms, right, total, options, lang, seal)
        file = picture_file(png, HAND_IMAGE, hand_description(hand, lang))
        if update:
            await interaction.response.edit_message(embed=embed, attachments=[file], view=view)
        else:
            await interaction.response.send_message(
                embed=embed, file=file, view=view, ephemeral=True
            )

    @staticmethod
    def _answer_file(png: bytes, decision: Decision, lang: str) -> discord.File:
        """The house way's picture, with its alt text in the member's language."""
        return picture_file(png, ANSWER_IMAGE, decision_description(decision, lang))

    async def answer(
        self, interaction: discord.Interaction, menu: AnswerMenu, values: list[str]
    ) -> str:
        """Judge and record an answer, then show the feedback in place of the hand."""
        now = time.time()
        lang = language(interaction.locale)
        hand, mode = menu.hand, menu.mode
        prepared = self.preparer.prepare(hand, analysis=mode == "set")
        decision = prepared.decision
        if mode == "set":
            if not (
                len(values) == 2
                and len(set(values)) == 2
                and set(values) <= {NAMES[c] for c in hand}
            ):
                raise Refusal("quiz.answer.invalid", outcome="invalid")
            two = [card_from_name(v) for v in values]
            judged = verdict(decision, two)
            correct, given = judged.correct, format_cards(sorted(two, key=sort_key))
        else:
            if len(values) != 1 or values[0] not in RULES:
                raise Refusal("practice.invalid_rule", outcome="invalid")
            correct, given = values[0] == decision.rule, values[0]
        seconds = max(0.0, now - menu.shown_ms / 1000)
        answer = store.PracticeAnswer(
            user_id=interaction.user.id,
            shown_ms=menu.shown_ms,
            hand=hand,
            mode=mode,
            path=decision.path,
            answer=given,
            correct=correct,
            seconds=seconds,
            answered_at=now,
            rules=rules_of_answer(mode, decision.path),
        )
        writing = asyncio.ensure_future(
            self.bounded(interaction).within(
                store.record_answer(self.bot.database, answer, self.schedule)
            )
        )
        if prepared.work is not None:  # the analysis gets the time the write takes anyway
            await asyncio.wait(
                {prepared.work, writing},
                timeout=self.timing.analysis_wait,
                return_when=asyncio.ALL_COMPLETED,
            )
        try:
            recorded = await writing
        except ForgottenSinceShown:
            raise Refusal("practice.forgotten", outcome="forgotten") from None
        if recorded is None:
            raise Refusal("practice.already", outcome="already")
        right, total = menu.right + correct, menu.total + 1
        footer = footer_text(decision, lang, right, total, recorded.streak)
        if mode == "rule":
            embed = rule_feedback_embed(decision, given, correct, seconds, lang, footer)
        else:
            embed = self._set_feedback(prepared, two, seconds, lang, footer)
        png = await prepared.picture(await self.bot.decks.deck_for(interaction.user.id), lang)
        seal = (await self.seals.sealer(self.bounded(interaction))).for_member(interaction.user.id)
        await interaction.response.edit_message(
            embed=embed,
            attachments=[self._answer_file(png, decision, lang)],
            view=next_view(mode, right, total, lang, seal),
        )
        if mode == "set" and prepared.pending:
            self._later(self._analysis_later(interaction, prepared, embed, two, lang))
            return f"{'right' if correct else 'wrong'}_analysis_later"
        return "right" if correct else "wrong"

    def _set_feedback(
        self, prepared: Prepared, two: list[Card], seconds: float, lang: str, footer: str
    ) -> discord.Embed:
        judged = verdict(prepared.decision, two, prepared.evs())
        analysis = analysis_text(judged, judged.best, lang, pending=prepared.pending)
        return feedback_embed(prepared.decision, judged, seconds, lang, footer, analysis)

    async def _analysis_later(
        self,
        interaction: discord.Interaction,
        prepared: Prepared,
        embed: discord.Embed,
        two: list[Card],
        lang: str,
    ) -> None:
        """The exact figures were not ready for the feedback: edit them in when they are
        (or say that they could not be made)."""
        assert prepared.work is not None
        try:
            await asyncio.wait_for(asyncio.shield(prepared.work), LATE_ANALYSIS)
        except Exception as error:
            log.warning("practice analysis failed or not ready in time: %r", error)
        judged = verdict(prepared.decision, two, prepared.evs())
        name = text("practice.field.ev", lang)
        value = analysis_text(judged, judged.best, lang, pending=False)
        for index, shown in enumerate(embed.fields):
            if shown.name == name:
                embed.set_field_at(index, name=name, value=value, inline=False)
        try:
            await interaction.edit_original_response(embed=embed)
        except discord.HTTPException as error:
            log.warning("could not edit the analysis into a practice answer: %s", error)

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
        figures = await self.bounded(interaction).within(
            store.member_stats(self.bot.database, target.id, guild_id, store.utc_day(time.time()))
        )
        embed = stats_embed(figures, target.mention, lang, other, self.bot.mentions)
        ephemeral = other or not public
        if figures.hands:
            rows = rule_rows(figures.rules, lang)
            png = await asyncio.to_thread(render_rule_chart, rows)
            file = picture_file(png, CHART_IMAGE, chart_description(rows, lang))
            await interaction.response.send_message(embed=embed, file=file, ephemeral=ephemeral)
        else:
            await interaction.response.send_message(embed=embed, ephemeral=ephemeral)

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
            text("stats.forget.confirm", lang, seconds=f"{seconds:g}"),
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
    async def daily(self, interaction: discord.Interaction) -> None:
        lang = language(interaction.locale)
        day = store.utc_day(time.time())
        db = self.bounded(interaction)
        hand = await self.days.hand(db, day)
        prepared = self.preparer.prepare(hand)
        given = await db.within(store.daily_answer_of(self.bot.database, day, interaction.user.id))
        if given is not None:
            two = [card_from_name(name) for name in str(given["answer"]).split()]
            embed = await self._daily_result(db, prepared, day, two, lang, interaction.user.id)
            png = await prepared.picture(await self.bot.decks.deck_for(interaction.user.id), lang)
            await interaction.response.send_message(
                embed=embed, file=self._answer_file(png, prepared.decision, lang), ephemeral=True
            )
            if prepared.pending:
                self._later(self._analysis_later(interaction, prepared, embed, two, lang))
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
        now = time.time()
        lang = language(interaction.locale)
        day = menu.day
        if day != store.utc_day(now):
            raise Refusal("daily.closed", outcome="closed", day=day)
        db = self.bounded(interaction)
        hand = await self.days.hand(db, day)
        if not (
            len(values) == 2 and len(set(values)) == 2 and set(values) <= {NAMES[c] for c in hand}
        ):
            raise Refusal("quiz.answer.invalid", outcome="invalid")
        prepared = self.preparer.prepare(hand)
        two = sorted((card_from_name(v) for v in values), key=sort_key)
        judged = verdict(prepared.decision, two)
        given = format_cards(two)
        # A menu from before ids carried the time it was shown: as if shown at midnight.
        shown_at = store.day_start(day) if menu.shown_ms is None else menu.shown_ms / 1000
        try:
            taken = await db.within(
                store.record_daily(
                    self.bot.database,
                    day,
                    interaction.user.id,
                    given,
                    judged.correct,
                    now,
                    shown_at,
                )
            )
        except ForgottenSinceShown:
            raise Refusal("daily.forgotten", outcome="forgotten") from None
        if not taken:
            raise Refusal("daily.already", outcome="already")
        embed = await self._daily_result(db, prepared, day, two, lang, interaction.user.id)
        png = await prepared.picture(await self.bot.decks.deck_for(interaction.user.id), lang)
        await interaction.response.edit_message(
            embed=embed, attachments=[self._answer_file(png, prepared.decision, lang)], view=None
        )
        if prepared.pending:
            self._later(self._analysis_later(interaction, prepared, embed, two, lang))
        return "right" if judged.correct else "wrong"

    async def _daily_result(
        self, db: Bounded, prepared: Prepared, day: str, two: list[Card], lang: str, user_id: int
    ) -> discord.Embed:
        """The house way beside the member's answer, the day's tally and their streak."""
        standing = await self.days.standing(db, day, user_id)
        footer = text("footer.path", lang, path=" → ".join(prepared.decision.path))
        embed = self._set_feedback(prepared, two, 0.0, lang, footer)
        embed.title = text("daily.title", lang, day=day) + " – " + (embed.title or "")
        embed.remove_field(len(embed.fields) - 1)  # no time: the day's hand is not timed
        daily_result_fields(embed, *standing, lang)
        return embed
