"""/analyze in words: the answer first (the best split, the house way's, the player's way's,
and what each gives less than the best), every split behind a button, and the chart's alt
text. Pure functions of an :class:`~houseway.analysis.analyze.Analysis` and a language.

The answer is read on a phone before anything else (#29): three short fields and the chart,
about 1,000 characters where the whole list was about 2,000 in nine fields. Every figure is
an EV to four decimals (``ev_digits``); what a split gives less than the best is the
difference of the two figures shown (``gap_text``).
"""

from __future__ import annotations

from typing import Final

import discord

from houseway.analysis.analyze import Analysis, SplitResult
from houseway.cards import Card, cards_in_words, pretty_card, pretty_cards, sort_key
from houseway.language import Lang
from houseway.learning.explain.player import explain_player
from houseway.rules import rule_name
from houseway.settle import WIN_PAYOFF
from houseway.strategy import PlayerDecision, player_rule_name, player_way

from .embeds import COLOUR, decimal, ev_digits, gap_text, number, percent
from .i18n import plural_text, text

#: The splits the list shows with their shares of wins, pushes and losses (and the house
#: way's and the player's way's wherever they stand).
TOP_ROWS: Final = 5
HOUSE_MARK: Final = "🏠"
#: The player's way (the project's advice): its mark in the texts.
PLAYER_MARK: Final = "🧭"
BEST_MARK: Final = "🏆"
#: The chart's file name, which the answer's embed shows.
CHART_NAME: Final = "analysis.png"


def shown_digits(analysis: Analysis) -> int:
    """The decimals of every figure of one analysis (four: ``ev_digits``)."""
    return ev_digits(split.ev for split in analysis.splits)


def compact(cards: tuple[Card, ...]) -> str:
    """Cards one space apart (``A♦ 10♥ 8♣``): a split on one short line."""
    return " ".join(pretty_card(card) for card in cards)


def player_result(analysis: Analysis) -> tuple[PlayerDecision, SplitResult | None]:
    """The player's way's decision, and its split among the analysis's, or None when it
    sets the hand as the house way does (its rules read the cards only: no analysis)."""
    decision = player_way(analysis.hand)
    if not decision.changed:
        return decision, None
    values = (decision.five_value, decision.two_value)
    split = next(s for s in analysis.splits if (s.five_value, s.two_value) == values)
    return decision, split


def shown_rows(
    analysis: Analysis, top: int, player: SplitResult | None = None
) -> list[tuple[int, SplitResult]]:
    """The ``top`` best splits with their places, plus the house way's and the player's
    way's if they are lower."""
    return [
        (place, split)
        for place, split in enumerate(analysis.splits, 1)
        if place <= top or split.house_way or split is player
    ]


def _title(analysis: Analysis, lang: Lang) -> str:
    return text("analyze.title", lang, hand=pretty_cards(sorted(analysis.hand, key=sort_key)))


def _standing(analysis: Analysis, split: SplitResult, lang: Lang) -> str:
    """ "Väntevärde −0,8258 · plats 3 av 21 · 0,0114 mindre än den bästa"."""
    digits, count = shown_digits(analysis), len(analysis.splits)
    place = analysis.splits.index(split) + 1
    said = text("analyze.standing", lang, ev=decimal(split.ev, lang, digits, signed=True))
    if count > 1:
        said += text("analyze.place", lang, place=place, count=count)
    if split is not analysis.best:
        gap = gap_text(analysis.best.ev, split.ev, lang, digits)
        said += text("analyze.row_gap", lang, gap=gap)
    return said


def _split_value(analysis: Analysis, split: SplitResult, lang: Lang) -> str:
    """A split's cards, its hands' names, and where it stands."""
    names = f"{split.five_name(lang)} / {split.two_name(lang)}"
    return f"{pretty_cards(split.five)}  ·  {pretty_cards(split.two)}\n{names} · " + _standing(
        analysis, split, lang
    )


def analysis_embed(analysis: Analysis, lang: Lang) -> discord.Embed:
    """The answer to /analyze, shortest first: what an EV is (said once), then the best
    split, the house way's and the player's way's, each with what it gives less than the
    best; the chart below; every split behind the button (``all_splits_embed``)."""
    count = len(analysis.splits)
    embed = discord.Embed(
        title=_title(analysis, lang),
        description=plural_text(
            "analyze.lead",
            lang,
            count,
            deals=number(analysis.deals, lang),
            payoff=decimal(WIN_PAYOFF, lang, 2, signed=True),
        ),
        colour=COLOUR,
    )
    best = analysis.best
    embed.add_field(
        name=f"{BEST_MARK} {text('analyze.best_field', lang)}",
        value=_split_value(analysis, best, lang),
        inline=False,
    )
    embed.add_field(
        name=f"{HOUSE_MARK} {text('analyze.house_mark', lang)}",
        value=_house_verdict(analysis, lang),
        inline=False,
    )
    decision, player = player_result(analysis)
    embed.add_field(
        name=f"{PLAYER_MARK} {text('analyze.player_field', lang)}",
        value=_player_verdict(analysis, decision, player, lang),
        inline=False,
    )
    embed.set_image(url=f"attachment://{CHART_NAME}")
    embed.set_footer(text=text("analyze.footer", lang, deals=number(analysis.deals, lang)))
    return embed


