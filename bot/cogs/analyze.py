"""/analyze: every legal way to set a hand, ranked by EV against the dealer's house way.

An analysis is CPU work (about half a second for 20,000 dealer hands), so it runs in a
process pool owned by this cog: the event loop keeps answering other interactions, and
the GIL of the bot's process is never held by the simulation.
"""

from __future__ import annotations

import asyncio
import io
import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Final

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from houseway import HandError, canonical_hand, parse_hand
from houseway.analyze import Analysis, SplitResult, analyze
from houseway.cards import Card, pretty_cards, rank_label, sort_key
from houseway.settle import WIN_PAYOFF

from ..chart import Bar, render_bar_chart
from ..embeds import COLOUR, error_embed, number
from ..i18n import SWEDISH, language, text

if TYPE_CHECKING:
    from ..client import HousewayBot

log = logging.getLogger(__name__)

DEALS: Final = 20_000
SEED: Final = 0
#: Give up waiting after this long, so the user hears back within 10 s in all cases.
ANALYSIS_TIMEOUT: Final = 9.0
TOP_ROWS: Final = 5
TOP_BARS: Final = 8
CHART_NAME: Final = "analysis.png"
HOUSE_MARK: Final = "🏠"


def _decimal(value: float, lang: str, digits: int = 4, signed: bool = False) -> str:
    """Four decimals by default (the SEs live in the third and fourth); comma in Swedish."""
    shown = f"{value:{'+' if signed else ''}.{digits}f}"
    return shown.replace(".", ",") if lang == SWEDISH else shown


def _ranks(cards: tuple[Card, ...]) -> str:
    """Ranks only (suits need glyphs a chart font may lack): ``A K Q J 10``, joker ``Jkr``."""
    return " ".join(rank_label(c) for c in cards)


def _shown_rows(analysis: Analysis, top: int) -> list[tuple[int, SplitResult]]:
    """The ``top`` best splits with their places, plus the house way's if it is lower."""
    return [
        (place, split)
        for place, split in enumerate(analysis.splits, 1)
        if place <= top or split.house_way
    ]


def analysis_embed(analysis: Analysis, lang: str) -> discord.Embed:
    """The answer to /analyze: the best splits, where the house way stands, what it costs."""
    swedish = lang == SWEDISH
    count = len(analysis.splits)
    embed = discord.Embed(
        title=text("analyze.title", lang, hand=pretty_cards(sorted(analysis.hand, key=sort_key))),
        description=text(
            "analyze.intro",
            lang,
            deals=number(analysis.deals, lang),
            payoff=_decimal(WIN_PAYOFF, lang, digits=2),
            top=min(TOP_ROWS, count),
            count=count,
        ),
        colour=COLOUR,
    )
    for place, split in _shown_rows(analysis, TOP_ROWS):
        name = f"{place}. {split.five_name(swedish)} / {split.two_name(swedish)}"
        if split.house_way:
            name += f"  {HOUSE_MARK} {text('analyze.house_mark', lang)}"
        value = text(
            "analyze.row",
            lang,
            five=pretty_cards(split.five),
            two=pretty_cards(split.two),
            ev=_decimal(split.ev, lang, signed=True),
            se=_decimal(split.se, lang),
        )
        embed.add_field(name=name, value=value, inline=False)
    embed.add_field(
        name=f"{HOUSE_MARK} {text('analyze.house_field', lang)}",
        value=_house_verdict(analysis, lang),
        inline=False,
    )
    embed.set_image(url=f"attachment://{CHART_NAME}")
    embed.set_footer(
        text=text("analyze.footer", lang, deals=number(analysis.deals, lang), seed=analysis.seed)
    )
    return embed


def _house_verdict(analysis: Analysis, lang: str) -> str:
    """The house way's place among the splits and what it gives up against the best one."""
    count = len(analysis.splits)
    if count == 1:
        return text("analyze.house_only", lang)
    if analysis.house_rank == 1:
        runner_up = analysis.splits[1]
        return text(
            "analyze.house_best",
            lang,
            count=count,
            gap=_decimal(runner_up.gap, lang),
            se=_decimal(runner_up.gap_se, lang),
        )
    verdict = text(
        "analyze.house_worse",
        lang,
        rank=analysis.house_rank,
        count=count,
        gap=_decimal(analysis.give_up, lang),
        se=_decimal(analysis.give_up_se, lang),
    )
    if analysis.give_up < 2 * analysis.give_up_se:
        verdict += " " + text("analyze.house_noise", lang)
    return verdict


