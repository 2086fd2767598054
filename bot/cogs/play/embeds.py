"""A hand alone as the member sees it: the dealt hand (bet, stack, what was granted), and
the result (both splits, each hand won, copied or lost, the outcome and the chips). Pure
functions of what happened and a language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import discord

from houseway.cards import Card, pretty_cards
from houseway.language import Lang
from houseway.round import SeatResult

from ...storage.chips import Entry
from ...texts.embeds import COLOUR, ERROR_COLOUR, PUSH_COLOUR, number
from ...texts.i18n import text
from ..game.words import bonus_text, chips, hand_result, net_text, split_text, with_play_money

HAND_IMAGE: Final = "hand.png"
#: A result's colour at a glance: a win green, a push neutral, a loss red.
OUTCOME_COLOURS: Final = {"win": COLOUR, "push": PUSH_COLOUR, "loss": ERROR_COLOUR}
SHOWDOWN_IMAGE: Final = "showdown.png"
#: How a seat's split was set, as the result's field names it.
HOW_FIELDS: Final = {
    "own": "play.field.own",
    "house": "play.field.house",
    "timeout": "play.field.timeout",
}


def granted_lines(entries: Sequence[Entry], lang: Lang) -> list[str]:
    """What was just added to the stack: the start, the day's top-up, a refill."""
    return [
        text(f"play.granted.{entry.kind}", lang, chips=chips(entry.amount)) for entry in entries
    ]


def hand_embed(
    hand: Sequence[Card],
    bet: int,
    bonus: int,
    stack: int,
    lang: Lang,
    notes: Sequence[str] = (),
    again: bool = False,
) -> discord.Embed:
    """The member's seven cards to set, the bet and what is left in the stack; ``notes``
    (grants, a hand the house way set meanwhile) above the prompt."""
    description = "\n".join(
        [
            *notes,
            text("play.prompt", lang),
            f"**{pretty_cards(hand)}**",
            text("play.limit", lang),
            text("game.rules.line", lang),
        ]
    )
    embed = discord.Embed(
        title=text("play.title.again" if again else "play.title", lang),
        description=description,
        colour=COLOUR,
    )
    embed.add_field(
        name=text("play.field.chips", lang),
        value=text(
            "play.bet.bonus" if bonus else "play.bet",
            lang,
            bet=chips(bet),
            bonus=chips(bonus),
            stack=chips(stack),
        ),
        inline=False,
    )
    embed.set_image(url=f"attachment://{HAND_IMAGE}")
    return with_play_money(embed, lang)


def result_embed(result: SeatResult, stack: int, lang: Lang) -> discord.Embed:
    """The hand settled: the dealer's split and the member's, each hand's result, the
    outcome, the bonus, and the chips (bet, net, commission, the new stack)."""
    settled, how = result.main, result.seat.how
    assert how is not None  # settled: set
    outcome = settled.outcome.name.lower()
    lines = []
    if settled.foul:
        lines.append(text("play.result.foul", lang))
    title = "play.result.foul.title" if settled.foul else f"play.result.{outcome}"
    embed = discord.Embed(
        title=text(title, lang, net=net_text(settled.net, lang)),
        description="\n".join(lines) or None,
        colour=OUTCOME_COLOURS[outcome],
    )
    embed.add_field(
        name=text("play.field.dealer", lang), value=split_text(settled.dealer, lang), inline=True
    )
    embed.add_field(
        name=text(HOW_FIELDS[how.value], lang),
        value=split_text(settled.player, lang),
        inline=True,
    )
    if not settled.foul:
        assert settled.five is not None and settled.two is not None
        embed.add_field(
            name=text("play.field.hands", lang),
            value="\n".join(
                (
                    text("play.hand.five", lang, result=hand_result(settled.five.value, lang)),
                    text("play.hand.two", lang, result=hand_result(settled.two.value, lang)),
                )
            ),
            inline=False,
        )
    if result.bonus is not None:
        embed.add_field(
            name=text("game.bonus.field", lang),
            value=bonus_text(result.bonus, result.envy, lang),
            inline=False,
        )
    embed.add_field(
        name=text("play.field.chips", lang),
        value=text(
            "play.chips" if settled.commission else "play.chips.no_commission",
            lang,
            bet=chips(settled.bet),
            net=net_text(settled.net, lang),
            commission=chips(settled.commission),
            stack=chips(stack),
        ),
        inline=False,
    )
    embed.set_image(url=f"attachment://{SHOWDOWN_IMAGE}")
    return with_play_money(embed, lang)


def again_label(bet: int, bonus: int, lang: Lang) -> str:
    if bonus:
        return text(
            "play.button.again.bonus", lang, bet=number(bet, lang), bonus=number(bonus, lang)
        )
    return text("play.button.again", lang, bet=number(bet, lang))
