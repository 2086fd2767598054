"""/analyze: every legal way to set a hand, ranked by its exact EV against the dealer's house way.

An exact analysis counts all 53,524,680 dealer hands (mostly numpy). It runs in a process
pool owned by this cog rather than in a thread: numpy gives the GIL back only inside its
many small steps, so while another thread of the bot's process kept the GIL busy (as the
event loop does under load) a threaded analysis took several times as long, far more than
the trip to a worker process adds (``benchmarks/bench_analyze.py executor``; docs/contributors.md
has the figures).

One member cannot starve the others: a per-member cooldown (``COOLDOWN_RATE`` uses per
``COOLDOWN_SECONDS``), and a bound on the analyses in flight across the bot
(``max_in_flight``); past either the member is told at once and privately.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
from collections import OrderedDict
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Final

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from houseway import HandError, canonical_hand, parse_hand
from houseway.analysis.analyze import Analysis, analyze
from houseway.cards import Card, rank_label
from houseway.language import Lang

from ..app.dynamic import DynamicView
from ..app.interactions import (
    Refusal,
    bot_of,
    component,
    component_id,
    cooldown_refusal,
    everywhere,
    hand_or_refuse,
    on_its_message,
    refuse_invalid_component,
)
from ..pictures.chart import Bar, render_bar_chart
from ..pictures.palette import GOLD
from ..service.workers import WorkerPool
from ..texts.alt_text import picture_file
from ..texts.analysis import (
    CHART_NAME,
    all_splits_embed,
    analysis_embed,
    chart_description,
    chart_words,
    player_result,
    shown_digits,
    shown_rows,
)
from ..texts.embeds import decimal
from ..texts.i18n import language, plural_text, text

if TYPE_CHECKING:
    from ..app.client import HousewayBot

log = logging.getLogger(__name__)

#: Give up waiting after this long, so the user hears back within 10 s in all cases.
ANALYSIS_TIMEOUT: Final = 9.0
#: Per member: one typo and three analyses in a row, then a pause; more than a person
#: reading the answers needs, far less than a burst that queues the pool for seconds.
COOLDOWN_RATE: Final = 4
COOLDOWN_SECONDS: Final = 30.0
#: Analyses in flight across the bot (waiting for a worker, running, or being drawn and
#: sent). 32 at once are all answered within about two seconds (two shared cores, the
#: charts drawn and uploaded too); a longer queue would only make its last member wait
#: longer, so the next one is refused at once.
MAX_IN_FLIGHT: Final = 32
TOP_BARS: Final = 8
#: The player's way (the project's advice): its bar's and its mark's colour in the chart.
PLAYER_COLOUR: Final = (96, 168, 232)
#: The "All splits" button: its custom id carries the hand, so it works after a restart.
ALL_ID: Final = "analyze:all:"
ALL_SPLITS: Final = re.compile(r"analyze:all:(?P<hand>(?:[2-9TJQKA][shdc]|JK){7})")
ALL_NAME: Final = "analyze all"
#: Analyses kept for the button, the most recent first: a press soon after the answer
#: is told from memory; one after a restart (or a long while) is analysed again.
RECENT: Final = 256


def _ranks(cards: tuple[Card, ...]) -> str:
    """Ranks only (suits need glyphs a chart font may lack): ``A K Q J 10``, joker ``Jkr``."""
    return " ".join(rank_label(c) for c in cards)


def analysis_bars(analysis: Analysis, lang: Lang) -> list[Bar]:
    """The best splits, and the house way's and the player's way's when they rank lower:
    each bar as long as the split gives less than the best (the best at zero, the rest
    below it, so splits a hair apart still differ), each labelled with its EV, the figure
    the text shows."""
    digits = shown_digits(analysis)
    _decision, player = player_result(analysis)
    return [
        Bar(
            label=f"{place}.  {_ranks(split.five)}  /  {_ranks(split.two)}",
            value=0.0 - split.gap,  # 0.0 - 0.0 is +0.0: the best reads 0, not −0
            value_text=decimal(split.ev, lang, digits, signed=True),
            highlight=split.house_way,
            colour=PLAYER_COLOUR if split is player else None,
            mark=PLAYER_COLOUR if split is player else None,
        )
        for place, split in shown_rows(analysis, TOP_BARS, player)
    ]


def render_analysis(analysis: Analysis, lang: Lang) -> tuple[discord.Embed, discord.File]:
    """The embed and its chart (with alt text): pure, so the cog only schedules and sends."""
    title, house, player = chart_words(analysis, lang)
    legend = [(GOLD, house)] + ([] if player is None else [(PLAYER_COLOUR, player)])
    png = render_bar_chart(analysis_bars(analysis, lang), title=title, legend=legend)
    chart = picture_file(png, CHART_NAME, chart_description(analysis, lang))
    return analysis_embed(analysis, lang), chart


def all_splits_view(analysis: Analysis, lang: Lang) -> discord.ui.View:
    """The answer's one button, "Alla 21 delningar"; none when the hand has one split."""
    view = DynamicView()
    count = len(analysis.splits)
    if count > 1:
        label = plural_text("analyze.all_button", lang, count)
        view.add_item(AllSplits(canonical_hand(analysis.hand).replace(" ", ""), label))
    return view


