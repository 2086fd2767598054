"""The player's way's page in /rules: its seven rules in the member's language, each with the
house-way rule it changes, under the mark that they are the project's advice and not the
casino's text; the figure a player understands, the house edge it brings down (the shipped
solve's, ``houseway.analysis.figures.house_edges``); and what it wins back
(``houseway.strategy.WON_BACK`` where no solve is shipped). No sentence over 250 characters
(``houseway.player_rules.LONGEST_SENTENCE``)."""

from __future__ import annotations

from typing import Final

import discord

from houseway.analysis.census import DEALER_HANDS
from houseway.analysis.figures import house_edges, solve_summary
from houseway.language import Lang
from houseway.rules import rule_name
from houseway.strategy import (
    ADVICE_MARKER,
    PLAYER_RULES,
    WAY_NAME,
    WON_BACK,
    player_rule_name,
)

from .embeds import COLOUR, number, percent
from .i18n import plural_text, text

#: The autocomplete's value for the page (any of its names opens it too).
CHOICE_VALUE: Final = "pw"
#: The 95 % interval of the sampled figure.
LEVEL: Final = 0.95


def way_name(lang: Lang) -> str:
    """'Spelarens sätt' / 'The player's way'."""
    return WAY_NAME[lang]


def advice_marker(lang: Lang) -> str:
    """The mark on every text of the player's way: the project's advice, not the casino's."""
    return ADVICE_MARKER[lang]


def won_back_text(lang: Lang) -> str:
    """What the player's way wins back of what the house way gives up, and how it was
    measured: exactly over every hand once the whole-game solve is shipped, else the
    sampled figure."""
    summary = solve_summary()
    way = None if summary is None else summary.get("player_way")
    if isinstance(way, dict) and way.get("won_back") is not None:
        return text(
            "rules.player.won_back.exact",
            lang,
            share=percent(way["won_back"], lang, 1),
            pairs=percent(way["two_pairs"]["won_back"], lang, 1),
            hands=number(int(way["hands"]), lang),
            dealer=number(DEALER_HANDS, lang),
        )
    return plural_text(
        "rules.player.won_back.sampled",
        lang,
        WON_BACK.hands,
        share=percent(WON_BACK.share, lang, 1),
        low=percent(WON_BACK.low, lang, 1),
        high=percent(WON_BACK.high, lang, 1),
        level=percent(LEVEL, lang, 0),
        command=WON_BACK.command,
    )


def edge_text(lang: Lang) -> str | None:
    """The house edge against a house-way dealer, from setting as the house does to the
    player's way, and the best split's below which no one gets (None: no solve shipped)."""
    edges = house_edges()
    if edges is None:
        return None
    return text(
        "rules.player.edge.value",
        lang,
        house=percent(edges.house_way, lang, 2),
        player=percent(edges.player_way, lang, 2),
        best=percent(edges.best_split, lang, 2),
    )


def player_way_embed(lang: Lang) -> discord.Embed:
    """The page: the mark, why the house way can be bettered, the seven rules (by name, with
    the house-way rule each changes), the house edge they bring down and what they win
    back."""
    rules = [
        text(
            "rules.player.rule",
            lang,
            place=place,
            name=player_rule_name(rule.id, lang),
            house_rule=rule_name(rule.refines, lang),
            text=rule.text(lang),
        )
        for place, rule in enumerate(PLAYER_RULES, 1)
    ]
    intro = f"**{advice_marker(lang)}.**\n{text('rules.player.intro', lang)}"
    embed = discord.Embed(
        title=text("rules.player.title", lang),
        description="\n\n".join([intro, *rules]),
        colour=COLOUR,
    )
    edge = edge_text(lang)
    if edge is not None:
        embed.add_field(name=text("rules.player.edge", lang), value=edge, inline=False)
    embed.add_field(
        name=text("rules.player.won_back", lang), value=won_back_text(lang), inline=False
    )
    embed.set_footer(text=advice_marker(lang))
    return embed


def player_way_choice_name(lang: Lang) -> str:
    """The autocomplete's label of the page (at most 100 characters)."""
    return text("rules.player.choice", lang, name=way_name(lang))
