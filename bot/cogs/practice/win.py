"""/practice's "Play to win": the member sets the hand as in *Set the hand*, but the split
is graded against the best split by exact EV, not against the house way. Any split with
the best EV is right (ties count), and the verdict is what the split gives up against the
best, per unit bet, with the session's running total.

The verdict needs the exact analysis, which runs in the worker pool (``prepared``): the
answer is deferred first, then waits for it off the event loop; without it (the pool busy
or broken, or not in time) nothing is graded nor stored, and the member is told to pick
again. Answers are stored apart (``practice_win_answers``): they move no Leitner box,
streak or house-way figure.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Final

import discord

from houseway import Decision
from houseway.cards import Card, pretty_cards
from houseway.hands import category_name, two_name
from houseway.language import Lang
from houseway.learning.answers import Answer
from houseway.learning.practice import Split, Verdict, verdict

from ...app.interactions import Refusal
from ...pictures.cards_image import Deck, render_split
from ...storage.practice_win import WinAnswer, WinStats, record_win
from ...texts.alt_text import picture_file, split_description
from ...texts.embeds import decimal, ev_digits, number
from ...texts.i18n import plural_text, text
from .answering import Answering, Feedback, counted
from .embeds import (
    ANSWER_IMAGE,
    GIVEN_UP_UNITS,
    RIGHT_COLOUR,
    WRONG_COLOUR,
    given_up_text,
    session_text,
    with_time_and_picture,
)
from .views import next_view

if TYPE_CHECKING:
    from ...storage import Bounded
    from .cog import PracticeCog
    from .sealing import Seal
    from .views import AnswerMenu

log = logging.getLogger(__name__)

#: The largest session total a custom id carries (its 15 digits): beyond, it stays there.
MOST_LOST: Final = 10**15 - 1


@dataclass(frozen=True)
class WinVerdict:
    """A split beside the best one: whether it is a best one, and what it and the house way
    give up against it (ten-billionths, as the figures shown to ``digits`` decimals)."""

    judged: Verdict
    house: Split
    best: bool
    digits: int
    given_up: int
    house_given_up: int


def _units_between(high: float, low: float, digits: int) -> int:
    """``high`` − ``low`` as shown to ``digits`` decimals, in ten-billionths: the difference
    of the figures shown, not of the exact values; one unit (shown "< 0,0001") where
    they look alike but ``low`` is less."""
    gap = Decimal(f"{high:.{digits}f}") - Decimal(f"{low:.{digits}f}")
    return max(int(gap * GIVEN_UP_UNITS), 1 if high > low else 0)  # never 0 for a loss


def grade(
    decision: Decision, two: tuple[Card, ...], evs: dict[tuple[int, int], float]
) -> WinVerdict:
    """The play-to-win verdict of a split (two cards of the hand) by the hand's exact EVs."""
    judged = verdict(decision, list(two), evs)
    member, house, best = judged.member_ev, judged.house_ev, judged.best_ev
    assert member is not None and house is not None and best is not None  # evs were given
    digits = ev_digits((member, house, best))
    return WinVerdict(
        judged=judged,
        house=(decision.five, decision.two),
        best=member >= best,
        digits=digits,
        given_up=0 if member >= best else _units_between(best, member, digits),
        house_given_up=0 if house >= best else _units_between(best, house, digits),
    )


def analysis_lines(graded: WinVerdict, lang: Lang) -> str:
    """The member's EV, the best split's, and the house way's with what it gives up."""
    judged, digits = graded.judged, graded.digits
    assert judged.member_ev is not None and judged.best_ev is not None and judged.best
    assert judged.house_ev is not None

    def split(five_two: Split) -> str:
        return f"{pretty_cards(five_two[0])} · {pretty_cards(five_two[1])}"

    def ev(value: float) -> str:
        return decimal(value, lang, digits, signed=True)

    house_key = "practice.win.house" if graded.house_given_up else "practice.win.house_best"
    return "\n".join(
        (
            text("practice.ev.yours", lang, ev=ev(judged.member_ev)),
            text("practice.win.best", lang, split=split(judged.best), ev=ev(judged.best_ev)),
            text(
                house_key,
                lang,
                split=split(graded.house),
                ev=ev(judged.house_ev),
                lost=given_up_text(graded.house_given_up, lang, digits),
            ),
            f"-# {text('practice.ev.unit', lang)}",
        )
    )