class AllSplits(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ALL_SPLITS):
    """Under an answer: every split of its hand, privately, in the presser's language."""

    def __init__(self, hand: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "All",
                style=discord.ButtonStyle.secondary,
                custom_id=f"{ALL_ID}{hand}",
                emoji="📋",
            )
        )
        self.hand = hand

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AllSplits:
        return cls(match["hand"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async with component(interaction, ALL_NAME) as handled:
            cog = bot_of(interaction).get_cog("AnalyzeCog")
            assert isinstance(cog, AnalyzeCog)
            handled.outcome = await cog.all_splits(interaction, self.hand)


class AnalyzeCog(commands.Cog):
    def __init__(self, bot: HousewayBot) -> None:
        self.bot = bot
        #: At most two workers: a burst of /analyze queues rather than taking every core. A
        #: worker's first analysis loads the dealer class table (once).
        self.pool = WorkerPool(
            "analysis",
            min(2, os.cpu_count() or 1),
            ["houseway.analysis.analyze", "houseway.analysis.exact"],
        )
        self.max_in_flight = MAX_IN_FLIGHT
        self.in_flight = 0
        self.recent: OrderedDict[tuple[Card, ...], Analysis] = OrderedDict()
        #: The All splits button's presses, per member: the command's own rate.
        self.all_presses: commands.CooldownMapping[discord.Interaction] = commands.CooldownMapping(
            app_commands.Cooldown(COOLDOWN_RATE, COOLDOWN_SECONDS),
            lambda interaction: interaction.user.id,
        )

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(AllSplits)

    async def cog_unload(self) -> None:
        await self.pool.close()

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """An "analyze:" custom id that is not an All splits button on its own message (the
        bot never made it, or made it for another message): discord.py would drop it
        without a word."""
        custom_id = component_id(interaction)
        if custom_id is None or not custom_id.startswith("analyze:"):
            return
        if ALL_SPLITS.fullmatch(custom_id) and on_its_message(interaction, custom_id):
            return  # AllSplits'
        await refuse_invalid_component(interaction, ALL_NAME, "component.invalid.analyze")

    def remember(self, analysis: Analysis) -> None:
        key = tuple(sorted(analysis.hand))
        self.recent[key] = analysis
        self.recent.move_to_end(key)
        while len(self.recent) > RECENT:
            self.recent.popitem(last=False)

    async def all_splits(self, interaction: discord.Interaction, hand: str) -> str:
        """Every split of ``hand``, privately: from memory when it was analysed lately,
        else analysed again (within the command's rate, places and time)."""
        lang = language(interaction.locale)
        try:
            cards = parse_hand(hand)
        except HandError:
            raise Refusal("component.invalid.analyze", outcome="invalid_component") from None
        bucket = self.all_presses.get_bucket(interaction)
        if bucket is not None and (wait := bucket.update_rate_limit()):
            raise cooldown_refusal(app_commands.CommandOnCooldown(bucket, wait))
        analysis = self.recent.get(tuple(sorted(cards)))
        if analysis is not None:
            await interaction.response.send_message(
                embed=all_splits_embed(analysis, lang), ephemeral=True
            )
            return "ok"
        with self.place_in_flight():
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                analysis = await asyncio.wait_for(self.run_analysis(cards), ANALYSIS_TIMEOUT)
            except TimeoutError:
                log.warning("analysis of %s timed out", canonical_hand(cards))
                said = text("analyze.timeout", lang, seconds=f"{ANALYSIS_TIMEOUT:g}")
                await interaction.followup.send(said, ephemeral=True)
                return "timeout"
            self.remember(analysis)
            embed = all_splits_embed(analysis, lang)
            await interaction.followup.send(embed=embed, ephemeral=True)
            return "analysed"

    @contextlib.contextmanager
    def place_in_flight(self) -> Iterator[None]:
        """One of the ``max_in_flight`` places, held until the answer is sent; when all
        are taken the member is refused at once rather than queued."""
        if self.in_flight >= self.max_in_flight:
            raise Refusal("analyze.busy", outcome="busy", count=self.max_in_flight)
        self.in_flight += 1
        try:
            yield
        finally:
            self.in_flight -= 1

    async def run_analysis(self, cards: tuple[Card, ...]) -> Analysis:
        """``analyze`` in the pool; a dead pool (a killed worker) is replaced for next time."""
        return await self.pool.run(analyze, cards)

    @app_commands.command(
        name=_("analyze"),
        description=_("Every way to set a hand, ranked by expected value against the dealer"),
        extras={"help": "help.analyze"},
    )
    @app_commands.rename(hand=_("hand"), private=_("private"))
    @app_commands.describe(
        hand=_("Seven cards, e.g. As Kd Th 9c 7s 4d JK"), private=_("Only you see the answer")
    )
    @app_commands.checks.cooldown(COOLDOWN_RATE, COOLDOWN_SECONDS)
    @everywhere()
    async def analyze_command(
        self, interaction: discord.Interaction, hand: str, private: bool = False
    ) -> None:
        lang = language(interaction.locale)
        cards = await hand_or_refuse(interaction, hand, "analyze")
        if cards is None:
            return
        with self.place_in_flight():
            await interaction.response.defer(ephemeral=private, thinking=True)
            try:
                analysis = await asyncio.wait_for(self.run_analysis(cards), ANALYSIS_TIMEOUT)
            except TimeoutError:
                # A queued analysis is cancelled with the wait; one already running finishes
                # in its worker (a process can't be interrupted) and its result is dropped.
                log.warning("analysis of %s timed out", canonical_hand(cards))
                interaction.extras["outcome"] = "timeout"
                await _tell_privately(
                    interaction,
                    text("analyze.timeout", lang, seconds=f"{ANALYSIS_TIMEOUT:g}"),
                    private,
                )
                return
            self.remember(analysis)
            embed, chart = await asyncio.to_thread(render_analysis, analysis, lang)
            view = all_splits_view(analysis, lang)
            await interaction.followup.send(embed=embed, file=chart, view=view, ephemeral=private)


async def _tell_privately(interaction: discord.Interaction, message: str, private: bool) -> None:
    """After a public "thinking…", the first follow-up would take its place and be public
    too: delete it first, so that the follow-up is a new message only the member sees."""
    if private:
        await interaction.followup.send(message, ephemeral=True)
        return
    try:
        await interaction.delete_original_response()
    except discord.HTTPException:
        log.warning("could not delete the deferred /analyze response")
    await interaction.followup.send(message, ephemeral=True)


async def setup(bot: HousewayBot) -> None:
    await bot.add_cog(AnalyzeCog(bot))