def _house_verdict(analysis: Analysis, lang: Lang) -> str:
    """The house way's split and where it stands; one line when it is the best split."""
    house = analysis.house
    if len(analysis.splits) == 1:
        return text("analyze.house_only", lang)
    if house is analysis.best:
        runner_up = analysis.splits[1]
        gap = gap_text(house.ev, runner_up.ev, lang, shown_digits(analysis))
        return text("analyze.house_best", lang, gap=gap)
    if house.ev == analysis.best.ev:
        return f"{_split_value(analysis, house, lang)}\n" + text("analyze.house_tied", lang)
    return _split_value(analysis, house, lang)


def _player_verdict(
    analysis: Analysis, decision: PlayerDecision, player: SplitResult | None, lang: Lang
) -> str:
    """One line when the player's way sets the hand as the house does; else its rule (by
    name, and the house-way rule it changes) and why, on these cards, its split and where
    it stands."""
    if player is None:
        return text("analyze.player_same", lang)
    rule = text(
        "analyze.player_rule",
        lang,
        rule=player_rule_name(decision.rule, lang),
        house_rule=rule_name(decision.house.rule, lang),
    )
    said = explain_player(decision)  # why, on these cards (a changed split is always said)
    if said is not None:
        rule += f"\n→ {said.text(lang)}"
    if player is analysis.best:
        return f"{rule}\n" + text("analyze.player_is_best", lang)
    return f"{rule}\n{_split_value(analysis, player, lang)}"


def all_splits_embed(analysis: Analysis, lang: Lang) -> discord.Embed:
    """Every split, best first, one line each with its EV and what it gives less than the
    best; the best few, the house way's and the player's way's with their shares of dealer
    hands won, pushed and lost."""
    digits = shown_digits(analysis)
    _decision, player = player_result(analysis)
    detailed = {place for place, _split in shown_rows(analysis, TOP_ROWS, player)}
    lines = []
    for place, split in enumerate(analysis.splits, 1):
        marks = (f" {HOUSE_MARK}" if split.house_way else "") + (
            f" {PLAYER_MARK}" if split is player else ""
        )
        gap = (
            text("analyze.row_gap", lang, gap=gap_text(analysis.best.ev, split.ev, lang, digits))
            if place > 1
            else ""
        )
        ev = decimal(split.ev, lang, digits, signed=True)
        lines.append(f"**{place}.** {compact(split.five)} · {compact(split.two)}{marks}")
        lines.append(text("analyze.list_line", lang, ev=ev, gap=gap))
        if place in detailed:
            lines[-1] += "\n" + text(
                "analyze.shares",
                lang,
                win=percent(split.wins / analysis.deals, lang),
                push=percent(split.pushes / analysis.deals, lang),
                loss=percent(split.losses / analysis.deals, lang),
            )
    embed = discord.Embed(
        title=plural_text(
            "analyze.all_title",
            lang,
            len(analysis.splits),
            hand=pretty_cards(sorted(analysis.hand, key=sort_key)),
        ),
        description="\n".join(lines),
        colour=COLOUR,
    )
    marks = text("analyze.all_marks", lang, house=HOUSE_MARK, player=PLAYER_MARK)
    embed.set_footer(text=marks)
    return embed


def chart_words(analysis: Analysis, lang: Lang) -> tuple[str, str, str | None]:
    """The chart's title, and the legend's words for the house way's colour and (when it
    sets the hand otherwise) the player's way's."""
    _decision, player = player_result(analysis)
    return (
        text("analyze.chart_title", lang),
        text("analyze.house_mark", lang),
        None if player is None else text("analyze.player_mark", lang),
    )


def chart_description(analysis: Analysis, lang: Lang) -> str:
    """The chart's alt text: what it shows and what the house way gives up (its cards in
    words, as in every picture's alt text)."""
    house = analysis.house
    two = cards_in_words(house.two, lang)
    digits = shown_digits(analysis)
    best = analysis.best.ev
    if house.ev == best:
        said = text("analyze.chart_best", lang, two=two)
    else:
        gap = gap_text(best, house.ev, lang, digits)
        said = text("analyze.chart_worse", lang, two=two, gap=gap)
    _decision, player = player_result(analysis)
    if player is None:
        return said + text("analyze.chart_player_same", lang)
    two = cards_in_words(player.two, lang)
    if player.ev == best:
        return said + text("analyze.chart_player_best", lang, two=two)
    gap = gap_text(best, player.ev, lang, digits)
    return said + text("analyze.chart_player", lang, two=two, gap=gap)
