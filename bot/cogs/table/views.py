"""A table's buttons, its Bet dialog, and the table message built from Discord's layout
components (a container of sections, one a seat, rather than embed fields). A hand's menu
and *Huset väljer* are the game's (``bot.cogs.game.hands``), shared with /play.

Every button is a dynamic item whose custom id names its table, so a click reaches the cog
whatever message it comes from, and a click on a table that is no longer open is
answered, not dropped. Nothing in an id is trusted: the cog checks that the table is open,
in the pressing member's server, and pressed on its own message, then the seat and the
member; the Bet dialog's answer is read by the cog from the submission itself, so one the
bot never showed is answered too.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final, Protocol, cast

import discord

from houseway.bonus import PAY_TABLES
from houseway.language import Lang

from ...app.interactions import bot_of, component
from ...texts.embeds import number as grouped
from ...texts.i18n import Counted, plural_text, text
from .state import SEATS, Seat, Table

if TYPE_CHECKING:
    from ...storage.game import GameSettings
    from ...texts.mentions import CommandMentions

#: Every table component's custom id starts with this.
ID_PREFIX: Final = "table:"
#: A table id: the table message's id (a snowflake).
TABLE: Final = r"(?P<table>[0-9]{1,20})"
#: The Bet dialog's id: the table and the seat it sets the bet of.
BET_MODAL: Final = re.compile(rf"table:betmodal:{TABLE}:(?P<seat>[1-6])")
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

    async def show_pay_table(self, interaction: discord.Interaction, table_id: str) -> str: ...


def _cog(interaction: discord.Interaction) -> Tables:
    cog = bot_of(interaction).get_cog("TableCog")
    assert cog is not None, "the table extension is loaded before its buttons are"
    return cast("Tables", cog)


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
    template=rf"table:(?P<action>leave|hand|deal|pays):{TABLE}",
):
    """The table's own buttons: Your hand (which opens the member's hand), Deal now (for a
    seated member who does not want to wait for others), Leave, and the bonus's pay table
    with its odds."""

    def __init__(self, action: str, table_id: str, label: str = "", disabled: bool = False) -> None:
        styles = {
            "hand": discord.ButtonStyle.primary,
            "deal": discord.ButtonStyle.success,
            "pays": discord.ButtonStyle.secondary,
        }
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
            elif self.action == "pays":
                handled.outcome = await cog.show_pay_table(interaction, self.table_id)
            else:
                handled.outcome = await cog.show_hand(interaction, self.table_id)


class BetModal(discord.ui.Modal):
    """The wagers a member plays from the next round on: the bet, and the bonus where the
    server offers one. Its answer is read by the cog from the submission (``bet_values``),
    not by this object: a dialog shown before a restart is answered all the same."""

    def __init__(self, table_id: str, seat: Seat, settings: GameSettings, lang: Lang) -> None:
        super().__init__(
            title=text("table.bet.modal", lang),
            timeout=600,
            custom_id=f"table:betmodal:{table_id}:{seat.number}",
        )
        bet_label = text(
            "table.bet.label",
            lang,
            low=grouped(settings.min_bet, lang),
            high=grouped(settings.max_bet, lang),
        )
        self.add_item(
            discord.ui.Label(
                text=bet_label,
                component=discord.ui.TextInput(
                    custom_id="bet", default=str(seat.bet), max_length=7
                ),
            )
        )
        if settings.bonus_offered:
            bonus_label = text(
                "table.bonus.label",
                lang,
                low=grouped(settings.bonus_min, lang),
                high=grouped(settings.bonus_max, lang),
            )
            self.add_item(
                discord.ui.Label(
                    text=bonus_label,
                    description=text("table.bonus.describe", lang),
                    component=discord.ui.TextInput(
                        custom_id="bonus", default=str(seat.bonus), required=False, max_length=7
                    ),
                )
            )


def item_of(custom_id: str) -> discord.ui.DynamicItem[Any] | None:
    """The item a table custom id names, made from the id alone (None: not one of ours).

    Every press on a table message is dispatched here (the cog's ``on_interaction``), not
    by discord.py: its dynamic items rebuild the whole message pressed into a view
    (``LayoutView.from_message``: every section, text and button of the table) only to find
    the one item pressed, which these ids name whole. At 200 tables that rebuild was 4% of
    a process's time and most of the garbage its full collections walked (issue 40). So
    these items go out in a ``TableView`` only: in a view discord.py may dispatch, a press
    would be answered twice, by discord.py and by the cog."""
    if match := SeatButton.__discord_ui_compiled_template__.fullmatch(custom_id):
        return SeatButton(match["action"], match["table"], int(match["seat"]))
    if match := TableButton.__discord_ui_compiled_template__.fullmatch(custom_id):
        return TableButton(match["action"], match["table"])
    return None


def chips(count: int, lang: Lang) -> str:
    """ "40 chips" / "40 marker"."""
    return plural_text("table.count.chips", lang, count)


def _seat_line(table: Table, seat: Seat, lang: Lang, open_: bool = True) -> str:
    line = text(
        "table.seat.taken.bonus" if seat.bonus else "table.seat.taken",
        lang,
        seat=seat.number,
        user=f"<@{seat.user_id}>",
        bet=grouped(seat.bet, lang),
        bonus=grouped(seat.bonus, lang),
    )
    if not open_:
        return line
    notes = []
    current = table.round
    hand = current.round.seat(seat.number) if current is not None else None
    if seat.out == "out":
        notes.append(text("table.seat.out", lang, stack=Counted("table.count.chips", seat.stack)))
    elif seat.out == "busy":
        notes.append(text("table.seat.busy", lang))
    elif current is not None and hand is None:
        notes.append(text("table.seat.waiting", lang))
    elif hand is not None:
        notes.append(text("table.seat.set" if hand.split else "table.seat.setting", lang))
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


class TableView(discord.ui.LayoutView):
    """The table message's layout, which discord.py never keeps: its presses are the cog's
    (``item_of``). Sent as dispatchable, its dynamic items would be registered again at
    every edit, and each press rebuilt the whole message into a view to find its item."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_dispatchable(self) -> bool:
        """False: discord.py stores a view it may dispatch; this one's presses are not its."""
        return False


def table_layout(
    table: Table,
    settings: GameSettings,
    mentions: CommandMentions,
    closed: str | None = None,
) -> TableView:
    """The table message: a heading with the stakes, where the round stands, one section a
    seat (its member and bet, or free), and the Leave and Your hand buttons. ``closed``:
    the line a closed table shows instead, with no buttons."""
    lang = table.lang
    view = TableView()
    container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=FELT)
    heading = text("table.title", lang)
    stakes = text(
        "table.stakes",
        lang,
        bet=chips(table.bet, lang),
        low=grouped(settings.min_bet, lang),
        high=chips(settings.max_bet, lang),
    )
    if settings.bonus_offered:
        stakes += "\n" + text(
            "table.stakes.bonus",
            lang,
            title=PAY_TABLES[settings.bonus_table].title,
            low=grouped(settings.bonus_min, lang),
            high=chips(settings.bonus_max, lang),
        )
    container.add_item(discord.ui.TextDisplay(f"{heading}\n{stakes}"))
    container.add_item(discord.ui.TextDisplay(_status(table, lang, mentions, closed)))
    container.add_item(discord.ui.Separator())
    for number in SEATS:
        seat = table.seats.get(number)
        if closed is not None:
            if seat is not None:  # who sat where, without a round's notes
                container.add_item(discord.ui.TextDisplay(_seat_line(table, seat, lang, False)))
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
            *(
                [TableButton("pays", table.table_id, text("table.button.pays", lang))]
                if settings.bonus_offered
                else []
            ),
        )
        container.add_item(row)
    view.add_item(container)
    return view
