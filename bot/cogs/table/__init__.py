"""/table: Pai Gow at a table in a channel, up to six members against the house way's
dealer, with play chips (spec section 9).

A table lives in the process's memory (its seats, the round under way); every bet, split
and result lives in the database (``bot.storage.game``), which settles or voids a round
exactly once. A restart therefore closes the tables: at the first READY every table round
left open is voided (bets returned), its channel is told, and its table message says the
table closed. Members open a new table with /table open.

The rooms: ``cog`` (the commands, seats and private hands, the restart), ``runner`` (one
task per table: deal, countdown, settle, reveal, idle close), ``views`` (the table message
in layout components, the buttons and menus), ``state`` (what a table holds), ``review``
(where "How did I play?" is called); the reveal's picture is ``bot.pictures.reveal``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...app.client import HousewayBot
    from .cog import TableCog
    from .views import Tables

    def _tables(cog: TableCog) -> Tables:
        """The type checker's proof that the buttons get what they need of the cog."""
        return cog


async def setup(bot: HousewayBot) -> None:
    from .cog import TableCog  # here, so that importing the package stays light

    await bot.add_cog(TableCog(bot))
