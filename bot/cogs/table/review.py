"""How did I play? at a table: after the reveal, each seat's member gets the game feature's
review of their hand (``bot/cogs/game/review.py``) privately, as a follow-up to the hand
they opened, and the figure goes to the skill board.

A review waits for its exact analysis (started when the hand was dealt), so each runs as a
task of its own: the table's next round never waits for a member's review. A hand the
house way set because time ran out is reviewed but not counted on the skill board (the
member chose nothing), as for hands played alone.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING

import discord

from houseway.language import Lang

from ...storage import game as game_store
from ...texts.i18n import language
from ..game.review import review_embed, review_hand, unavailable_embed

if TYPE_CHECKING:
    from houseway.game import Settlement

    from ...app.client import HousewayBot
    from ...storage import Database
    from ...storage.game import SeatRow

log = logging.getLogger(__name__)


async def after_hand(
    bot: HousewayBot,
    db: Database,
    round_id: str,
    seat: SeatRow,
    settled: Settlement,
    shown: discord.Interaction | None,
) -> None:
    """Review the seat's hand, record what it gave up, and tell its member privately where
    they opened their hand (a member who never opened it reads the reveal alone)."""
    lang = language(shown.locale) if shown is not None else Lang.EN
    try:
        review = await review_hand(bot, seat.hand, settled.player.two, lang, member=seat.user_id)
    except Exception as error:  # not in time, or the pool busy or broken
        log.warning("How did I play? could not be analysed at a table: %r", error)
        review = None
    if review is not None and seat.how != "timeout":
        try:
            await game_store.record_given_up(db, round_id, seat.seat, review.given_up)
        except Exception as error:
            log.warning("a table hand's given-up figure was not stored: %r", error)
    if shown is None:
        return
    embed = unavailable_embed(lang) if review is None else review_embed(review)
    with contextlib.suppress(discord.HTTPException):
        await shown.followup.send(embed=embed, ephemeral=True)
