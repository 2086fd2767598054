"""What a table holds while it is open: its seats and the round being played.

A table lives in the process's memory; its chips and rounds live in the database
(``bot.storage.game``), which is the authority on every wager and split, and the round's
rules are the round engine's (``houseway.round``): ``Live`` holds the engine's round and
only what a table adds to it (its number, the countdown, where each member opened their
hand). A restart closes the tables and voids the rounds they had open (wagers returned).
Changes here happen on the event loop without an ``await`` in between, so a check and the
change it guards cannot interleave with another click.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Final

import discord

from houseway.game import MAX_SEATS
from houseway.language import Lang
from houseway.round import Move, Round
from houseway.seats import Seat as Dealt

#: Seats at a table (spec section 9), numbered from 1 as the table shows them.
SEATS: Final = range(1, MAX_SEATS + 1)


@dataclass
class Seat:
    """A member at a seat, with the bet they play each round."""

    number: int
    user_id: int
    #: Their name as the reveal's picture writes it (a mention cannot be drawn).
    name: str
    bet: int
    #: The bonus bet they place each round (0: none).
    bonus: int = 0
    #: Leaves when the round under way ends.
    leaving: bool = False
    #: Why the seat sits out the current round: ``out`` (the stack below the bet; then
    #: ``stack`` says how much) or ``busy`` (a hand elsewhere); None: dealt in.
    out: str | None = None
    stack: int = 0
    #: The house way set their last hand because time ran out: before the next deal the
    #: runner asks Discord whether they are still in the server.
    timed_out: bool = False


@dataclass
class Live:
    """The round under way at a table: the engine's round, and what the table adds."""

    round: Round
    number: int
    deadline: float
    #: Each seat's last "Your hand" answer: where its member is told when time runs out,
    #: and where How did I play? reaches them after the reveal.
    shown: dict[int, discord.Interaction] = field(default_factory=dict)
    #: Set when the last hand is set: the runner reveals without waiting for the clock.
    all_set: asyncio.Event = field(default_factory=asyncio.Event)

    def update(self, moved: Round) -> None:
        """The round after a move (stored, or read back)."""
        self.round = moved
        if not moved.allows(Move.SET):  # every hand set, or the round over
            self.all_set.set()

    def hand_of(self, user_id: int) -> Dealt | None:
        return self.round.seat_of(user_id)


@dataclass
class Table:
    """One open table: where it is, its message, its seats and its round."""

    #: What the table's buttons carry: the id of the /table open that opened it.
    table_id: str
    guild_id: int
    channel_id: int
    #: The language of everything the table posts (the server's).
    lang: Lang
    #: What a member who sits down bets until they change it.
    bet: int
    opened_by: int
    #: The table message (its id is what rounds store as their ``table_id``).
    message_id: int = 0
    seats: dict[int, Seat] = field(default_factory=dict)
    round: Live | None = None
    #: Rounds dealt so far (the next round's number is one more).
    rounds: int = 0
    #: When a round was last dealt (or the table opened): the idle clock.
    active_at: float = field(default_factory=time.time)
    #: When the next round deals (None: nobody is seated, or a round is under way).
    deal_at: float | None = None
    #: A seated member pressed "Deal now": the next round deals without waiting.
    deal_now: bool = False
    closed: bool = False
    #: The bets are being taken: a member who leaves now leaves after the round.
    dealing: bool = False
    #: Set by anything the runner may be waiting for (a seat taken or left, a close).
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    #: Edits of the table message, one at a time, each showing the latest state.
    editing: asyncio.Lock = field(default_factory=asyncio.Lock)

    def link(self) -> str:
        return f"https://discord.com/channels/{self.guild_id}/{self.channel_id}/{self.message_id}"

    def seat_of(self, user_id: int) -> Seat | None:
        return next((seat for seat in self.seats.values() if seat.user_id == user_id), None)

    def free_seats(self) -> list[int]:
        return [number for number in SEATS if number not in self.seats]

    def wake(self) -> None:
        self.changed.set()