def win_embed(graded: WinVerdict, seconds: float, lang: Lang, footer: str) -> discord.Embed:
    """The verdict: what the split gives up, the split, the exact figures, the time."""
    judged = graded.judged
    verdict_line = (
        text("practice.win.verdict.best", lang)
        if graded.best
        else text(
            "practice.win.verdict.behind",
            lang,
            lost=given_up_text(graded.given_up, lang, graded.digits),
        )
    )
    embed = discord.Embed(
        title=text("practice.win.right" if graded.best else "practice.win.wrong", lang),
        description=verdict_line,
        colour=RIGHT_COLOUR if graded.best else WRONG_COLOUR,
    )
    yours = f"{pretty_cards(judged.five)}  ·  {pretty_cards(judged.two)}\n"
    if judged.foul:
        yours += text("practice.yours.foul", lang)
    else:
        yours += f"{category_name(judged.five_value, lang)} / {two_name(judged.two_value, lang)}"
    embed.add_field(name=text("practice.field.yours", lang), value=yours, inline=False)
    embed.add_field(
        name=text("practice.field.ev", lang), value=analysis_lines(graded, lang), inline=False
    )
    return with_time_and_picture(embed, seconds, lang, footer)


async def best_file(graded: WinVerdict, deck: Deck, lang: Lang) -> discord.File:
    """The best split's picture (drawn off the event loop), with its alt text."""
    best = graded.judged.best
    assert best is not None
    png = await asyncio.to_thread(render_split, best[0], best[1], deck, lang=lang)
    alt = text("alt.win.best", lang, split=split_description(best[0], best[1], lang))
    return picture_file(png, ANSWER_IMAGE, alt)


@dataclass(frozen=True)
class Graded:
    """A play-to-win answer with its verdict and the seconds it took."""

    given: Answer
    verdict: WinVerdict
    seconds: float


class WinAnswering(Answering[Graded]):
    """*Play to win*: graded by the exact analysis (deferred: it may take longer than
    Discord's 3 seconds), stored apart, the session's total given up carried on."""

    defers = True

    def __init__(
        self, cog: PracticeCog, interaction: discord.Interaction, menu: AnswerMenu
    ) -> None:
        super().__init__(cog, interaction)
        self.menu = menu

    async def hand(self, db: Bounded) -> tuple[Card, ...]:
        return self.menu.hand

    async def judge(self, hand: tuple[Card, ...], given: Answer) -> Graded:
        prepared = self.cog.preparer.prepare(hand)
        assert prepared.work is not None
        try:
            await asyncio.wait_for(asyncio.shield(prepared.work), self.cog.timing.win_wait)
        except Exception as error:  # not in time, or the pool busy or broken
            log.warning("play-to-win analysis failed or not ready in time: %r", error)
            raise Refusal("practice.win.unavailable", outcome="analysis_unavailable") from None
        evs = prepared.evs()
        assert evs is not None  # done, without an exception
        seconds = max(0.0, self.now - self.menu.shown_ms / 1000)
        return Graded(given, grade(prepared.decision, given.two, evs), seconds)

    async def record(self, db: Bounded, graded: Graded) -> Graded | None:
        answer = WinAnswer(
            user_id=self.user_id,
            shown_ms=self.menu.shown_ms,
            hand=self.menu.hand,
            answer=graded.given.stored(),
            best=graded.verdict.best,
            given_up=graded.verdict.given_up,
            seconds=graded.seconds,
            answered_at=self.now,
        )
        return graded if await db.run(record_win, answer) else None

    def score(self, graded: Graded) -> tuple[int, int, int]:
        """The session's best splits, hands and total given up, this answer counted."""
        menu, won = self.menu, graded.verdict
        right, total = counted(menu.right, menu.total, int(won.best))
        lost = won.given_up if total == 1 else menu.lost + won.given_up  # a new count: anew
        return right, total, min(lost, MOST_LOST)

    async def feedback(self, db: Bounded, graded: Graded) -> Feedback:
        right, total, lost = self.score(graded)
        session = session_text(right, total, self.lang, lost)
        return Feedback(win_embed(graded.verdict, graded.seconds, self.lang, session))

    async def picture(self, graded: Graded, deck: Deck) -> discord.File:
        return await best_file(graded.verdict, deck, self.lang)

    def view(self, graded: Graded, seal: Seal) -> discord.ui.View:
        right, total, lost = self.score(graded)
        return next_view("win", right, total, self.lang, seal, self.menu.drill, lost)

    def outcome(self, graded: Graded, late: bool) -> str:
        return "best" if graded.verdict.best else "behind"


def win_stats_text(stats: WinStats, lang: Lang) -> str:
    """/stats's play-to-win figures: hands, best splits, all given up."""
    return plural_text(
        "stats.win.value",
        lang,
        stats.hands,
        best=number(stats.best, lang),
        lost=given_up_text(stats.given_up, lang),
    )
