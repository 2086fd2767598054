"""A hand alone's components: the pick-two menu, the *Huset väljer* button and *Deal again*.

Each custom id carries the round (and seat, or the bet) and ends in a tag for its member
(``bot.cogs.practice.sealing``, the same key): the round's cards, bet and state are in the
database, so a menu works after a restart, and nobody can press another member's hand or
change the bet of *Deal again*. Whether the press still counts is the database's answer
(the round still open, the split not set yet), so a double click or a replayed id pays
nothing twice. Each template sits beside the id it builds.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol, cast

import discord

from houseway.cards import NAMES, Card, card_words, pretty_card
from houseway.language import Lang

from ...app.interactions import (
    Refusal,
    bot_of,
    component,
    component_id,
    on_its_message,
    refuse_invalid_component,
)
from ...texts.i18n import text
from ..practice.sealing import TAG, Seal

if TYPE_CHECKING:
    from ...storage import Bounded
    from ..practice.sealing import Seals

#: Every component id of a hand alone starts so.
PREFIX: Final = "play:"
#: A round's id: 16 hexadecimal digits (64 random bits).
ROUND: Final = r"(?P<round>[0-9a-f]{16})"
PICK_ID: Final = re.compile(rf"(?P<state>play:pick:{ROUND}:(?P<seat>[0-9]{{1,2}})):(?P<tag>{TAG})")
HOUSE_ID: Final = re.compile(
    rf"(?P<state>play:house:{ROUND}:(?P<seat>[0-9]{{1,2}})):(?P<tag>{TAG})"
)
#: Deal again: the round just settled and the bet to deal the next hand with.
AGAIN_ID: Final = re.compile(
    rf"(?P<state>play:again:{ROUND}:(?P<bet>[0-9]{{1,13}})):(?P<tag>{TAG})"
)


class Play(Protocol):
    """What these components need of the play cog, reached through the bot."""

    seals: Seals

    def bounded(self, interaction: discord.Interaction) -> Bounded: ...

    async def pick(
        self, interaction: discord.Interaction, round_id: str, seat: int, values: list[str] | None
    ) -> str: ...

    async def again(self, interaction: discord.Interaction, round_id: str, bet: int) -> str: ...


def _cog(interaction: discord.Interaction) -> Play:
    cog = bot_of(interaction).get_cog("PlayCog")
    assert cog is not None, "the play extension is loaded before its components are"
    return cast("Play", cog)


def _values(interaction: discord.Interaction) -> list[str]:
    data: Mapping[str, object] = interaction.data or {}
    values = data.get("values", [])
    return [str(v) for v in values] if isinstance(values, list) else []


async def _require_seal(interaction: discord.Interaction, state: str, tag: str) -> None:
    """Refuse a state the bot did not make for the member pressing it."""
    cog = _cog(interaction)
    sealer = await cog.seals.sealer(cog.bounded(interaction))
    if not sealer.holds(state, interaction.user.id, tag):
        raise Refusal("component.invalid.play", outcome="invalid_component")


async def refuse_stale_component(interaction: discord.Interaction) -> None:
    """A "play:" id of no form the bot makes, or not on the message pressed (a hand played
    since, a forged id): discord.py would drop it without a word; the member is told."""
    custom_id = component_id(interaction)
    if custom_id is None or not custom_id.startswith(PREFIX):
        return
    ours = any(t.fullmatch(custom_id) for t in (PICK_ID, HOUSE_ID, AGAIN_ID))
    if ours and on_its_message(interaction, custom_id):
        return
    await refuse_invalid_component(interaction, "play component", "component.invalid.play")


class PickMenu(discord.ui.DynamicItem[discord.ui.Select[Any]], template=PICK_ID):
    """The two cards of the member's two-card hand."""

    def __init__(self, round_id: str, seat: int, select: discord.ui.Select[Any]) -> None:
        super().__init__(select)
        self.round_id, self.seat = round_id, seat
        match = PICK_ID.fullmatch(select.custom_id)
        assert match is not None  # DynamicItem checked it
        self.state, self.tag = match["state"], match["tag"]

    @staticmethod
    def state_for(round_id: str, seat: int) -> str:
        return f"play:pick:{round_id}:{seat}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickMenu:
        select = item if isinstance(item, discord.ui.Select) else None  # keeps its custom id
        return cls(
            match["round"], int(match["seat"]), select or discord.ui.Select(custom_id=match.string)
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        values = _values(interaction)
        async with component(interaction, "play pick") as handled:
            await _require_seal(interaction, self.state, self.tag)
            handled.outcome = await _cog(interaction).pick(
                interaction, self.round_id, self.seat, values
            )


class HouseButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=HOUSE_ID):
    """*Huset väljer*: the house way sets the member's hand."""

    def __init__(self, round_id: str, seat: int, custom_id: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "Huset väljer",
                custom_id=custom_id,
                style=discord.ButtonStyle.secondary,
                emoji="🏠",
            )
        )
        self.round_id, self.seat = round_id, seat
        match = HOUSE_ID.fullmatch(custom_id)
        assert match is not None  # DynamicItem checked it
        self.state, self.tag = match["state"], match["tag"]

    @staticmethod
    def state_for(round_id: str, seat: int) -> str:
        return f"play:house:{round_id}:{seat}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HouseButton:
        return cls(match["round"], int(match["seat"]), match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        async with component(interaction, "play house") as handled:
            await _require_seal(interaction, self.state, self.tag)
            handled.outcome = await _cog(interaction).pick(
                interaction, self.round_id, self.seat, None
            )


class DealAgain(discord.ui.DynamicItem[discord.ui.Button[Any]], template=AGAIN_ID):
    """Deals the next hand with the same bet, in place of the result."""

    def __init__(self, round_id: str, bet: int, custom_id: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "→",
                custom_id=custom_id,
                style=discord.ButtonStyle.primary,
                emoji="🃏",
            )
        )
        self.round_id, self.bet = round_id, bet
        match = AGAIN_ID.fullmatch(custom_id)
        assert match is not None  # DynamicItem checked it
        self.state, self.tag = match["state"], match["tag"]

    @staticmethod
    def state_for(round_id: str, bet: int) -> str:
        return f"play:again:{round_id}:{bet}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DealAgain:
        return cls(match["round"], int(match["bet"]), match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        async with component(interaction, "play again") as handled:
            await _require_seal(interaction, self.state, self.tag)
            handled.outcome = await _cog(interaction).again(interaction, self.round_id, self.bet)


# --- views ---


def hand_view(
    round_id: str, seat: int, hand: Sequence[Card], lang: Lang, seal: Seal
) -> discord.ui.View:
    """Pick two of the hand's cards (each shown as "A♥" and named in words), or let the
    house way set it; sealed for the member it is dealt to."""
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=seal.custom_id(PickMenu.state_for(round_id, seat)),
        placeholder=text("quiz.placeholder.set", lang),
        min_values=2,
        max_values=2,
    )
    for card in hand:
        select.add_option(
            label=pretty_card(card), value=NAMES[card], description=card_words(card, lang)
        )
    view = discord.ui.View(timeout=None)
    view.add_item(PickMenu(round_id, seat, select))
    house_id = seal.custom_id(HouseButton.state_for(round_id, seat))
    view.add_item(HouseButton(round_id, seat, house_id, text("play.button.house", lang)))
    return view


def again_view(round_id: str, bet: int, label: str, seal: Seal) -> discord.ui.View:
    """*Deal again* with the same bet, after a settled hand."""
    view = discord.ui.View(timeout=None)
    custom_id = seal.custom_id(DealAgain.state_for(round_id, bet))
    view.add_item(DealAgain(round_id, bet, custom_id, label))
    return view
