"""A table's buttons and menus, and the table message built from Discord's layout
components (a container of sections, one a seat, rather than embed fields).

Every component is a dynamic item whose custom id names its table (the table message's
id) or its round and seat, so a click reaches the cog whatever message it comes from,
and a click on a table that is no longer open is answered, not dropped. Nothing in an id
is trusted: the cog checks the table, the seat and the member, and the database checks
the round and the seat's member again when a split is stored.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, Protocol, cast

import discord

from houseway.cards import NAMES, card_words, pretty_card
from houseway.language import Lang

from ...app.interactions import bot_of, component
from ...texts.i18n import Counted, plural_text, text
from .state import SEATS, Hand, Round, Seat, Table

if TYPE_CHECKING:
    from ...storage.game import GameSettings
    from ...texts.mentions import CommandMentions

#: Every table component's custom id starts with this.
ID_PREFIX: Final = "table:"
#: A table id: the table message's id (a snowflake).
TABLE: Final = r"(?P<table>[0-9]{1,20})"
#: A round id (``state.new_round_id``) and a seat number.
ROUND_SEAT: Final = r"(?P<round>[0-9a-f]{16}):(?P<seat>[1-6])"
#: The table's felt green, as the container's accent.
FELT: Final = discord.Colour.from_rgb(18, 92, 52)


class Tables(Protocol):
    """What the table's components need of the table cog (reached through the bot)."""

    async def sit(self, interaction: discord.Interaction, table_id: str, seat: int) -> str: ...

    async def change_bet(
        self, interaction: discord.Interaction, table_id: str, seat: int
    ) -> str: ...

    async def leave(self, interaction: discord.Interaction, table_id: str) -> str: ...

    async def show_hand(self, interaction: discord.Interaction, table_id: str) -> str: ...

    async def deal_now(self, interaction: discord.Interaction, table_id: str) -> str: ...

    async def pick(
        self, interaction: discord.Interaction, round_id: str, seat: int, values: list[str]
    ) -> str: ...

    async def house(self, interaction: discord.Interaction, round_id: str, seat: int) -> str: ...

    async def set_bet(
        self, interaction: discord.Interaction, table_id: str, seat: int, typed: str
    ) -> str: ...


def _cog(interaction: discord.Interaction) -> Tables:
    cog = bot_of(interaction).get_cog("TableCog")
    assert cog is not None, "the table extension is loaded before its buttons are"
    return cast("Tables", cog)


def _values(interaction: discord.Interaction) -> list[str]:
    data: Mapping[str, object] = interaction.data or {}
    values = data.get("values", [])
    return [str(v) for v in values] if isinstance(values, list) else []


class SeatButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"table:(?P<action>sit|bet):{TABLE}:(?P<seat>[1-6])",
):
    """A seat's button: "Sit here" at a free seat, "Bet" at a taken one (its member's)."""

    def __init__(self, action: str, table_id: str, seat: int, label: str = "") -> None:
        style = discord.ButtonStyle.success if action == "sit" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label or action,
                style=style,
                custom_id=f"table:{action}:{table_id}:{seat}",
            )
        )
        self.action, self.table_id, self.seat = action, table_id, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SeatButton:
        return cls(match["action"], match["table"], int(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with component(interaction, f"table {self.action}") as handled:
            cog = _cog(interaction)
            if self.action == "sit":
                handled.outcome = await cog.sit(interaction, self.table_id, self.seat)
            else:
                handled.outcome = await cog.change_bet(interaction, self.table_id, self.seat)


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"table:(?P<action>leave|hand|deal):{TABLE}",
):
    """The table's own buttons: Your hand (which opens the member's hand), Deal now (for a
    seated member who does not want to wait for others), and Leave."""

    def __init__(self, action: str, table_id: str, label: str = "", disabled: bool = False) -> None:
        styles = {"hand": discord.ButtonStyle.primary, "deal": discord.ButtonStyle.success}
        style = styles.get(action, discord.ButtonStyle.danger)
        super().__init__(
            discord.ui.Button(
                label=label or action,
                style=style,
                custom_id=f"table:{action}:{table_id}",
                disabled=disabled,
            )
        )
        self.action, self.table_id = action, table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TableButton:
        return cls(match["action"], match["table"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async with component(interaction, f"table {self.action}") as handled:
            cog = _cog(interaction)
            if self.action == "leave":
                handled.outcome = await cog.leave(interaction, self.table_id)
            elif self.action == "deal":
                handled.outcome = await cog.deal_now(interaction, self.table_id)
            else:
                handled.outcome = await cog.show_hand(interaction, self.table_id)


class PickMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"table:pick:{ROUND_SEAT}"
):
    """A hand's pick-two menu (in the member's private message)."""

    def __init__(
        self, round_id: str, seat: int, select: discord.ui.Select[Any] | None = None
    ) -> None:
        super().__init__(select or discord.ui.Select(custom_id=f"table:pick:{round_id}:{seat}"))
        self.round_id, self.seat = round_id, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickMenu:
        return cls(match["round"], int(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with component(interaction, "table pick") as handled:
            handled.outcome = await _cog(interaction).pick(
                interaction, self.round_id, self.seat, _values(interaction)
            )


class HouseButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"table:house:{ROUND_SEAT}"
):
    """*Huset väljer*: the house way sets the member's hand."""

    def __init__(self, round_id: str, seat: int, label: str = "Huset väljer") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"table:house:{round_id}:{seat}",
            )
        )
        self.round_id, self.seat = round_id, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HouseButton:
        return cls(match["round"], int(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with component(interaction, "table house") as handled:
            handled.outcome = await _cog(interaction).house(interaction, self.round_id, self.seat)


class BetModal(discord.ui.Modal):
    """The bet a member plays from the next round on; need not outlive a restart (a
    restart closes the table)."""

    def __init__(self, table_id: str, seat: int, bet: int, title: str, label: str) -> None:
        super().__init__(title=title, timeout=600, custom_id=f"table:betmodal:{table_id}:{seat}")
        self.table_id, self.seat = table_id, seat
        self.amount: discord.ui.TextInput[BetModal] = discord.ui.TextInput(
            label=label, default=str(bet), max_length=7, custom_id="bet"
        )
        self.add_item(self.amount)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        async with component(interaction, "table bet") as handled:
            handled.outcome = await _cog(interaction).set_bet(
                interaction, self.table_id, self.seat, self.amount.value
            )


DYNAMIC_ITEMS: Final = (SeatButton, TableButton, PickMenu, HouseButton)


def carries(message: discord.Message, custom_id: str) -> bool:
    """Whether the message has a component with this custom id, at any depth (layout
    components nest: a container's sections, a section's accessory, a row's buttons)."""
    stack: list[Any] = list(message.components)
    while stack:
        item = stack.pop()
        if getattr(item, "custom_id", None) == custom_id:
            return True
        stack.extend(getattr(item, "children", None) or ())
        accessory = getattr(item, "accessory", None)
        if accessory is not None:
            stack.append(accessory)
    return False


def stale_item(custom_id: str) -> discord.ui.DynamicItem[Any] | None:
    """The item a table custom id names, made from the id alone (None: not one of ours)."""
    if match := SeatButton.__discord_ui_compiled_template__.fullmatch(custom_id):
        return SeatButton(match["action"], match["table"], int(match["seat"]))
    if match := TableButton.__discord_ui_compiled_template__.fullmatch(custom_id):
        return TableButton(match["action"], match["table"])
    if match := PickMenu.__discord_ui_compiled_template__.fullmatch(custom_id):
        return PickMenu(match["round"], int(match["seat"]))
    if match := HouseButton.__discord_ui_compiled_template__.fullmatch(custom_id):
        return HouseButton(match["round"], int(match["seat"]))
    return None


def chips(count: int, lang: Lang) -> str:
    """ "40 chips" / "40 marker"."""
    return plural_text("table.count.chips", lang, count)


def _seat_line(table: Table, seat: Seat, lang: Lang) -> str:
    line = text("table.seat.taken", lang, seat=seat.number, user=f"<@{seat.user_id}>", bet=seat.bet)
    notes = []
    current = table.round
    hand = current.hands.get(seat.number) if current is not None else None
    if seat.out == "out":
        notes.append(text("table.seat.out", lang, stack=Counted("table.count.chips", seat.stack)))
    elif seat.out == "busy":
        notes.append(text("table.seat.busy", lang))
    elif current is not None and hand is None:
        notes.append(text("table.seat.waiting", lang))
    elif hand is not None:
        notes.append(text("table.seat.set" if hand.two else "table.seat.setting", lang))
    if seat.leaving:
        notes.append(text("table.seat.leaving", lang))
    return " · ".join([line, *notes])


def _status(table: Table, lang: Lang, mentions: CommandMentions, closed: str | None) -> str:
    if closed is not None:
        return closed
    current = table.round
    if current is not None:
        return text(
            "table.status.round", lang, number=current.number, when=f"<t:{int(current.deadline)}:R>"
        )
    if table.deal_at is not None and table.seats:
        when = f"<t:{int(table.deal_at)}:R>"
        if table.rounds:
            return text("table.status.reveal", lang, number=table.rounds, when=when)
        return text("table.status.gather", lang, when=when)
    return text("table.status.waiting", lang)


def table_layout(
    table: Table,
    settings: GameSettings,
    mentions: CommandMentions,
    closed: str | None = None,
) -> discord.ui.LayoutView:
    """The table message: a heading with the stakes, where the round stands, one section a
    seat (its member and bet, or free), and the Leave and Your hand buttons. ``closed``:
    the line a closed table shows instead, with no buttons."""
    lang = table.lang
    view = discord.ui.LayoutView(timeout=None)
    container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=FELT)
    heading = text("table.title", lang)
    stakes = text(
        "table.stakes",
        lang,
        bet=chips(table.bet, lang),
        low=settings.min_bet,
        high=chips(settings.max_bet, lang),
    )
    container.add_item(discord.ui.TextDisplay(f"{heading}\n{stakes}"))
    container.add_item(discord.ui.TextDisplay(_status(table, lang, mentions, closed)))
    container.add_item(discord.ui.Separator())
    for number in SEATS:
        seat = table.seats.get(number)
        if closed is not None:
            if seat is not None:
                container.add_item(discord.ui.TextDisplay(_seat_line(table, seat, lang)))
            continue
        if seat is None:
            words = text("table.seat.free", lang, seat=number)
            button = SeatButton("sit", table.table_id, number, text("table.button.sit", lang))
        else:
            words = _seat_line(table, seat, lang)
            button = SeatButton("bet", table.table_id, number, text("table.button.bet", lang))
        container.add_item(discord.ui.Section(discord.ui.TextDisplay(words), accessory=button))
    if closed is None:
        container.add_item(discord.ui.Separator())
        playing = table.round is not None
        row: discord.ui.ActionRow[Any] = discord.ui.ActionRow(
            TableButton(
                "hand", table.table_id, text("table.button.hand", lang), disabled=not playing
            ),
            TableButton(
                "deal",
                table.table_id,
                text("table.button.deal", lang),
                disabled=playing or not table.seats,
            ),
            TableButton("leave", table.table_id, text("table.button.leave", lang)),
        )
        container.add_item(row)
    view.add_item(container)
    return view


def hand_view(current: Round, hand: Hand, lang: Lang) -> discord.ui.View:
    """A member's private hand: the pick-two menu (each card in symbols and in words) and
    the *Huset väljer* button."""
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=f"table:pick:{current.round_id}:{hand.seat}",
        placeholder=text("table.hand.placeholder", lang),
        min_values=2,
        max_values=2,
    )
    for card in hand.cards:
        select.add_option(
            label=pretty_card(card), value=NAMES[card], description=card_words(card, lang)
        )
    view = discord.ui.View(timeout=None)
    view.add_item(PickMenu(current.round_id, hand.seat, select))
    view.add_item(HouseButton(current.round_id, hand.seat, text("table.hand.house", lang)))
    return view
