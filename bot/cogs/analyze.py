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
from collections.abc import Iterator
from typing import TYPE_CHECKING, Final

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from houseway import canonical_hand
from houseway.analysis.analyze import Analysis, SplitResult, analyze
from houseway.cards import Card, cards_in_words, pretty_card, pretty_cards, rank_label, sort_key
from houseway.language import Lang
from houseway.rules import rule_name
from houseway.settle import WIN_PAYOFF
from houseway.strategy import PlayerDecision, player_rule_name, player_way

from ..app.interactions import Refusal, everywhere, hand_or_refuse
from ..pictures.chart import Bar, render_bar_chart
from ..service.workers import WorkerPool
from ..texts.alt_text import picture_file
from ..texts.embeds import COLOUR, decimal, ev_digits, gap_text, number, percent, rounded
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
TOP_ROWS: Final = 5
TOP_BARS: Final = 8
CHART_NAME: Final = "analysis.png"
HOUSE_MARK: Final = "🏠"
#: The player's way (the project's advice): its row's mark, its bar's colour in the chart.
PLAYER_MARK: Final = "🧭"
PLAYER_COLOUR: Final = (96, 168, 232)
#: Discord's limit on a field's value.
FIELD_LIMIT: Final = 1024


def shown_digits(analysis: Analysis) -> int:
    """The decimals of every figure of one analysis: different EVs never look tied."""
    return ev_digits(split.ev for split in analysis.splits)


def shown_gap(analysis: Analysis, split: SplitResult, digits: int) -> float:
    """What ``split`` gives less than the best, as the difference of the two EVs shown."""
    return rounded(analysis.best.ev, digits) - rounded(split.ev, digits)


def _compact(cards: tuple[Card, ...]) -> str:
    """Cards one space apart (``A♦ 10♥ 8♣``): a split on one short line."""
    return " ".join(pretty_card(card) for card in cards)


def other_rows(analysis: Analysis, shown: set[int], lang: Lang, digits: int) -> list[str]:
    """The splits not shown in detail, one line each named by its cards:
    ``6. A♦ 10♥ 8♣ 3♥ 2♠ · 9♥ 6♥  −0,8208``."""
    return [
        f"{place}. {_compact(split.five)} · {_compact(split.two)}  "
        + decimal(split.ev, lang, digits, signed=True)
        for place, split in enumerate(analysis.splits, 1)
        if place not in shown
    ]


def packed_lines(lines: list[str], limit: int = FIELD_LIMIT) -> list[str]:
    """The lines as field values of at most ``limit`` characters, never a line cut."""
    values: list[str] = []
    for line in lines:
        if values and len(values[-1]) + 1 + len(line) <= limit:
            values[-1] += "\n" + line
        else:
            values.append(line)
    return values


def _ranks(cards: tuple[Card, ...]) -> str:
    """Ranks only (suits need glyphs a chart font may lack): ``A K Q J 10``, joker ``Jkr``."""
    return " ".join(rank_label(c) for c in cards)


def player_result(analysis: Analysis) -> tuple[PlayerDecision, SplitResult | None]:
    """The player's way's decision, and its split among the analysis's, or None when it
    sets the hand as the house way does (its rules read the cards only: no analysis)."""
    decision = player_way(analysis.hand)
    if not decision.changed:
        return decision, None
    values = (decision.five_value, decision.two_value)
    split = next(s for s in analysis.splits if (s.five_value, s.two_value) == values)
    return decision, split


def _shown_rows(
    analysis: Analysis, top: int, player: SplitResult | None = None
) -> list[tuple[int, SplitResult]]:
    """The ``top`` best splits with their places, plus the house way's and the player's
    way's if they are lower."""
    return [
        (place, split)
        for place, split in enumerate(analysis.splits, 1)
        if place <= top or split.house_way or split is player
    ]


def _split_name(place: int, split: SplitResult, lang: Lang) -> str:
    return f"{place}. {split.five_name(lang)} / {split.two_name(lang)}"


def analysis_embed(analysis: Analysis, lang: Lang) -> discord.Embed:
    """The answer to /analyze: every split's EV (the best in detail), where the house way
    stands and what it gives up."""
    count = len(analysis.splits)
    digits = shown_digits(analysis)
    embed = discord.Embed(
        title=text("analyze.title", lang, hand=pretty_cards(sorted(analysis.hand, key=sort_key))),
        description=plural_text(
            "analyze.intro",
            lang,
            count,
            deals=number(analysis.deals, lang),
            payoff=decimal(WIN_PAYOFF, lang, 2),
            top=min(TOP_ROWS, count),
        ),
        colour=COLOUR,
    )
    decision, player = player_result(analysis)
    detailed = _shown_rows(analysis, TOP_ROWS, player)
    for place, split in detailed:
        name = _split_name(place, split, lang)
        if split.house_way:
            name += f"  {HOUSE_MARK} {text('analyze.house_mark', lang)}"
        if split is player:
            name += f"  {PLAYER_MARK} {text('analyze.player_mark', lang)}"
        gap = gap_text(analysis.best.ev, split.ev, lang, digits)
        value = text(
            "analyze.row",
            lang,
            five=pretty_cards(split.five),
            two=pretty_cards(split.two),
            ev=decimal(split.ev, lang, digits, signed=True),
            gap=text("analyze.row_gap", lang, gap=gap) if place > 1 else "",
            win=percent(split.wins / analysis.deals, lang),
            push=percent(split.pushes / analysis.deals, lang),
            loss=percent(split.losses / analysis.deals, lang),
        )
        embed.add_field(name=name, value=value, inline=False)
    others = other_rows(analysis, {place for place, _split in detailed}, lang, digits)
    for page, value in enumerate(packed_lines(others)):
        name = text("analyze.others" if page == 0 else "analyze.others_more", lang)
        embed.add_field(name=name, value=value, inline=False)
    embed.add_field(
        name=f"{HOUSE_MARK} {text('analyze.house_field', lang)}",
        value=_house_verdict(analysis, lang, digits),
        inline=False,
    )
    embed.add_field(
        name=f"{PLAYER_MARK} {text('analyze.player_field', lang)}",
        value=_player_verdict(analysis, decision, player, lang, digits),
        inline=False,
    )
    embed.set_image(url=f"attachment://{CHART_NAME}")
    footer = text("analyze.footer", lang, deals=number(analysis.deals, lang))
    if player is not None:
        footer += text("analyze.footer_player", lang)
    embed.set_footer(text=footer)
    return embed


