"""The quiz's components. Each is a dynamic item whose custom id carries its whole
state, so menus and buttons keep working after a restart; each template is written
once, beside the id it builds."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final, Protocol, cast

import discord

from houseway.cards import NAMES, card_words, pretty_card
from houseway.language import Lang
from houseway.rules import rule_name, rule_summary

from ...app.checks import bounded_db
from ...app.dynamic import DynamicView
from ...app.interactions import (
    Refusal,
    bot_of,
    component,
    component_id,
    on_its_message,
    refuse_invalid_component,
)
from ...storage import quiz as quiz_store
from ...texts.i18n import text
from .checks import require_quizmaster
from .intake import AnswerIntake

#: Every quiz component's custom id starts with this.
ID_PREFIX: Final = "quiz:"
#: Round ids the bot makes (storage.quiz.new_id: 62 random bits).
ROUND_IDS: Final = range(1 << 62)
#: The reveal's "Why?" button (bot/cogs/quiz/why.py) starts with this.
WHY_PREFIX: Final = "quiz:why:"
#: The leaderboard's page buttons (bot/cogs/quiz/leaderboard.py) start with this.
LEADERBOARD_PREFIX: Final = "quiz:lb:"
#: The answer menu's and the "Why?" button's ids, whole.
ANSWER_ID: Final = re.compile(r"quiz:answer:(?P<round_id>[0-9]+)")
WHY_ID: Final = re.compile(rf"{WHY_PREFIX}(?P<round_id>[0-9]+)")


class Answers(Protocol):
    """What the answer menu needs of the quiz: its intake (the quiz cog has one)."""

    intake: AnswerIntake


def _intake(interaction: discord.Interaction) -> AnswerIntake:
    """The quiz's intake, reached through the bot rather than by importing the cog (which
    imports these views)."""
    cog = bot_of(interaction).get_cog("QuizCog")
    assert cog is not None, "the quiz extension is loaded before its menus are"
    return cast("Answers", cog).intake


class AnswerSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ANSWER_ID):
    """The answer menu of a round; its custom id names the round, so it outlives restarts."""

    NAME: Final = "quiz answer"
    PREFIX: Final = "quiz:answer:"

    def __init__(self, round_id: int, select: discord.ui.Select[Any] | None = None) -> None:
        super().__init__(select or discord.ui.Select(custom_id=self.custom_id_for(round_id)))
        self.round_id = round_id

    @classmethod
    def custom_id_for(cls, round_id: int) -> str:
        return f"{cls.PREFIX}{round_id}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AnswerSelect:
        return cls(int(match["round_id"]))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """A round id the bot never makes is refused before it reaches a query."""
        if self.round_id in ROUND_IDS:
            return True
        await refuse_invalid_component(interaction, self.NAME, "component.invalid.answer")
        return False

    async def callback(self, interaction: discord.Interaction) -> None:
        data: Mapping[str, object] = interaction.data or {}
        chosen = data.get("values", [])
        values = list(chosen) if isinstance(chosen, list) else []
        async with component(interaction, self.NAME) as handled:
            handled.outcome = await _intake(interaction).take_answer(
                interaction, self.round_id, values
            )


class ResetConfirmation(discord.ui.View):
    """/quiz reset's yes or no: only the member who asked may answer, within ``timeout``.

    It need not survive a restart (RoboDanny's ConfirmationView); when it times out the
    buttons go, so nobody presses a dead one.
    """

    def __init__(self, origin: discord.Interaction, lang: Lang, timeout: float) -> None:
        super().__init__(timeout=timeout)
        self.origin = origin
        self.lang = lang
        self.confirm.label = text("quiz.reset.yes", lang)
        self.cancel.label = text("quiz.reset.no", lang)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.origin.user.id:
            return True
        async with component(interaction, "quiz reset confirm"):
            raise Refusal("quiz.reset.not_yours", outcome="not_yours")
        return False

    @discord.ui.button(style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction, button: discord.ui.Button[ResetConfirmation]
    ) -> None:
        async with component(interaction, "quiz reset confirm") as handled:
            await require_quizmaster(interaction)  # permissions may have changed since
            assert interaction.guild_id is not None
            await bounded_db(interaction).run(quiz_store.reset_scores, interaction.guild_id)
            await interaction.response.edit_message(
                content=text("quiz.reset.done", self.lang), view=None
            )
            handled.outcome = "reset"
        self.stop()

    @discord.ui.button(style=discord.ButtonStyle.secondary)
    async def cancel(
        self, interaction: discord.Interaction, button: discord.ui.Button[ResetConfirmation]
    ) -> None:
        async with component(interaction, "quiz reset confirm") as handled:
            await interaction.response.edit_message(
                content=text("quiz.reset.cancelled", self.lang), view=None
            )
            handled.outcome = "cancelled"
        self.stop()

    async def on_timeout(self) -> None:
        with contextlib.suppress(discord.HTTPException):
            mentions = bot_of(self.origin).mentions
            await self.origin.edit_original_response(
                content=text("quiz.reset.expired", self.lang, cmd=mentions), view=None
            )


def answer_view(quiz: quiz_store.Quiz, round_: quiz_store.Round, lang: Lang) -> discord.ui.View:
    """The round's answer menu: pick two cards, or pick the rule."""
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=AnswerSelect.custom_id_for(round_.id),
        placeholder=text(f"quiz.placeholder.{quiz.mode}", lang),
    )
    if quiz.mode == "rule":
        select.min_values = select.max_values = 1
        for rule_id in round_.choices:  # a name and a line in the quiz's language, not ids
            select.add_option(
                label=rule_name(rule_id, lang),
                value=rule_id,
                description=rule_summary(rule_id, lang),
            )
    else:
        select.min_values = select.max_values = 2
        for card in round_.hand:  # "A♥", and in words for those who cannot read the symbol
            select.add_option(
                label=pretty_card(card), value=NAMES[card], description=card_words(card, lang)
            )
    view = DynamicView()
    view.add_item(AnswerSelect(round_.id, select))
    return view


async def refuse_stale_component(
    interaction: discord.Interaction, ours: Sequence[re.Pattern[str]]
) -> None:
    """A click on a quiz custom id that is not on the message clicked (forged, or from a
    message changed since: a closed round), or on it but of no form the bot makes (``ours``:
    the quiz's templates; a "Why?" id with letters in its round): discord.py would drop it
    without a word; the member is told what to do instead. Ours, on their message, go to
    the items above."""
    custom_id = component_id(interaction)
    if custom_id is None or not custom_id.startswith(ID_PREFIX):
        return
    if any(t.fullmatch(custom_id) for t in ours) and on_its_message(interaction, custom_id):
        return
    if custom_id.startswith(LEADERBOARD_PREFIX):
        name, key = "leaderboard page", "component.invalid.leaderboard"
    elif custom_id.startswith(AnswerSelect.PREFIX):
        name, key = AnswerSelect.NAME, "component.invalid.answer"
    elif custom_id.startswith(WHY_PREFIX):
        name, key = "quiz why", "component.invalid.why"
    else:
        name, key = "quiz component", "component.invalid"
    await refuse_invalid_component(interaction, name, key)
