"""/play: a hand of Pai Gow alone against the house way's dealer, for play chips.

The rooms: ``cog`` (the command, setting and settling a hand, the sweep of hands left
open), ``views`` (the pick-two menu, *Huset väljer*, *Deal again*: sealed custom ids that
name the round), ``embeds`` (pure builders). What a table shares with it (How did I play?,
how chips are said) is in ``bot.cogs.game``; the rounds and chips in ``bot.storage.game``
and ``bot.storage.chips``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...app.client import HousewayBot
    from .cog import PlayCog
    from .views import Play

    def _play(cog: PlayCog) -> Play:
        """The type checker's proof that the views get what they need of the cog."""
        return cog


async def setup(bot: HousewayBot) -> None:
    from .cog import PlayCog  # here, so that importing the package stays light

    await bot.add_cog(PlayCog(bot))
