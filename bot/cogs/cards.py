"""/cards: the colours of a member's card pictures, two as usual or four (one per suit).

The choice is the member's own, not a server's: the command answers privately, works in
DMs and where the bot is installed for the user, and every picture drawn for the member
(/houseway, /deal, "deal again", private answers) uses it. Quiz pictures are posted for
everyone and stay in two colours.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, ClassVar, Final

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from houseway.cards import parse_cards

from ..app.interactions import age, everywhere
from ..pictures.cards_image import SUIT_COLOURS, Deck, render_hand
from ..storage import DatabaseError
from ..texts.alt_text import picture_file, preview_description
from ..texts.embeds import safe_token
from ..texts.i18n import language, text

if TYPE_CHECKING:
    from ..app.client import HousewayBot

log = logging.getLogger(__name__)

#: The answer shows these cards in the member's deck: one of each suit.
PREVIEW: Final = parse_cards("As Ah Ad Ac", 4)
PREVIEW_NAME: Final = "cards.png"
#: The choice must be stored by the time the interaction is this old (Discord's first
#: answer is due at 3 s); past it the member is told to try again. An interaction already
#: ``DEFER_AT_AGE`` old when its handler starts (the bot is behind) is deferred first, and
#: the database then has ``SAVE_SECONDS``.
SAVE_BY_AGE: Final = 1.5
DEFER_AT_AGE: Final = 1.0
SAVE_SECONDS: Final = 5.0
#: Wait for the preview until then, else defer (only a deck not yet drawn takes long).
ANSWER_BY_AGE: Final = 2.0


class CardsCog(commands.Cog):
    STORES_ABOUT_MEMBERS: ClassVar[tuple[str, ...]] = ("about.stored.cards",)

    def __init__(self, bot: HousewayBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=_("cards"),
        description=_("The colours of your card pictures: two as usual, or four (one per suit)"),
        extras={"help": "help.cards"},
    )
    @app_commands.rename(colours=_("colours"))
    @app_commands.describe(colours=_("Two or four colours (leave empty to see your choice)"))
    @app_commands.choices(
        colours=[
            app_commands.Choice(
                name=_("Four colours (♠ black, ♥ red, ♦ blue, ♣ green)"), value=Deck.FOUR.value
            ),
            app_commands.Choice(name=_("Two colours (red and black)"), value=Deck.TWO.value),
        ]
    )
    @everywhere()
    async def cards(self, interaction: discord.Interaction, colours: str | None = None) -> None:
        lang = language(interaction.locale)
        member = interaction.user.id
        if colours is None:
            deck = await self.bot.decks.deck_for(member)
            told = text(f"cards.current.{deck.value}", lang, cmd=self.bot.mentions)
            await self.answer(interaction, told, deck)
            return
        if colours not in tuple(Deck):  # Discord offers only the choices; a forgery need not
            interaction.extras["outcome"] = "bad_input"
            await interaction.response.send_message(
                text("cards.unknown", lang, value=safe_token(colours)), ephemeral=True
            )
            return
        deck = Deck(colours)
        if age(interaction) >= DEFER_AT_AGE:
            await interaction.response.defer(ephemeral=True, thinking=True)
            within = SAVE_SECONDS
        else:
            within = SAVE_BY_AGE - age(interaction)
        try:
            await self.bot.decks.choose(member, deck, within)
        except DatabaseError as error:
            log.warning("could not store a member's deck: %s", error)
            interaction.extras["outcome"] = "database_unavailable"
            await _send(interaction, text("cards.not_saved", lang))
            return
        told = text(f"cards.chosen.{deck.value}", lang, cmd=self.bot.mentions)
        await self.answer(interaction, told, deck)

    async def answer(self, interaction: discord.Interaction, message: str, deck: Deck) -> None:
        """``message`` privately, with one card of each suit drawn in ``deck``."""
        picture = asyncio.ensure_future(asyncio.to_thread(render_hand, PREVIEW, deck))
        wait = max(0.0, ANSWER_BY_AGE - age(interaction))
        if not interaction.response.is_done():
            done, _pending = await asyncio.wait({picture}, timeout=wait)
            if not done:
                await interaction.response.defer(ephemeral=True, thinking=True)
        description = preview_description(PREVIEW, SUIT_COLOURS[deck], language(interaction.locale))
        await _send(interaction, message, picture_file(await picture, PREVIEW_NAME, description))


async def _send(
    interaction: discord.Interaction, message: str, file: discord.File = discord.utils.MISSING
) -> None:
    """Privately: the answer, or the follow-up of a deferred one."""
    if interaction.response.is_done():
        await interaction.followup.send(message, file=file, ephemeral=True)
    else:
        await interaction.response.send_message(message, file=file, ephemeral=True)


async def setup(bot: HousewayBot) -> None:
    await bot.add_cog(CardsCog(bot))
