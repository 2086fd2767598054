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
import contextlib
import logging
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Protocol, cast

import discord

from houseway.cards import Card, pretty_cards
from houseway.language import Lang
from houseway.round import How
from houseway.rules import rule_name, rule_summary
from houseway.strategy import PlayerDecision, player_rule, player_rule_name, player_way
from houseway.way import house_way

from ...storage import game as game_store
from ...texts.embeds import COLOUR, decimal, number, rounded
from ...texts.i18n import language, plural_text, text
from ..practice.embeds import GIVEN_UP_UNITS
from ..practice.win import WinVerdict, grade

if TYPE_CHECKING:
    from houseway.round import SeatResult

    from ...storage import Database
    from ..practice.prepared import Prepared

log = logging.getLogger(__name__)

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


async def review_and_record(
    source: Analyses | HasCogs,
    db: Database,
    round_id: str,
    result: SeatResult,
    lang: Lang,
    wait: float = REVIEW_WAIT,
) -> Review | None:
    """Review a settled seat's hand and put what its split gave up on the skill board;
    None when the analysis could not be made. Every hand counts, however it was set (a
    hand left to time out as the house way's split): the board measures all hands dealt,
    not the ones a member chose to play."""
    seat = result.seat
    try:
        review = await review_hand(
            source, seat.hand, result.main.player.two, lang, wait, member=seat.player
        )
    except Exception as error:  # not in time, or the pool busy or broken
        log.warning("How did I play? could not be analysed: %r", error)
        return None
    try:
        await game_store.record_given_up(db, round_id, seat.number, review.given_up)
    except Exception as error:
        log.warning("a hand's given-up figure was not stored: %r", error)
    return review


async def review_at_table(
    source: Analyses | HasCogs,
    db: Database,
    round_id: str,
    result: SeatResult,
    shown: discord.Interaction | None,
) -> None:
    """A table seat's How did I play? after the reveal: reviewed and counted on the skill
    board like every hand, and told privately where its member opened the hand (a member
    who never opened it reads the reveal alone). Run as a task of its own: the table's next
    round never waits for a member's analysis.

    The task keeps the press's follow-up and language, never the press itself: with it
    went the table message as it was pressed, parsed, for as long as an analysis waits
    for a worker (up to REVIEW_WAIT; thousands at once at 200 tables, issue 40)."""
    lang = language(shown.locale) if shown is not None else Lang.EN
    followup = shown.followup if shown is not None else None
    del shown
    await _review_and_tell(source, db, round_id, result, followup, lang)


async def _review_and_tell(
    source: Analyses | HasCogs,
    db: Database,
    round_id: str,
    result: SeatResult,
    followup: discord.Webhook | None,
    lang: Lang,
) -> None:
    review = await review_and_record(source, db, round_id, result, lang)
    if followup is None:
        return
    embed = unavailable_embed(lang) if review is None else review_embed(review, result)
    with contextlib.suppress(discord.HTTPException):
        await followup.send(embed=embed, ephemeral=True)


def _split(five: Sequence[Card], two: Sequence[Card]) -> str:
    return f"{pretty_cards(five)} · {pretty_cards(two)}"


def _in_chips(units: float, bet: int, lang: Lang) -> str:
    """A value per unit bet said in chips of the member's own bet: whole chips from 10 on,
    one decimal from 1, two below ("86 marker", "4,2 marker", "0,37 marker")."""
    chips = abs(units) * bet
    if chips >= 10:
        return plural_text("count.chips", lang, round(chips))
    said = decimal(chips, lang, 1 if chips >= 1 else 2, bare_zero=True)
    return text("review.chips", lang, figure=said)


def _worth_key(units: float, bet: int) -> str:
    """A split's worth with its sign, none where it shows as 0 chips (its sign was the
    float's noise: "+0" for one analysis, "−0" for the other)."""
    if rounded(abs(units) * bet, 2) == 0:  # two decimals below one chip (``_in_chips``)
        return "review.worth.even"
    return "review.worth.win" if units > 0 else "review.worth.loss"


