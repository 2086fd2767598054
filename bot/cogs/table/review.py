"""Where a table hands each settled seat to "How did I play?".

The review itself (the member's split beside the house way's and the best split by exact
EV, what the choice cost per 100 bet) is the game feature's (``bot/cogs/game/review.py``);
until it is wired here, this call site does nothing. It is the one place the table calls
it, after the round is settled and revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from houseway.game import Settlement

    from ...app.client import HousewayBot
    from ...storage.game import SeatRow


async def after_hand(bot: HousewayBot, round_id: str, seat: SeatRow, settled: Settlement) -> None:
    """Offer the seat's member "How did I play?" for this hand (not wired yet: a no-op)."""
    return None
