"""/chips: a member's play chips in a server (the stack, the last hands, the ledger) and
the server's boards (most chips; skill: chips given up against the best split per 100
bet). The rooms: ``cog`` (the commands), ``embeds`` (pure builders)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...app.client import HousewayBot


async def setup(bot: HousewayBot) -> None:
    from .cog import ChipsCog  # here, so that importing the package stays light

    await bot.add_cog(ChipsCog(bot))
