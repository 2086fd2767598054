"""Telling a member of a hand alone that the house way set for them (its time ran out,
``bot.cogs.play``): said by /play and /chips until the member bets again.

Nothing is stored for it: a hand settled with ``how`` 'timeout' after the member's latest
bet (its own) is news; once the member bets again, it no longer is.
"""

from __future__ import annotations

from houseway.language import Lang

from ...storage import Database
from ...storage import chips as chip_store
from ...storage import game as game_store
from ...texts.i18n import text
from .words import net_text, outcome_text

#: Hands looked at: a member with more timed-out hands in a row is told of these.
LOOKED_AT = 5


async def timed_out_notes(database: Database, guild_id: int, user_id: int, lang: Lang) -> list[str]:
    """One line per hand alone the house way set since the member's latest bet."""
    entries = await chip_store.last_entries(database, guild_id, user_id, limit=20)
    bets = [entry.created_at for entry in entries if entry.kind == chip_store.BET]
    if not bets:
        return []
    latest_bet = max(bets)
    hands = await game_store.recent_hands(database, guild_id, user_id, LOOKED_AT)
    return [
        text(
            "play.timed_out",
            lang,
            when=f"<t:{int(hand.dealt_at)}:f>",
            outcome=outcome_text(hand.seat.outcome or "void", lang),
            net=net_text(hand.seat.net or 0, lang),
        )
        for hand in hands
        if hand.table_id is None and hand.seat.how == "timeout" and hand.dealt_at >= latest_bet
    ]
