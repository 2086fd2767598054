"""What the table cog's parts share: the open tables and their runners, and the look-ups
the commands, the seats' buttons and the private hands all make."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import discord

from ...app.checks import bounded_db
from ...app.interactions import Refusal
from ...storage import Bounded, Database
from .state import Table

if TYPE_CHECKING:
    from ...app.client import HousewayBot
    from ...app.sealing import Seals
    from .runner import TableRunner


class TablesBase:
    """The tables of this process, by the id their buttons carry."""

    bot: HousewayBot
    tables: dict[str, Table]
    runners: dict[str, TableRunner]
    seals: Seals
    #: Edits of table messages under way (kept so that they are not collected).
    background: set[asyncio.Task[Any]]

    @property
    def db(self) -> Database:
        return self.bot.database

    def table_in(self, channel_id: int) -> Table | None:
        return next((t for t in self.tables.values() if t.channel_id == channel_id), None)

    def table_of_member(self, guild_id: int, user_id: int) -> Table | None:
        return next(
            (
                t
                for t in self.tables.values()
                if t.guild_id == guild_id and t.seat_of(user_id) is not None
            ),
            None,
        )

    def open_table(self, table_id: str, interaction: discord.Interaction) -> Table:
        """The open table a button names, pressed on that table's own message in its own
        server: an id from another server, or on another message, is refused as gone."""
        table = self.tables.get(table_id)
        pressed = interaction.message.id if interaction.message is not None else None
        if (
            table is None
            or table.closed
            or interaction.guild_id != table.guild_id
            or pressed != table.message_id
        ):
            raise Refusal("table.gone", outcome="table_closed")
        return table

    def _closed(self, table: Table) -> None:
        """A runner's table closed itself: forget it."""
        self.tables.pop(table.table_id, None)
        self.runners.pop(table.table_id, None)

    def refresh_soon(self, table: Table) -> None:
        """Show a click's change on the table message, with the clicks of that moment."""
        runner = self.runners.get(table.table_id)
        if runner is not None:
            runner.edits.ask()

    def bounded(self, interaction: discord.Interaction) -> Bounded:
        return bounded_db(interaction)
