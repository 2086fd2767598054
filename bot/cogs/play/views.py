"""A hand alone's own component: *Deal again* (the hand's menu and *Huset väljer* are the
game's, ``bot.cogs.game.hands``, shared with the table).

Its custom id carries the round just settled and the wagers to deal the next hand with,
and ends in a tag for its member (``bot.app.sealing``): nobody can press another member's
button or change its bet. The template sits beside the id it builds.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final, Protocol, cast

import discord

from ...app.dynamic import DynamicView
from ...app.interactions import (
    bot_of,
    component,
    component_id,
    on_its_message,
    refuse_invalid_component,
)
from ...app.sealing import TAG, Seal

if TYPE_CHECKING:
    from ...app.sealing import Seals
    from ...storage import Bounded

#: Every component id of a hand alone starts so.
PREFIX: Final = "play:"
#: A round's id: 16 hexadecimal digits (64 random bits).
ROUND: Final = r"(?P<round>[0-9a-f]{16})"
#: Deal again: the round just settled, the bet and the bonus (":b<chips>", absent: none)
#: to deal the next hand with.
AGAIN_ID: Final = re.compile(
    rf"(?P<state>play:again:{ROUND}:(?P<bet>[0-9]{{1,13}})(?::b(?P<bonus>[0-9]{{1,13}}))?)"
    rf":(?P<tag>{TAG})"
)


class Play(Protocol):
    """What these components need of the play cog, reached through the bot."""

    seals: Seals

    def bounded(self, interaction: discord.Interaction) -> Bounded: ...

    async def again(
        self, interaction: discord.Interaction, round_id: str, bet: int, bonus: int
    ) -> str: ...


def _cog(interaction: discord.Interaction) -> Play:
    cog = bot_of(interaction).get_cog("PlayCog")
    assert cog is not None, "the play extension is loaded before its components are"
    return cast("Play", cog)


async def _require_seal(interaction: discord.Interaction, state: str, tag: str) -> None:
    """Refuse a state the bot did not make for the member pressing it."""
    cog = _cog(interaction)
    await cog.seals.require(
        cog.bounded(interaction), state, interaction.user.id, tag, "component.invalid.play"
    )


async def refuse_stale_component(interaction: discord.Interaction) -> None:
    """A "play:" id of no form the bot makes, or not on the message pressed (a hand played
    since, a forged id): discord.py would drop it without a word; the member is told."""
    custom_id = component_id(interaction)
    if custom_id is None or not custom_id.startswith(PREFIX):
        return
    ours = AGAIN_ID.fullmatch(custom_id) is not None
    if ours and on_its_message(interaction, custom_id):
        return
    await refuse_invalid_component(interaction, "play component", "component.invalid.play")


class DealAgain(discord.ui.DynamicItem[discord.ui.Button[Any]], template=AGAIN_ID):
    """Deals the next hand with the same bet, in place of the result."""

    def __init__(
        self, round_id: str, bet: int, bonus: int, custom_id: str, label: str = ""
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "→",
                custom_id=custom_id,
                style=discord.ButtonStyle.primary,
                emoji="🃏",
            )
        )
        self.round_id, self.bet, self.bonus = round_id, bet, bonus
        match = AGAIN_ID.fullmatch(custom_id)
        assert match is not None  # DynamicItem checked it
        self.state, self.tag = match["state"], match["tag"]

    @staticmethod
    def state_for(round_id: str, bet: int, bonus: int) -> str:
        return f"play:again:{round_id}:{bet}" + (f":b{bonus}" if bonus else "")

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DealAgain:
        return cls(match["round"], int(match["bet"]), int(match["bonus"] or 0), match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        async with component(interaction, "play again") as handled:
            await _require_seal(interaction, self.state, self.tag)
            handled.outcome = await _cog(interaction).again(
                interaction, self.round_id, self.bet, self.bonus
            )


# --- views ---


def again_view(round_id: str, bet: int, bonus: int, label: str, seal: Seal) -> discord.ui.View:
    """*Deal again* with the same wagers, after a settled hand."""
    view = DynamicView()
    custom_id = seal.custom_id(DealAgain.state_for(round_id, bet, bonus))
    view.add_item(DealAgain(round_id, bet, bonus, custom_id, label))
    return view
