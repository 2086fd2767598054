"""What members choose for themselves (the colours of their card pictures), by user id.

Nothing here knows about guilds: a member's choice follows them everywhere, DMs included.
A member who keeps the defaults has no row at all.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from . import Database, placeholders

#: Members read in one statement at most (SQLite's limit of parameters is far above).
READ_AT_ONCE: Final = 500
#: A read of fewer members asks for the next of these many (the last one repeated): a
#: few statements to prepare, not one for every size up to 500, each taking a place in
#: asyncpg's cache of 100 a connection from the game's own statements.
SIZES: Final = (1, 8, 64)


async def chosen_decks(db: Database, user_ids: Collection[int]) -> dict[int, str]:
    """The decks the members chose (``"four"``), by user id; a member who keeps the default
    is not in it. One statement for up to ``READ_AT_ONCE`` members: a table's worth of
    pictures asks at once (issue 40)."""
    ids = sorted(user_ids)
    chosen: dict[int, str] = {}
    for start in range(0, len(ids), READ_AT_ONCE):
        part = ids[start : start + READ_AT_ONCE]
        size = next((n for n in SIZES if n >= len(part)), READ_AT_ONCE)
        part += [part[-1]] * (size - len(part))
        marks = placeholders(len(part))
        rows = await db.fetch(
            f"SELECT user_id, deck FROM member_settings WHERE user_id IN ({marks})", *part
        )
        chosen.update((int(row["user_id"]), str(row["deck"])) for row in rows)
    return chosen


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
