"""/practice, /stats and /daily: a member learns the house way alone.

Every hand's menu carries its whole state in its custom id (the cards, when the hand
was shown, the session's score), so nothing about a session is kept in memory or in
the database and old menus keep working after a restart; the id ends in a tag for its
member (``sealing``), so nobody can change that state or answer another's hand. An
answer is written once, keyed by its hand and the moment it was shown. The member's
schedule (Leitner boxes per rule, ``houseway.learning.practice``) is in the database.

The rooms: ``cog`` (commands), ``answering`` (the one path of an answer, from the pick
to the feedback; each mode a subclass: practice's there, ``win``'s, the day's in
``share``), ``views`` (menus and buttons), ``embeds`` (pure builders), ``chart`` (the
per-rule picture of /stats), ``prepared`` (a dealt hand's analysis and picture, made
while the member thinks), ``daily`` (the day's hand), ``forgotten`` (a confirmed /stats
forget, told truly, and pruning the notes it leaves), ``pace`` (one member's cooldowns
and presses under way), ``sealing`` (the custom ids' tags); its waits, workers, gaps and
rates are ``bot.service.timing``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...app.client import HousewayBot
    from .cog import PracticeCog
    from .views import Practice

    def _practice(cog: PracticeCog) -> Practice:
        """The type checker's proof that the views get what they need of the cog."""
        return cog


async def setup(bot: HousewayBot) -> None:
    from .cog import PracticeCog  # here, so that importing the package stays light

    await bot.add_cog(PracticeCog(bot))
