"""One path for an answer given alone, from the member's pick to the feedback in its place.

Practice's *Set the hand* and *Name the rule*, its *Play to win* and the hand of the day
take the same steps: read the pick, judge it, write it once within the interaction's
deadline, refuse it (invalid, forgotten, already answered), then the embed, the picture
in the member's deck, the buttons sealed for them, the edit, and the figures that come
late. :class:`Answering` takes them in one order with one set of refusals; a mode
(``PracticeAnswering`` here, ``win.WinAnswering``, ``share.DailyAnswering``) says only
what is its own.
"""

from __future__ import annotations

import asyncio
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, TypeVar, cast

import discord

from houseway.language import Lang
from houseway.learning.answers import (
    Answer,
    AnswerError,
    Judgement,
    Mode,
    judge,
    mode_of,
    parse_answer,
)
from houseway.learning.practice import rules_of_answer
from houseway.rules import RULES

from ...app.interactions import Refusal
from ...storage import Bounded
from ...storage import practice as practice_store
from ...storage.forgotten import ForgottenSinceShown
from ...texts.i18n import language
from .embeds import footer_text, rule_feedback_embed
from .feedback import analysis_later, feedback_file, set_feedback
from .views import next_view

if TYPE_CHECKING:
    from houseway.cards import Card

    from ...app.sealing import Seal
    from ...pictures.cards_image import Deck
    from .cog import PracticeCog
    from .prepared import Prepared
    from .views import AnswerMenu

#: A mode's judgement: what its row, embed, picture and buttons are made from.
J = TypeVar("J")


#: The most answers a session's ids count (SCORE's six digits).
MOST_ANSWERS: Final = 999_999


def counted(right: int, total: int, gained: int) -> tuple[int, int]:
    """A session's right and total with one more answer (``gained`` right). Past
    MOST_ANSWERS the count starts again from this answer, so that the next ids still fit
    their template: a session that long is told as a new one, never refused."""
    if total >= MOST_ANSWERS:
        return gained, 1
    return right + gained, total + 1


@dataclass(frozen=True)
class Feedback:
    """An answer's embed and, when its exact figures are still to come, the prepared hand
    that brings them and the split they are for (``feedback.analysis_later``)."""

    embed: discord.Embed
    late: tuple[Prepared, list[Card]] | None = None


@dataclass(frozen=True)
class Judged:
    """An answer beside the house way (practice's and the day's): the hand's analysis, done
    or under way, the judgement, the seconds taken and, once written, the member's streak."""

    prepared: Prepared
    judgement: Judgement
    seconds: float = 0.0
    streak: int = 0

    def set_feedback(self, lang: Lang, footer: str) -> Feedback:
        """A set hand's feedback, with the figures to come if the analysis is not done."""
        two = list(self.judgement.answer.two)
        embed, late = set_feedback(self.prepared, two, self.seconds, lang, footer)
        return Feedback(embed, (self.prepared, two) if late else None)

    async def picture(self, deck: Deck, lang: Lang) -> discord.File:
        return await feedback_file(self.prepared, self.judgement, deck, lang)


class Answering(ABC, Generic[J]):
    """One member's answer to one hand in one mode."""

    #: How the pick is read: two cards of the hand, or a rule (any rule may be named: the
    #: options offered are not kept in the id).
    mode: Mode = "set"
    #: The write's refusals: forgotten since the hand was shown; the hand answered already.
    forgotten: ClassVar[str] = "practice.forgotten"
    already: ClassVar[str] = "practice.already"
    #: The judgement may take longer than Discord's 3 seconds: answer for now, edit later.
    defers: ClassVar[bool] = False

    def __init__(self, cog: PracticeCog, interaction: discord.Interaction) -> None:
        self.cog, self.interaction = cog, interaction
        self.now = time.time()
        self.lang = language(interaction.locale)
        self.user_id = interaction.user.id

    async def answer(self, values: list[str]) -> str:
        """Judge and record the pick, then show the feedback in place of the hand; what
        happened, for the interaction's log line."""
        db = self.cog.bounded(self.interaction)
        hand = await self.hand(db)
        try:
            given = parse_answer(self.mode, values, hand, RULES)
        except AnswerError as error:
            key = "practice.invalid_rule" if error.code == "rule" else "quiz.answer.invalid"
            raise Refusal(key, outcome="invalid") from None
        if self.defers:
            await self.interaction.response.defer()
        judged = await self.judge(hand, given)
        if self.defers:  # the database gets its usual time from now, not from the click
            deadline = asyncio.get_running_loop().time() + self.cog.timing.ack_by
            db = Bounded(self.cog.bot.database, deadline)
        try:
            written = await self.record(db, judged)
        except ForgottenSinceShown:
            raise Refusal(self.forgotten, outcome="forgotten") from None
        if written is None:
            raise Refusal(self.already, outcome="already")
        late = await self.show(db, written)
        return self.outcome(written, late)

    async def show(self, db: Bounded, judged: J, in_place: bool = True) -> bool:
        """The feedback, its picture and its buttons in place of the hand (or in a message
        of its own); whether its figures are still to come (then edited in)."""
        feedback = await self.feedback(db, judged)
        deck = await self.cog.bot.decks.deck_for(self.user_id)
        file = await self.picture(judged, deck)
        seal = (await self.cog.seals.sealer(db)).for_member(self.user_id)
        embed, view = feedback.embed, self.view(judged, seal)
        response = self.interaction.response
        if not in_place:
            await response.send_message(embed=embed, file=file, view=view, ephemeral=True)
        elif self.defers:
            await self.interaction.edit_original_response(
                embed=embed, attachments=[file], view=view
            )
        else:
            await response.edit_message(embed=embed, attachments=[file], view=view)
        if feedback.late is not None:
            prepared, two = feedback.late
            self.cog.later(analysis_later(self.interaction, prepared, embed, two, self.lang))
        return feedback.late is not None

    @abstractmethod
    async def hand(self, db: Bounded) -> tuple[Card, ...]:
        """The hand answered (or a refusal: the day is over)."""

    @abstractmethod
    async def judge(self, hand: tuple[Card, ...], given: Answer) -> J:
        """The pick judged (or a refusal: no analysis to grade it by)."""

    @abstractmethod
    async def record(self, db: Bounded, judged: J) -> J | None:
        """Write the answer once: the judgement as written, or None if the hand had its
        answer already (ForgottenSinceShown if the member was forgotten since)."""

    @abstractmethod
    async def feedback(self, db: Bounded, judged: J) -> Feedback: ...

    @abstractmethod
    async def picture(self, judged: J, deck: Deck) -> discord.File: ...

    @abstractmethod
    def view(self, judged: J, seal: Seal) -> discord.ui.View:
        """The buttons under the feedback, sealed for the member."""

    @abstractmethod
    def outcome(self, judged: J, late: bool) -> str:
        """What happened, for the interaction's log line."""