def analysis_bars(analysis: Analysis, lang: str) -> list[Bar]:
    """Bars for the chart: the best splits, plus the house way's when it ranks lower."""
    return [
        Bar(
            label=f"{place}.  {_ranks(split.five)}  /  {_ranks(split.two)}",
            value=split.ev,
            value_text=_decimal(split.ev, lang, signed=True),
            highlight=split.house_way,
        )
        for place, split in _shown_rows(analysis, TOP_BARS)
    ]


def render_analysis(analysis: Analysis, lang: str) -> tuple[discord.Embed, bytes]:
    """The embed and its chart: pure, so the cog only schedules and sends."""
    return analysis_embed(analysis, lang), render_bar_chart(analysis_bars(analysis, lang))


def _new_pool() -> ProcessPoolExecutor:
    """At most two workers: a burst of /analyze queues rather than taking every core.

    ``forkserver``, not the platform's ``fork``: forking a process that runs threads
    (the event loop's helpers, aiohttp's resolver) can deadlock the child; the fork
    server is a clean single-threaded process with the analysis module preloaded.
    """
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["houseway.analyze"])
    return ProcessPoolExecutor(max_workers=min(2, os.cpu_count() or 1), mp_context=context)


class AnalyzeCog(commands.Cog):
    def __init__(self, bot: HousewayBot) -> None:
        self.bot = bot
        self.pool: ProcessPoolExecutor | None = None

    async def cog_load(self) -> None:
        # Cheap: the workers start at the first analysis, not with every bot start.
        self.pool = _new_pool()

    async def cog_unload(self) -> None:
        pool, self.pool = self.pool, None
        if pool is not None:
            # Waiting for a running analysis (< 1 s) must not block the event loop.
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)

    async def run_analysis(self, cards: tuple[Card, ...]) -> Analysis:
        """``analyze`` in the pool; a dead pool (a killed worker) is replaced for next time."""
        if self.pool is None:
            self.pool = _new_pool()
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.pool, analyze, cards, DEALS, SEED)
        except BrokenProcessPool:
            log.warning("the analysis pool broke; starting a new one")
            broken, self.pool = self.pool, _new_pool()
            broken.shutdown(wait=False, cancel_futures=True)
            raise

    @app_commands.command(
        name=_("analyze"),
        description=_("Every way to set a hand, ranked by expected value against the dealer"),
    )
    @app_commands.rename(hand=_("hand"))
    @app_commands.describe(hand=_("Seven cards, e.g. As Kd Th 9c 7s 4d JK"))
    async def analyze_command(self, interaction: discord.Interaction, hand: str) -> None:
        lang = language(interaction.locale)
        try:
            cards = parse_hand(hand)
        except HandError as error:
            interaction.extras["outcome"] = "bad_input"
            await interaction.response.send_message(embed=error_embed(error, lang), ephemeral=True)
            return
        await interaction.response.defer(thinking=True)
        try:
            analysis = await asyncio.wait_for(self.run_analysis(cards), ANALYSIS_TIMEOUT)
        except TimeoutError:
            # A queued analysis is cancelled with the wait; one already running finishes
            # in its worker (a process can't be interrupted) and its result is dropped.
            log.warning("analysis of %s timed out", canonical_hand(cards))
            interaction.extras["outcome"] = "timeout"
            await interaction.followup.send(
                text("analyze.timeout", lang, seconds=f"{ANALYSIS_TIMEOUT:g}")
            )
            return
        embed, png = await asyncio.to_thread(render_analysis, analysis, lang)
        await interaction.followup.send(
            embed=embed, file=discord.File(io.BytesIO(png), filename=CHART_NAME)
        )


async def setup(bot: HousewayBot) -> None:
    await bot.add_cog(AnalyzeCog(bot))
