"""/practice's "Play to win": the member sets the hand as in *Set the hand*, but the split
is graded against the best split by exact EV, not against the house way. Any split with
the best EV is right (ties count), and the verdict is what the split costs against the
best, per 100 bet, with the session's running total. A split that is not the best gets a
reason: the rule that sets the hand better (the player's way's, or the house way's where
the house way is the best) said on the member's cards, the picture of that rule's split
(labelled whose it is), and *More like this* for that rule.

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
from typing import TYPE_CHECKING, Final, Literal

import discord

from houseway import Decision
from houseway.cards import Card, pretty_cards
from houseway.hands import category_name, two_name
from houseway.language import Lang
from houseway.learning.answers import Answer
from houseway.learning.explain import explain
from houseway.learning.explain.player import explain_player
from houseway.learning.practice import Split, Verdict, verdict
from houseway.rules import rule_name, rule_summary
from houseway.strategy import PlayerDecision, player_rule_name, player_way

from ...app.interactions import Refusal
from ...pictures.cards_image import Deck, render_split
from ...storage.practice_win import WinAnswer, WinStats, record_win
from ...texts.alt_text import picture_file, split_description
from ...texts.embeds import decimal, ev_digits, fit_field, number, why_text
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
    from ...app.sealing import Seal
    from ...storage import Bounded
    from .cog import PracticeCog
    from .views import AnswerMenu

log = logging.getLogger(__name__)

#: The largest session total a custom id carries (its 15 digits): beyond, it stays there.
MOST_LOST: Final = 10**15 - 1


@dataclass(frozen=True)
class WinVerdict:
    """A split beside the best one: whether it is a best one, and what it and the house way
    give up against it (ten-billionths, as the figures shown to ``digits`` decimals); with
    ``player``, the player's way's split and what it gives up too (Play to win's reason)."""

    judged: Verdict
    house: Split
    best: bool
    digits: int
    given_up: int
    house_given_up: int
    player: PlayerDecision | None = None
    player_ev: float | None = None
    player_given_up: int = 0


def _units_between(high: float, low: float, digits: int) -> int:
    """``high`` − ``low`` as shown to ``digits`` decimals, in ten-billionths: the difference
    of the figures shown, not of the exact values; one unit (shown "< 0,0001") where
    they look alike but ``low`` is less."""
    gap = Decimal(f"{high:.{digits}f}") - Decimal(f"{low:.{digits}f}")
    return max(int(gap * GIVEN_UP_UNITS), 1 if high > low else 0)  # never 0 for a loss


def grade(
    decision: Decision,
    two: tuple[Card, ...],
    evs: dict[tuple[int, int], float],
    with_player: bool = False,
) -> WinVerdict:
    """The play-to-win verdict of a split (two cards of the hand) by the hand's exact EVs;
    ``with_player``, beside the player's way's split too (its EV among the figures shown)."""
    judged = verdict(decision, list(two), evs)
    member, house, best = judged.member_ev, judged.house_ev, judged.best_ev
    assert member is not None and house is not None and best is not None  # evs were given
    player = player_way(decision.hand) if with_player else None
    player_ev = None if player is None else evs[(player.five_value, player.two_value)]
    digits = ev_digits(
        (member, house, best) if player_ev is None else (member, house, best, player_ev)
    )
    return WinVerdict(
        judged=judged,
        house=(decision.five, decision.two),
        best=member >= best,
        digits=digits,
        given_up=0 if member >= best else _units_between(best, member, digits),
        house_given_up=0 if house >= best else _units_between(best, house, digits),
        player=player,
        player_ev=player_ev,
        player_given_up=(
            0 if player_ev is None or player_ev >= best else _units_between(best, player_ev, digits)
        ),
    )


@dataclass(frozen=True)
class Shown:
    """The split a verdict's picture shows, and why: ``way`` is whose split it is ("best",
    "house" or "player"), ``best`` whether it is a best split, and ``rule``, after a miss,
    the rule that sets the hand better than the member did (None: the member's split was a
    best one, or no rule of either way sets it better)."""

    way: Literal["best", "house", "player"]
    split: Split
    best: bool
    rule: str | None


def shown_split(graded: WinVerdict) -> Shown:
    """Whose split to show and explain: after a miss, the house way's when it is a best
    split, else the player's way's when it costs less than the member's; otherwise (a best
    answer, or no rule does better) the best split."""
    judged, player = graded.judged, graded.player
    assert judged.best is not None and player is not None
    if not graded.best:
        if graded.house_given_up == 0:
            return Shown("house", graded.house, True, player.house.rule)
        if graded.player_given_up < graded.given_up:
            split = (player.five, player.two)
            return Shown("player", split, graded.player_given_up == 0, player.rule)
    return Shown("best", judged.best, True, None)


def missed_rule(graded: WinVerdict) -> str | None:
    """The rule *More like this* deals after a miss: the one that sets the hand better or,
    where none does, the rule the player's way sets it by (None: the split was a best one)."""
    if graded.best:
        return None
    assert graded.player is not None
    return shown_split(graded).rule or graded.player.rule


def why_better(graded: WinVerdict, lang: Lang) -> str:
    """After a miss, the rule that sets the hand better and the cards that decide it: the
    house way's steps (its "Why, on these cards"), or the player's way's rule said on them."""
    shown, player = shown_split(graded), graded.player
    assert player is not None
    if shown.rule is None:
        return text("practice.win.why.none", lang)
    if shown.way == "player" and player.changed:
        lead = text(
            "practice.win.why.player",
            lang,
            rule=player_rule_name(player.rule, lang),
            house_rule=rule_name(player.house.rule, lang),
        )
        said = explain_player(player)
        assert said is not None  # a changed split is said
        return fit_field(f"{lead}\n→ {said.text(lang)}")
    key = "practice.win.why.house" if shown.way == "house" else "practice.win.why.player_house"
    lead = text(key, lang, rule=rule_name(shown.rule, lang), summary=rule_summary(shown.rule, lang))
    return fit_field(f"{lead}\n{why_text(explain(player.hand), lang)}")


def picture_label(shown: Shown, lang: Lang) -> str:
    """Whose split the picture shows: the best split, the house way's or the player's way's."""
    if shown.way == "player":
        return text(f"practice.win.picture.player{'_best' if shown.best else ''}", lang)
    return text(f"practice.win.picture.{shown.way}", lang)


def analysis_lines(graded: WinVerdict, lang: Lang) -> str:
    """The member's EV, the best split's, the house way's with what it costs against the
    best, and the player's way's where it sets the hand otherwise."""
    judged, digits = graded.judged, graded.digits
    assert judged.member_ev is not None and judged.best_ev is not None and judged.best
    assert judged.house_ev is not None

    def split(five_two: Split) -> str:
        return f"{pretty_cards(five_two[0])} · {pretty_cards(five_two[1])}"

    def ev(value: float) -> str:
        return decimal(value, lang, digits, signed=True)

    def costs(key: str, five_two: Split, value: float, given_up: int) -> str:
        key += "" if given_up else "_best"
        lost = given_up_text(given_up, lang, digits)
        return text(key, lang, split=split(five_two), ev=ev(value), lost=lost)

    lines = [
        text("practice.ev.yours", lang, ev=ev(judged.member_ev)),
        text("practice.win.best", lang, split=split(judged.best), ev=ev(judged.best_ev)),
        costs("practice.win.house", graded.house, judged.house_ev, graded.house_given_up),
    ]
    player = graded.player
    if player is not None and player.changed and graded.player_ev is not None:
        five_two = (player.five, player.two)
        lines.append(
            costs("practice.win.player", five_two, graded.player_ev, graded.player_given_up)
        )
    lines.append(f"-# {text('practice.win.unit', lang)}")
    return "\n".join(lines)


def win_embed(graded: WinVerdict, seconds: float, lang: Lang, footer: str) -> discord.Embed:
    """The verdict: what the split costs, the split, why another sets the hand better (after
    a miss), the exact figures, the time, and whose split the picture shows."""
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
    if not graded.best:
        embed.add_field(name=text("field.why", lang), value=why_better(graded, lang), inline=False)
    embed.add_field(
        name=text("practice.field.ev", lang), value=analysis_lines(graded, lang), inline=False
    )
    embed = with_time_and_picture(embed, seconds, lang, footer)
    # Last, right above the picture: whose split it is (not the member's, under theirs).
    label = picture_label(shown_split(graded), lang)
    embed.add_field(name=text("practice.win.picture", lang), value=label, inline=False)
    return embed


async def shown_file(graded: WinVerdict, deck: Deck, lang: Lang) -> discord.File:
    """The picture of the split the verdict explains (drawn off the event loop), its alt
    text saying whose split it is."""
    shown = shown_split(graded)
    five, two = shown.split
    png = await asyncio.to_thread(render_split, five, two, deck, lang=lang)
    whose = picture_label(shown, lang)
    alt = text("alt.win.shown", lang, whose=whose, split=split_description(five, two, lang))
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
        prepared = self.cog.preparer.prepare(hand, member=self.user_id)
        assert prepared.work is not None
        try:
            await asyncio.wait_for(asyncio.shield(prepared.work), self.cog.timing.win_wait)
        except Exception as error:  # not in time, or the pool busy or broken
            log.warning("play-to-win analysis failed or not ready in time: %r", error)
            raise Refusal("practice.win.unavailable", outcome="analysis_unavailable") from None
        evs = prepared.evs()
        assert evs is not None  # done, without an exception
        seconds = max(0.0, self.now - self.menu.shown_ms / 1000)
        return Graded(given, grade(prepared.decision, given.two, evs, with_player=True), seconds)

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
        return await shown_file(graded.verdict, deck, self.lang)

    def view(self, graded: Graded, seal: Seal) -> discord.ui.View:
        right, total, lost = self.score(graded)
        more = self.menu.drill or missed_rule(graded.verdict)  # "More like this" after a miss
        return next_view("win", right, total, self.lang, seal, more, lost)

    def outcome(self, graded: Graded, late: bool) -> str:
        return "best" if graded.verdict.best else "behind"


def win_stats_text(stats: WinStats, lang: Lang) -> str:
    """/stats's play-to-win figures: hands, best splits, what they cost per 100 a hand."""
    return plural_text(
        "stats.win.value",
        lang,
        stats.hands,
        best=number(stats.best, lang),
        lost=given_up_text(stats.given_up, lang),
    )
