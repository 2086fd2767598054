"""A set hand's feedback, its picture, and the exact figures edited into it when they
come late: shared by /practice and /daily."""

from __future__ import annotations

import asyncio
import logging
from typing import Final

import discord

from houseway.cards import Card
from houseway.language import Lang
from houseway.learning.answers import Judgement
from houseway.learning.practice import verdict

from ...pictures.cards_image import Deck
from ...pictures.compare_image import comparison_description, render_comparison
from ...texts.alt_text import picture_file
from ...texts.i18n import text
from .embeds import ANSWER_IMAGE, analysis_text, answer_file, feedback_embed
from .prepared import Prepared

log = logging.getLogger(__name__)

#: How long a feedback whose analysis was not ready waits for it before saying it could
#: not be made. The analysis runs in a worker at a lower priority than the bot, so on a
#: machine busy with other work it is the first to wait: a minute, not a guess of seconds.
LATE_ANALYSIS: Final = 60.0


def set_feedback(
    prepared: Prepared, two: list[Card], seconds: float, lang: Lang, footer: str
) -> tuple[discord.Embed, bool]:
    """The feedback, and whether its figures are still to come (then :func:`analysis_later`
    must edit them in: the analysis may finish while the reply is sent, so ask here)."""
    pending = prepared.pending
    judged = verdict(prepared.decision, two, prepared.evs())
    analysis = analysis_text(judged, judged.best, lang, pending=pending)
    return feedback_embed(prepared.decision, judged, seconds, lang, footer, analysis), pending


async def analysis_later(
    interaction: discord.Interaction,
    prepared: Prepared,
    embed: discord.Embed,
    two: list[Card],
    lang: Lang,
) -> None:
    """The exact figures were not ready for the feedback: edit them in when they are
    (or say that they could not be made)."""
    assert prepared.work is not None
    try:
        await asyncio.wait_for(asyncio.shield(prepared.work), LATE_ANALYSIS)
    except Exception as error:
        log.warning("practice analysis failed or not ready in time: %r", error)
    judged = verdict(prepared.decision, two, prepared.evs())
    name = text("practice.field.ev", lang)
    value = analysis_text(judged, judged.best, lang, pending=False)
    for index, shown in enumerate(embed.fields):
        if shown.name == name:
            embed.set_field_at(index, name=name, value=value, inline=False)
    try:
        await interaction.edit_original_response(embed=embed)
    except discord.HTTPException as error:
        log.warning("could not edit the analysis into a practice answer: %s", error)


async def feedback_file(
    prepared: Prepared, judged: Judgement, deck: Deck, lang: Lang
) -> discord.File:
    """The house way's picture; after a wrong split, the house way above the member's own,
    each labelled, with alt text that says both."""
    if judged.correct or judged.answer.mode == "rule" or not judged.five:
        return answer_file(await prepared.picture(deck, lang), prepared.decision, lang)
    house = (prepared.decision.five, prepared.decision.two)
    yours = (judged.five, judged.answer.two)
    png = await asyncio.to_thread(render_comparison, house, yours, deck, lang=lang)
    return picture_file(png, ANSWER_IMAGE, comparison_description(house, yours, lang))
