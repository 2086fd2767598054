"""What a table holds while it is open: its seats and the round being played.

A table lives in the process's memory; its chips and rounds live in the database
(``bot.storage.game``), which is the authority on every bet and split. A restart
therefore closes the tables and voids the rounds they had open (bets returned): see the
package's docstring. Changes here happen on the event loop without an ``await`` in
between, so a check and the change it guards cannot interleave with another click.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from dataclasses import dataclass, field
from typing import Final

import discord

from houseway.cards import Card
from houseway.language import Lang

#: Seats at a table (spec section 9), numbered from 1 as the table shows them.
SEATS: Final = range(1, 7)


def new_round_id() -> str:
    """A round's id: 64 random bits in hex (a ledger key holds it; no ':' in it)."""
    return secrets.token_hex(8)


@dataclass
class Seat:
    """A member at a seat, with the bet they play each round."""

    number: int
    user_id: int
    #: Their name as the reveal's picture writes it (a mention cannot be drawn).
    name: str
    bet: int
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
class Hand:
    """A seat's hand in the round under way."""

    seat: int
    user_id: int
    bet: int
    cards: tuple[Card, ...]
    two: tuple[Card, ...] | None = None
    #: 'own', 'house' or 'timeout' (``bot.storage.game.HOWS``), once set.
    how: str | None = None
    #: The member's last "Your hand" answer: where they are told when their time runs out
    #: (a hand not set yet), and where How did I play? reaches them after the reveal.
    shown: discord.Interaction | None = None


@dataclass
class Round:
    """The round under way at a table."""

    round_id: str
    number: int
    dealer: tuple[Card, ...]
    deadline: float
    hands: dict[int, Hand]
    #: The server's foul rule when the round was dealt: 'repick' or 'stand'.
    foul_rule: str
    #: Set when the last hand is set: the runner reveals without waiting for the clock.
    all_set: asyncio.Event = field(default_factory=asyncio.Event)

    def pending(self) -> list[Hand]:
        return [hand for hand in self.hands.values() if hand.two is None]

    def hand_of(self, user_id: int) -> Hand | None:
        return next((hand for hand in self.hands.values() if hand.user_id == user_id), None)

    def mark_set(self, hand: Hand, two: tuple[Card, ...], how: str) -> None:
        hand.two, hand.how = two, how
        if not self.pending():
            self.all_set.set()


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
    round: Round | None = None
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