def _better_rule(review: Review, named: bool = False) -> str | None:
    """The rule that sets this hand better than the member did: the house way's where its
    split is better, else the player's way's where it differs and is better; ``named``:
    its name alone (a long rule's text would not fit the review)."""
    lang, graded = review.lang, review.graded
    judged = graded.judged
    assert judged.member_ev is not None and judged.house_ev is not None
    if judged.house_ev > judged.member_ev:
        rule = house_way(review.hand).rule
        key = "review.better.house.named" if named else "review.better.house"
        return text(key, lang, name=rule_name(rule, lang), text=rule_summary(rule, lang))
    if review.player_differs:
        rule = _player_rule(review.player.rule, lang, named)
        return text("review.better.player", lang, rule=rule)
    return None


def _player_rule(rule_id: str, lang: Lang, named: bool) -> str:
    advice = player_rule(rule_id)
    if advice is not None:
        name = player_rule_name(rule_id, lang)
        said = advice.text(lang)
    else:  # the player's way is the house way here: the house way's rule
        name, said = rule_name(rule_id, lang), rule_summary(rule_id, lang)
    return name if named else text("review.player.rule", lang, name=name, text=said)


def _splits(review: Review, bet: int) -> list[str]:
    """The member's split, the house way's and the best, each once (one line naming all
    who set it so), each with what it wins or loses on average at the member's bet."""
    lang, graded = review.lang, review.graded
    judged = graded.judged
    assert judged.member_ev is not None and judged.house_ev is not None
    assert judged.best_ev is not None and judged.best is not None
    named: list[tuple[tuple[tuple[Card, ...], tuple[Card, ...]], list[str], float]] = []
    for key, cards, ev in (
        ("review.yours", (judged.five, judged.two), judged.member_ev),
        ("review.house", graded.house, judged.house_ev),
        ("review.best", judged.best, judged.best_ev),
    ):
        same = next((entry for entry in named if set(entry[0][1]) == set(cards[1])), None)
        if same is None:
            named.append((cards, [text(key, lang)], ev))
        else:
            same[1].append(text(key, lang))
    lines = []
    for (five, two), names, ev in named:
        worth = text(_worth_key(ev, bet), lang, chips=_in_chips(ev, bet, lang))
        lines.append(f"{' = '.join(names)}: {_split(five, two)} · {worth}")
    return lines


#: A review's length at most, so that a phone shows it whole (a long rule is named only).
REVIEW_CHARACTERS: Final = 600


def review_text(review: Review, result: SeatResult) -> str:
    """The review as a phone reads it: whether the house way set the hand (and how that
    counts on the skill board), one headline in chips of the member's own bet, each split
    once, and the rule that sets the hand better; at most about 600 characters."""
    lang, graded = review.lang, review.graded
    bet, how = result.seat.bet, result.seat.how
    lines = []
    if how is not None and how is not How.OWN:
        lines.append(text(f"review.set_by.{how.value}", lang))
    if graded.judged.foul:
        lines.append(text("review.foul", lang))
    if graded.best:
        key = "review.best.house" if how is not None and how is not How.OWN else "review.best.yours"
        lines.append(text(key, lang))
    else:
        per_unit = graded.given_up / GIVEN_UP_UNITS
        lines.append(
            text("review.cost", lang, chips=_in_chips(per_unit, bet, lang), bet=number(bet, lang))
        )
    lines.extend(_splits(review, bet))
    unit = f"-# {text('review.unit', lang)}"
    if graded.best:
        return "\n".join([*lines, unit])
    for named in (False, True):
        better = _better_rule(review, named)
        said = "\n".join([*lines, *([better] if better else []), unit])
        if len(said) <= REVIEW_CHARACTERS:
            break
    return said


def review_embed(review: Review, result: SeatResult) -> discord.Embed:
    """The review as an embed of its own, beside a hand's result."""
    return discord.Embed(
        title=text("review.title", review.lang),
        description=review_text(review, result),
        colour=COLOUR,
    )


def unavailable_embed(lang: Lang) -> discord.Embed:
    """Said in the review's place when the analysis could not be made."""
    return discord.Embed(
        title=text("review.title", lang),
        description=text("review.unavailable", lang),
        colour=COLOUR,
    )