def _player_verdict(
    analysis: Analysis,
    decision: PlayerDecision,
    player: SplitResult | None,
    lang: Lang,
    digits: int,
) -> str:
    """One line when the player's way sets the hand as the house does; else its rule (by
    name, and the house-way rule it changes), then the best split, the house way's and the
    player's way's, each with what it gives less than the best (as the figures shown)."""
    if player is None:
        return text("analyze.player_same", lang)
    lines = [
        text(
            "analyze.player_rule",
            lang,
            rule=player_rule_name(decision.rule, lang),
            house_rule=rule_name(decision.house.rule, lang),
        )
    ]
    compared = (
        (text("analyze.player_best", lang), analysis.best),
        (f"{HOUSE_MARK} {text('analyze.house_mark', lang)}", analysis.house),
        (f"{PLAYER_MARK} {text('analyze.player_mark', lang)}", player),
    )
    for place, (label, split) in enumerate(compared):
        if split is analysis.best:
            gap = text("analyze.player_is_best", lang) if place else ""
        else:
            shown = gap_text(analysis.best.ev, split.ev, lang, digits)
            gap = text("analyze.row_gap", lang, gap=shown)
        lines.append(
            text(
                "analyze.player_line",
                lang,
                label=label,
                split=f"{_compact(split.five)} · {_compact(split.two)}",
                ev=decimal(split.ev, lang, digits, signed=True),
                gap=gap,
            )
        )
    return "\n".join(lines)


def _house_verdict(analysis: Analysis, lang: Lang, digits: int) -> str:
    """The house way's place among the splits and what it gives up against the best one."""
    count = len(analysis.splits)
    if count == 1:
        return text("analyze.house_only", lang)
    if analysis.house_rank == 1:
        gap = gap_text(analysis.best.ev, analysis.splits[1].ev, lang, digits)
        return text("analyze.house_best", lang, count=count, gap=gap)
    if analysis.give_up == 0:
        return text("analyze.house_tied", lang, rank=analysis.house_rank, count=count)
    return text(
        "analyze.house_worse",
        lang,
        rank=analysis.house_rank,
        count=count,
        gap=gap_text(analysis.best.ev, analysis.house.ev, lang, digits),
    )


def analysis_bars(analysis: Analysis, lang: Lang) -> list[Bar]:
    """What the best splits, and the house way's when it ranks lower, give up against the
    best: the best at zero, the rest below it, so splits a hair apart still differ."""
    digits = shown_digits(analysis)
    _decision, player = player_result(analysis)
    return [
        Bar(
            label=f"{place}.  {_ranks(split.five)}  /  {_ranks(split.two)}",
            value=0.0 - split.gap,  # 0.0 - 0.0 is +0.0: the best reads 0, not −0
            value_text=decimal(0.0 - shown_gap(analysis, split, digits), lang, digits),
            highlight=split.house_way,
            colour=PLAYER_COLOUR if split is player else None,
            mark=PLAYER_COLOUR if split is player else None,
        )
        for place, split in _shown_rows(analysis, TOP_BARS, player)
    ]


def chart_description(analysis: Analysis, lang: Lang) -> str:
    """The chart's alt text: what it shows and what the house way gives up (its cards in
    words, as in every picture's alt text)."""
    house = analysis.house
    two = cards_in_words(house.two, lang)
    digits = shown_digits(analysis)
    if house.gap == 0:
        said = text("analyze.chart_best", lang, two=two)
    else:
        gap = gap_text(analysis.best.ev, house.ev, lang, digits)
        said = text("analyze.chart_worse", lang, two=two, gap=gap)
    _decision, player = player_result(analysis)
    if player is None:
        return said + text("analyze.chart_player_same", lang)
    two = cards_in_words(player.two, lang)
    if player.gap == 0:
        return said + text("analyze.chart_player_best", lang, two=two)
    gap = gap_text(analysis.best.ev, player.ev, lang, digits)
    return said + text("analyze.chart_player", lang, two=two, gap=gap)


def render_analysis(analysis: Analysis, lang: Lang) -> tuple[discord.Embed, discord.File]:
    """The embed and its chart (with alt text): pure, so the cog only schedules and sends."""
    png = render_bar_chart(analysis_bars(analysis, lang))
    chart = picture_file(png, CHART_NAME, chart_description(analysis, lang))
    return analysis_embed(analysis, lang), chart


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

    async def cog_unload(self) -> None:
        await self.pool.close()

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
            embed, chart = await asyncio.to_thread(render_analysis, analysis, lang)
            await interaction.followup.send(embed=embed, file=chart, ephemeral=private)


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