class PracticeAnswering(Answering[Judged]):
    """*Set the hand* and *Name the rule*: judged against the house way, timed, and counted
    in the member's schedule (the rules' Leitner boxes) and streak."""

    def __init__(
        self, cog: PracticeCog, interaction: discord.Interaction, menu: AnswerMenu
    ) -> None:
        super().__init__(cog, interaction)
        self.menu = menu
        self.mode = mode_of(menu.mode)

    async def hand(self, db: Bounded) -> tuple[Card, ...]:
        return self.menu.hand

    async def judge(self, hand: tuple[Card, ...], given: Answer) -> Judged:
        prepared = self.cog.preparer.prepare(hand, self.mode == "set", self.user_id)
        seconds = max(0.0, self.now - self.menu.shown_ms / 1000)
        return Judged(prepared, judge(given, prepared.decision), seconds)

    async def record(self, db: Bounded, judged: Judged) -> Judged | None:
        judgement, path = judged.judgement, judged.judgement.decision.path
        answer = practice_store.PracticeAnswer(
            user_id=self.user_id,
            shown_ms=self.menu.shown_ms,
            hand=self.menu.hand,
            mode=self.mode,
            path=path,
            answer=judgement.answer.stored(),
            correct=judgement.correct,
            seconds=judged.seconds,
            answered_at=self.now,
            rules=rules_of_answer(self.mode, path),
        )
        writing = asyncio.ensure_future(
            db.run(practice_store.record_answer, answer, self.cog.schedule)
        )
        if judged.prepared.work is not None:  # the analysis gets the time the write takes anyway
            await asyncio.wait(
                {judged.prepared.work, cast("asyncio.Future[Any]", writing)},
                timeout=self.cog.timing.analysis_wait,
                return_when=asyncio.ALL_COMPLETED,
            )
        recorded = await writing
        return None if recorded is None else replace(judged, streak=recorded.streak)

    def score(self, judged: Judged) -> tuple[int, int]:
        """The session's right and total, this answer counted."""
        return counted(self.menu.right, self.menu.total, int(judged.judgement.correct))

    async def feedback(self, db: Bounded, judged: Judged) -> Feedback:
        judgement = judged.judgement
        footer = footer_text(judgement.decision, self.lang, *self.score(judged), judged.streak)
        if self.mode == "set":
            return judged.set_feedback(self.lang, footer)
        rule, correct = judgement.answer.rule, judgement.correct
        return Feedback(
            rule_feedback_embed(
                judgement.decision, rule, correct, judged.seconds, self.lang, footer
            )
        )

    async def picture(self, judged: Judged, deck: Deck) -> discord.File:
        return await judged.picture(deck, self.lang)

    def view(self, judged: Judged, seal: Seal) -> discord.ui.View:
        judgement = judged.judgement
        missed = None if judgement.correct else judgement.decision.rule  # "More like this"
        return next_view(self.mode, *self.score(judged), self.lang, seal, self.menu.drill or missed)

    def outcome(self, judged: Judged, late: bool) -> str:
        said = "right" if judged.judgement.correct else "wrong"
        return f"{said}_analysis_later" if late else said
