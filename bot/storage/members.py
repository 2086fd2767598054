"""What members choose for themselves (the colours of their card pictures), by user id.

Nothing here knows about guilds: a member's choice follows them everywhere, DMs included.
A member who keeps the defaults has no row at all.
"""

from __future__ import annotations

from . import Database


async def chosen_deck(db: Database, user_id: int) -> str | None:
    """The deck the member chose (``"four"``), or None for the default."""
    row = await db.fetchrow("SELECT deck FROM member_settings WHERE user_id = $1", user_id)
    return None if row is None else str(row["deck"])


async def choose_deck(db: Database, user_id: int, deck: str | None) -> None:
    """Store the member's deck; None (the default) deletes what was stored about them."""
    if deck is None:
        await db.execute("DELETE FROM member_settings WHERE user_id = $1", user_id)
        return
    await db.execute(
        "INSERT INTO member_settings (user_id, deck) VALUES ($1, $2) "
        "ON CONFLICT (user_id) DO UPDATE SET deck = excluded.deck",
        user_id,
        deck,
    )
