"""How the game's figures and results are said, wherever they are shown (a hand alone, a
table's reveal, /chips): chips as counted words, a net with its sign, each hand's result
and a seat's outcome, and the play-money line that every reply with chips ends with."""

from __future__ import annotations

from typing import Final

import discord

from houseway.bonus import BonusCategory, BonusResult
from houseway.cards import Card, pretty_card, pretty_cards
from houseway.game import SeatSplit, Settlement
from houseway.hands import Category, category_name, category_of, two_name
from houseway.language import Lang
from houseway.round import SeatResult

from ...texts.embeds import MINUS, number
from ...texts.i18n import Counted, plural_text, text

#: A seat's outcomes, as stored (``bot.storage.game``), with a voided round's.
OUTCOMES: Final = ("win", "push", "loss", "void")


def chips(count: int) -> Counted:
    """A count of chips inside a message: "1 marker", "1 000 marker", "2 chips"."""
    return Counted("count.chips", count)


def net_text(net: int, lang: Lang) -> str:
    """A change of chips with its sign: "+95 chips", "−100 marker", "0 chips"."""
    sign = "+" if net > 0 else MINUS if net < 0 else ""
    return plural_text("game.net", lang, abs(net), sign=sign)


def hand_result(result: str | None, lang: Lang) -> str:
    """One hand against the dealer's: won, a copy (to the dealer), lost."""
    return text(f"game.hand.{result}", lang)


def outcome_text(outcome: str, lang: Lang) -> str:
    """A seat's outcome: a win, a push, a loss, void."""
    return text(f"game.outcome.{outcome}", lang)


def split_text(split: SeatSplit, lang: Lang) -> str:
    """A split as cards and hand names: "A♠ A♥ K♦ Q♣ 9♠ · J♥ 10♥" over "Pair / J-10"."""
    return split_cards_text(split.five, split.two, split.five_value, split.two_value, lang)


def split_line(split: SeatSplit, lang: Lang) -> str:
    """A split on one line, each hand named (a table's words): "A♠ A♥ K♦ Q♣ 5♠ (Par) |
    4♠ 4♥ (Par)"."""
    five = " ".join(pretty_card(card) for card in split.five)
    two = " ".join(pretty_card(card) for card in split.two)
    return text(
        "table.split",
        lang,
        five=f"{five} ({category_name(split.five_value, lang)})",
        two=f"{two} ({two_name(split.two_value, lang)})",
    )


def split_cards_text(
    five: tuple[Card, ...], two: tuple[Card, ...], five_value: int, two_value: int, lang: Lang
) -> str:
    return text(
        "play.split",
        lang,
        five=pretty_cards(five),
        two=pretty_cards(two),
        five_name=category_name(five_value, lang),
        two_name=two_name(two_value, lang),
    )


def bonus_text(bonus: BonusResult, envy: int, lang: Lang) -> str:
    """A bonus bet settled: "Flush: 4 to 1 · +40 chips", or lost; Envy's chips after it."""
    if bonus.category is BonusCategory.NOTHING:
        said = text("game.bonus.nothing", lang, bet=chips(bonus.bet))
    else:
        said = text(
            "game.bonus.won",
            lang,
            category=bonus.category.name_in(lang),
            pays=number(bonus.pays, lang),
            net=net_text(bonus.net, lang),
        )
    if envy:
        said += "\n" + text("game.bonus.envy", lang, envy=net_text(envy, lang))
    return said


def with_play_money(embed: discord.Embed, lang: Lang) -> discord.Embed:
    """Every reply that shows chips says what they are (spec section 9)."""
    embed.set_footer(text=text("game.play_money", lang))
    return embed


def picture_result(result: SeatResult, lang: Lang) -> str:
    """The result as the picture's heading says it: "Win +95", "Foul −10", with the
    bonus's when there is one ("Win +95 · Bonus +40")."""
    settled = result.main
    if settled.foul:
        said = text("table.picture.foul", lang, bet=number(settled.bet, lang))
    else:
        outcome = settled.outcome.name.lower()
        said = text(
            f"table.picture.{outcome}",
            lang,
            net=number(settled.net, lang),
            bet=number(settled.bet, lang),
        )
    if result.bonus is not None:
        extra = result.bonus.net + result.envy
        sign = "+" if extra > 0 else MINUS if extra < 0 else ""
        said += " · " + text("table.picture.bonus", lang, net=f"{sign}{number(abs(extra), lang)}")
    return said


def result_text(settled: Settlement, lang: Lang) -> str:
    outcome = settled.outcome.name.lower()
    return text(
        f"table.result.{outcome}",
        lang,
        net=number(settled.net, lang),
        bet=number(settled.bet, lang),
        commission=number(settled.commission, lang),
    )


def hands_text(settled: Settlement, lang: Lang) -> str:
    """Each hand against the dealer's ("won", "a copy (to the dealer)"), or a foul."""
    if settled.five is None or settled.two is None:
        return text("table.reveal.foul", lang)
    return text(
        "table.reveal.hands",
        lang,
        five=hand_result(settled.five.value, lang),
        two=hand_result(settled.two.value, lang),
    )


#: Ranks as a player names a hand by them, 2 to ace: "kung högst", "par i kungar".
_RANK_SINGLE = {
    Lang.SV: ("tvåa", "trea", "fyra", "femma", "sexa", "sjua", "åtta", "nia", "tia", "knekt",
              "dam", "kung", "ess"),
    Lang.EN: ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
              "queen", "king", "ace"),
}  # fmt: skip
_RANK_PLURAL = {
    Lang.SV: ("tvåor", "treor", "fyror", "femmor", "sexor", "sjuor", "åttor", "nior", "tior",
              "knektar", "damer", "kungar", "ess"),
    Lang.EN: ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
              "jacks", "queens", "kings", "aces"),
}  # fmt: skip


def decided_by(value: int, lang: Lang, two_cards: bool) -> str:
    """A hand named by what decides it against another of its kind: "kung högst" / "king
    high", "par i damer" / "a pair of queens"; beyond a pair, the category's name. Says why
    one hand beats another where both are "Högt kort"."""
    if two_cards:
        if value >= 256:
            return text("game.pair_of", lang, ranks=_RANK_PLURAL[lang][value - 256])
        return text("game.high", lang, rank=_RANK_SINGLE[lang][value >> 4])
    category = category_of(value)
    top = value >> 16 & 15
    if category is Category.HIGH_CARD:
        return text("game.high", lang, rank=_RANK_SINGLE[lang][top])
    if category is Category.ONE_PAIR:
        return text("game.pair_of", lang, ranks=_RANK_PLURAL[lang][top])
    return category_name(value, lang)
