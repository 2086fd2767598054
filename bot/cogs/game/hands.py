"""The hand a member sets, alone (/play) or at a table: one pick-two menu and one *Huset
väljer* button for both, sealed for the member it was dealt to, and one parser of their
values.

A custom id names its driver, round and seat and ends in its member's tag
(``bot.app.sealing``)::

    game:pick:table:3f9c0a1b2c3d4e5f:2:q1Zr0-8xY_A

so another member's press, a changed id or a forged one is refused before anything is
read, and a press reaches its driver whatever message it comes from. Whether it still
counts is the round's to say (``houseway.round``), and the database's: a double click or a
replayed id sets nothing twice.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol, cast

import discord

from houseway.cards import NAMES, Card, HandError, card_from_name, card_words, pretty_card
from houseway.language import Lang

from ...app.dynamic import DynamicView
from ...app.interactions import (
    Refusal,
    bot_of,
    component,
    component_id,
    on_its_message,
    refuse_invalid_component,
)
from ...app.sealing import TAG, Seal
from ...texts.i18n import text

if TYPE_CHECKING:
    from ...app.sealing import Seals
    from ...storage import Bounded

#: Every id of a hand's components starts so.
PREFIX: Final = "game:"
#: The drivers a hand can belong to, and the cog each is.
DRIVERS: Final = {"play": "PlayCog", "table": "TableCog"}
#: How each driver refuses a hand's component that is not the pressing member's.
NOT_YOURS: Final = {"play": "component.invalid.play", "table": "game.hand.not_yours"}
_STATE: Final = r"(?P<driver>play|table):(?P<round>[0-9a-f]{16}):(?P<seat>[0-9]{1,2})"
PICK_ID: Final = re.compile(rf"(?P<state>game:pick:{_STATE}):(?P<tag>{TAG})")
HOUSE_ID: Final = re.compile(rf"(?P<state>game:house:{_STATE}):(?P<tag>{TAG})")


class Driver(Protocol):
    """What a hand's components need of the cog that plays it (/play or /table)."""

    seals: Seals

    def bounded(self, interaction: discord.Interaction) -> Bounded: ...

    async def set_hand(
        self,
        interaction: discord.Interaction,
        round_id: str,
        seat: int,
        two: tuple[Card, ...] | None,
    ) -> str: ...


def driver_of(interaction: discord.Interaction, name: str) -> Driver:
    cog = bot_of(interaction).get_cog(DRIVERS[name])
    assert cog is not None, "the game's extensions are loaded before their components are"
    return cast("Driver", cog)


def two_of(values: Sequence[str]) -> tuple[Card, ...]:
    """The menu's values as cards: the one parser of a pick. Which two of the hand they
    may be is the round's to say."""
    try:
        return tuple(card_from_name(value) for value in values)
    except HandError:
        raise Refusal("game.hand.invalid", outcome="bad_input") from None


def _values(interaction: discord.Interaction) -> list[str]:
    data: Mapping[str, object] = interaction.data or {}
    values = data.get("values", [])
    return [str(v) for v in values] if isinstance(values, list) else []


async def _sealed(interaction: discord.Interaction, match: re.Match[str]) -> Driver:
    """The driver, once the id's tag is the pressing member's for this state."""
    driver = driver_of(interaction, match["driver"])
    state, tag, refusal = match["state"], match["tag"], NOT_YOURS[match["driver"]]
    await driver.seals.require(
        driver.bounded(interaction), state, interaction.user.id, tag, refusal
    )
    return driver


class PickMenu(discord.ui.DynamicItem[discord.ui.Select[Any]], template=PICK_ID):
    """The two cards of the member's two-card hand."""

    def __init__(self, select: discord.ui.Select[Any]) -> None:
        super().__init__(select)
        match = PICK_ID.fullmatch(select.custom_id)
        assert match is not None  # DynamicItem checked it
        self.match = match

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickMenu:
        select = item if isinstance(item, discord.ui.Select) else None  # keeps its custom id
        return cls(select or discord.ui.Select(custom_id=match.string))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = _values(interaction)
        async with component(interaction, f"{self.match['driver']} pick") as handled:
            driver = await _sealed(interaction, self.match)
            handled.outcome = await driver.set_hand(
                interaction, self.match["round"], int(self.match["seat"]), two_of(values)
            )


class HouseButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=HOUSE_ID):
    """*Huset väljer*: the house way sets the member's hand, as it sets the dealer's."""

    def __init__(self, custom_id: str, label: str = "Huset väljer") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, custom_id=custom_id, style=discord.ButtonStyle.secondary, emoji="🏠"
            )
        )
        match = HOUSE_ID.fullmatch(custom_id)
        assert match is not None  # DynamicItem checked it
        self.match = match

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HouseButton:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        async with component(interaction, f"{self.match['driver']} house") as handled:
            driver = await _sealed(interaction, self.match)
            handled.outcome = await driver.set_hand(
                interaction, self.match["round"], int(self.match["seat"]), None
            )


DYNAMIC_ITEMS: Final = (PickMenu, HouseButton)


def hand_view(
    driver: str, round_id: str, seat: int, hand: Sequence[Card], lang: Lang, seal: Seal
) -> discord.ui.View:
    """Pick two of the hand's cards (each shown as "A♥" and named in words), or let the
    house way set it; sealed for the member it is dealt to."""
    state = f"{driver}:{round_id}:{seat}"
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=seal.custom_id(f"game:pick:{state}"),
        placeholder=text("game.hand.placeholder", lang),
        min_values=2,
        max_values=2,
    )
    for card in hand:
        select.add_option(
            label=pretty_card(card), value=NAMES[card], description=card_words(card, lang)
        )
    view = DynamicView()
    view.add_item(PickMenu(select))
    house_id = seal.custom_id(f"game:house:{state}")
    view.add_item(HouseButton(house_id, text("game.button.house", lang)))
    return view


async def refuse_stale(interaction: discord.Interaction, driver: str, refusal: str) -> None:
    """A "game:" id of this driver of no form the bot makes, or not on the message pressed
    (a hand played since, a forged id): discord.py would drop it without a word; the
    member is told (``refusal``: the driver's words for it). An id that names no driver is
    /play's to answer."""
    custom_id = component_id(interaction)
    if custom_id is None or not custom_id.startswith(PREFIX):
        return
    parts = custom_id.split(":")
    named = parts[2] if len(parts) > 2 and parts[2] in DRIVERS else "play"
    if named != driver:
        return
    ours = any(t.fullmatch(custom_id) for t in (PICK_ID, HOUSE_ID))
    if ours and on_its_message(interaction, custom_id):
        return
    await refuse_invalid_component(interaction, f"{driver} hand component", refusal)
