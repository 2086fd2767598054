"""How did I play? A played hand's split beside the house way's and the best split by
exact EV, what the choice cost against the best (and won or cost against the house way)
in chips per 100 bet, and the player's way's split where it would have set the hand
otherwise.

The exact analysis is practice's prepared analysis (``bot.cogs.practice.prepared``): one
worker pool, the hand's analysis started when it is dealt (``start_review``), so that it
is usually done by the time the hand is set, and never run on the event loop. The figures
are Play to win's (``bot.cogs.practice.win.grade``): what a split gives up is the
difference of the EVs as shown, in ten-billionths of a unit bet, so the skill board sums
figures a member has seen. Callers: ``bot.cogs.play`` (alone) and the table.
"""

from __future__ import annotations

import asyncio
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Final, Protocol, cast

import discord

from houseway.cards import Card, pretty_cards
from houseway.language import Lang
from houseway.rules import rule_name, rule_summary
from houseway.strategy import PlayerDecision, player_rule, player_rule_name, player_way

from ...texts.embeds import COLOUR, decimal
from ...texts.i18n import text
from ..practice.embeds import GIVEN_UP_UNITS
from ..practice.win import WinVerdict, grade

if TYPE_CHECKING:
    from ..practice.prepared import Prepared

#: How long a review waits for its analysis (the worker pool's first job starts it).
REVIEW_WAIT: Final = 60.0
#: Ten-billionths of a unit bet in a chip per 100 bet.
UNITS_PER_HUNDRED: Final = GIVEN_UP_UNITS // 100


class Analyses(Protocol):
    """What a review needs of the worker pool: practice's ``Preparer``."""

    def prepare(
        self, hand: Sequence[Card], analysis: bool = True, member: Hashable = None
    ) -> Prepared: ...


class HasCogs(Protocol):
    def get_cog(self, name: str, /) -> object: ...


def analyses_of(source: Analyses | HasCogs) -> Analyses:
    """The worker pool's front: given, or the practice cog's (the bot's one pool for exact
    analyses of hands members set)."""
    if hasattr(source, "prepare"):
        return cast("Analyses", source)
    cog = source.get_cog("PracticeCog")
    if cog is None:
        raise LookupError("the practice extension (its worker pool) is not loaded")
    return cast("Analyses", getattr(cog, "preparer"))  # noqa: B009 - a Protocol, not a type


def start_review(source: Analyses | HasCogs, hand: Sequence[Card], member: Hashable) -> None:
    """Start the hand's exact analysis now (when it is dealt to ``member``), in the worker
    pool, in the member's turn."""
    analyses_of(source).prepare(hand, member=member)


@dataclass(frozen=True)
class Review:
    """A set hand judged by exact EV, and the player's way's split of it."""

    hand: tuple[Card, ...]
    two: tuple[Card, ...]
    graded: WinVerdict
    player: PlayerDecision
    lang: Lang

    @property
    def given_up(self) -> int:
        """What the split gave up against the best, ten-billionths of a unit bet (the skill
        board's figure; ``bot.storage.game.record_given_up``)."""
        return self.graded.given_up

    @property
    def against_house(self) -> int:
        """The split's EV less the house way's, as shown, in ten-billionths (negative: it
        did worse than the house way)."""
        judged, digits = self.graded.judged, self.graded.digits
        assert judged.member_ev is not None and judged.house_ev is not None
        gap = Decimal(f"{judged.member_ev:.{digits}f}") - Decimal(f"{judged.house_ev:.{digits}f}")
        return int(gap * GIVEN_UP_UNITS)

    @property
    def player_differs(self) -> bool:
        """The player's way would have set the hand otherwise than the member did."""
        judged = self.graded.judged
        return (self.player.five_value, self.player.two_value) != (
            judged.five_value,
            judged.two_value,
        )


async def review_hand(
    bot_or_pool: Analyses | HasCogs,
    hand: Sequence[Card],
    two: Sequence[Card],
    lang: Lang,
    wait: float = REVIEW_WAIT,
    member: Hashable = None,
) -> Review:
    """Judge a set hand (``two``: its two-card hand) by exact EV, waiting off the event
    loop for the worker pool (in ``member``'s turn, if the analysis is not under way).

    Raises:
        TimeoutError: the analysis was not done within ``wait`` seconds.
        Exception: whatever broke the analysis (a broken pool).
    """
    prepared = analyses_of(bot_or_pool).prepare(hand, member=member)
    assert prepared.work is not None  # asked for with its analysis
    await asyncio.wait_for(asyncio.shield(prepared.work), wait)
    evs = prepared.evs()
    assert evs is not None  # done, without an exception
    graded = grade(prepared.decision, tuple(two), evs)
    return Review(tuple(hand), tuple(two), graded, player_way(tuple(hand)), lang)


def per_hundred(units: int, lang: Lang, digits: int, signed: bool = False) -> str:
    """Ten-billionths of a unit bet as chips per 100 bet, to the decimals the EVs were shown
    with less two (exact: the figure is a difference of figures shown, times 100)."""
    return decimal(units / UNITS_PER_HUNDRED, lang, max(digits - 2, 0), signed=signed)


def _split(five: Sequence[Card], two: Sequence[Card]) -> str:
    return f"{pretty_cards(five)} · {pretty_cards(two)}"


def _player_rule(rule_id: str, lang: Lang) -> str:
    advice = player_rule(rule_id)
    if advice is not None:
        name = player_rule_name(rule_id, lang)
        said = advice.text(lang)
    else:  # the player's way is the house way here: the house way's rule
        name, said = rule_name(rule_id, lang), rule_summary(rule_id, lang)
    return text("review.player.rule", lang, name=name, text=said)


def review_text(review: Review) -> str:
    """The review as lines: the three splits with their EVs, what the choice cost against
    the best and against the house way per 100 bet, and the player's way where it differs."""
    lang, graded = review.lang, review.graded
    judged, digits = graded.judged, graded.digits
    assert judged.member_ev is not None and judged.house_ev is not None
    assert judged.best_ev is not None and judged.best is not None

    def ev(value: float) -> str:
        return decimal(value, lang, digits, signed=True)

    lines = [
        text("review.yours", lang, split=_split(judged.five, judged.two), ev=ev(judged.member_ev)),
        text("review.house", lang, split=_split(*graded.house), ev=ev(judged.house_ev)),
        text("review.best", lang, split=_split(*judged.best), ev=ev(judged.best_ev)),
    ]
    if judged.foul:
        lines.append(text("review.foul", lang))
    if graded.best:
        lines.append(text("review.best.yours", lang))
    else:
        lines.append(text("review.cost", lang, chips=per_hundred(graded.given_up, lang, digits)))
    against = review.against_house
    if against:
        key = "review.against_house.better" if against > 0 else "review.against_house.worse"
        lines.append(text(key, lang, chips=per_hundred(abs(against), lang, digits)))
    if review.player_differs:
        player = review.player
        lines.append(
            text(
                "review.player",
                lang,
                split=_split(player.five, player.two),
                rule=_player_rule(player.rule, lang),
            )
        )
    lines.append(f"-# {text('review.unit', lang)}")
    return "\n".join(lines)


def review_embed(review: Review) -> discord.Embed:
    """The review as an embed of its own, beside a hand's result."""
    return discord.Embed(
        title=text("review.title", review.lang), description=review_text(review), colour=COLOUR
    )


def unavailable_embed(lang: Lang) -> discord.Embed:
    """Said in the review's place when the analysis could not be made."""
    return discord.Embed(
        title=text("review.title", lang),
        description=text("review.unavailable", lang),
        colour=COLOUR,
    )
