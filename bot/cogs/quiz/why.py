"""The reveal's "Why?" button: the house way of the round explained on its cards, privately,
in the asking member's language, with what that member answered and, where it was
wrong, where it left the house way."""

from __future__ import annotations

import re
from typing import Any, Final, Protocol, cast

import discord
from discord import app_commands
from discord.ext import commands

from houseway.cards import pretty_cards
from houseway.hands import display_order
from houseway.language import Lang
from houseway.learning.answers import Answer, judge, mode_of
from houseway.learning.explain import Explanation, explain
from houseway.learning.explain.mistakes import Said, where_wrong, why_not
from houseway.rules import rule_name

from ...app.checks import bounded_db
from ...app.dynamic import DynamicView
from ...app.interactions import (
    Refusal,
    bot_of,
    component,
    cooldown_refusal,
    refuse_invalid_component,
)
from ...storage import quiz as quiz_store
from ...storage import results as scores
from ...texts.embeds import COLOUR, fit_field, why_text
from ...texts.i18n import language, text
from .views import ROUND_IDS, WHY_ID, WHY_PREFIX

#: A member's presses of Why? (any reveal's): a few at once are a member reading several
#: reveals; a flood is refused at once, privately, told when to ask again.
WHY_RATE: Final = 5
WHY_SECONDS: Final = 10.0


def why_presses() -> commands.CooldownMapping[discord.Interaction]:
    """Each member's presses of Why?, for one bot (the quiz cog holds them)."""
    return commands.CooldownMapping(
        app_commands.Cooldown(WHY_RATE, WHY_SECONDS), lambda interaction: interaction.user.id
    )


class Asking(Protocol):
    """What Why? needs of the quiz cog (reached through the bot: the cog imports this)."""

    why_presses: commands.CooldownMapping[discord.Interaction]


COOLDOWN: Final = "quiz.why.cooldown"


class WhyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=WHY_ID):
    """On a reveal: why the house sets the round's hand as it does, for whoever asks."""

    NAME: Final = "quiz why"
    PREFIX: Final = WHY_PREFIX

    def __init__(self, round_id: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "?",
                custom_id=f"{self.PREFIX}{round_id}",
                style=discord.ButtonStyle.secondary,
            )
        )
        self.round_id = round_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> WhyButton:
        return cls(int(match["round_id"]))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """A round id the bot never makes is refused before it reaches a query."""
        if self.round_id in ROUND_IDS:
            return True
        await refuse_invalid_component(interaction, self.NAME, "component.invalid.why")
        return False

    async def callback(self, interaction: discord.Interaction) -> None:
        async with component(interaction, self.NAME) as handled:
            presses = cast("Asking", bot_of(interaction).get_cog("QuizCog")).why_presses
            bucket = presses.get_bucket(interaction)
            if bucket is not None and (wait := bucket.update_rate_limit()):
                raise cooldown_refusal(app_commands.CommandOnCooldown(bucket, wait), COOLDOWN)
            embed = await why_embed(interaction, self.round_id)
            await interaction.response.send_message(embed=embed, ephemeral=True)
            handled.outcome = "why"


def why_view(round_id: int, lang: Lang) -> discord.ui.View:
    """The reveal's one button, labelled in the quiz's language."""
    view = DynamicView()
    view.add_item(WhyButton(round_id, text("quiz.why.button", lang)))
    return view


async def why_embed(interaction: discord.Interaction, round_id: int) -> discord.Embed:
    """The explanation of a revealed round and, for a member who answered, their answer."""
    lang = language(interaction.locale)
    bounded = bounded_db(interaction)
    round_ = await bounded.run(quiz_store.get_round, round_id)
    if round_ is None:
        raise Refusal("component.invalid.why", outcome="invalid_component")
    if round_.status == "open":  # not on a reveal yet: a forged id, or one from the future
        raise Refusal("quiz.why.not_yet", outcome="not_yet")
    quiz = await bounded.run(quiz_store.get_quiz, round_.quiz_id)
    answer = await bounded.run(scores.member_answer, round_id, interaction.user.id)
    explanation = explain(round_.hand)
    title = text("quiz.why.title", lang, number=round_.number)
    mode = "set" if quiz is None else quiz.mode
    verdict, wrong = yours(explanation, mode, answer, lang)
    if wrong is not None and mode_of(mode) == "set":  # where, ending with the house's step
        said = f"{verdict}\n\n{wrong.text(lang)}"
        return discord.Embed(title=title, description=fit_field(said, 4096), colour=COLOUR)
    embed = discord.Embed(title=title, description=why_text(explanation, lang), colour=COLOUR)
    said = verdict if wrong is None else f"{verdict}\n{wrong.text(lang)}"
    embed.add_field(name=text("quiz.why.yours", lang), value=fit_field(said))
    return embed


def yours(
    explanation: Explanation, mode: str, answer: str | None, lang: Lang
) -> tuple[str, Said | None]:
    """What the member answered, right or wrong, and, for a wrong answer, where it went
    wrong: a split's where (which ends with the house's own step, so the steps are not
    said again above it, #29 §4), a rule's why it does not decide (then the steps are)."""
    if answer is None:
        return text("quiz.why.no_answer", lang), None
    given = Answer.from_stored(mode_of(mode), answer)
    right = judge(given, explanation.decision).correct
    if given.mode == "rule":
        shown = rule_name(given.rule, lang)
        said = None if right else why_not(given.rule, explanation)
    else:
        shown = pretty_cards(display_order(given.two))  # as the pictures show it
        said = None if right else where_wrong(explanation, given.two)
    verdict = text(f"quiz.why.{'right' if right else 'wrong'}.{given.mode}", lang, answer=shown)
    return verdict, said
