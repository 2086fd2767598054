"""A view of dynamic items only, which discord.py has no reason to keep once it is sent.

Every button and menu the bot sends is a ``DynamicItem``: a press is dispatched by its
custom id's template (registered when its cog loads) and the item rebuilt from the
message pressed, so a view is never needed again after it is sent. discord.py still
keeps a view sent on an ephemeral message for 15 minutes (it sets a timeout where none
is given), each with a task waiting for that timeout: at 200 tables, 60 hands a second,
that would be some 50,000 views at once (a minute into a run, 13,000 of their menus'
options were alive), and the full garbage collections that walked them grew to half a
second (issue 40). A ``DynamicView`` has no timeout at all,
so nothing holds it once sent; it takes only dynamic items (or links), which need no
keeping.
"""

from __future__ import annotations

from typing import Any

import discord


class DynamicView(discord.ui.View):
    """A view of ``DynamicItem``s (and link buttons) that is never kept once sent."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @property
    def timeout(self) -> None:
        """None, always: no timeout, so no task waits on the view."""
        return None

    @timeout.setter
    def timeout(self, value: float | None) -> None:
        """Ignored: discord.py sets 15 minutes on a view sent ephemerally, to keep it."""

    def add_item(self, item: discord.ui.Item[Any]) -> DynamicView:
        """Refuse an item discord.py would have to keep to dispatch its presses."""
        if not isinstance(item, discord.ui.DynamicItem) and item.is_dispatchable():
            raise TypeError(f"{type(item).__name__} is no DynamicItem: its presses need the view")
        super().add_item(item)
        return self
