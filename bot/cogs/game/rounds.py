"""A round's moves stored once, for every way of playing: deal and take the wagers, store a
seat's split (and read the round back when an earlier press stored it), and finish a round
in one transaction. The round engine (``houseway.round``) says what is legal; a driver
(/play, /table) says it in its own words and shows what happened.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from houseway.cards import Card, pretty_cards
from houseway.language import Lang
from houseway.round import Entry, Illegal, Round, Rules, Wager, WagerKind, deal

from ...app.interactions import Refusal
from ...storage import Database
from ...storage import game as game_store
from .words import decided_by


@dataclass(frozen=True)
class Words:
    """A driver's refusals for the engine's reasons (``Illegal.code``), by message key."""

    over: str  # the round is over (or its seat is gone)
    not_yours: str  # no such seat, or another member's


def refusal(error: Illegal, words: Words, lang: Lang) -> Refusal:
    """The member's refusal for a move the round does not allow."""
    if error.code == "foul" and error.split is not None:
        split = error.split
        return Refusal(
            "game.hand.foul",
            outcome="foul",
            two=pretty_cards(split.two),
            two_name=decided_by(split.two_value, lang, two_cards=True),
            five=pretty_cards(split.five),
            five_name=decided_by(split.five_value, lang, two_cards=False),
        )
    if error.code == "already-set":
        return Refusal("game.hand.already", outcome="already_set")
    if error.code == "bad-two":
        return Refusal("game.hand.invalid", outcome="bad_input")
    if error.code == "no-seat":
        return Refusal(words.not_yours, outcome="not_your_hand")
    return Refusal(words.over, outcome="round_over")


async def deal_in(
    db: Database,
    entries: Sequence[Entry],
    rules: Rules,
    *,
    guild_id: int,
    channel_id: int | None,
    table_id: str | None,
    deadline: float | None,
    now: float,
    round_id: str | None = None,
) -> Round:
    """Deal a round and take every wager with it (one transaction); the engine's round.

    Raises:
        game_store.NotEnoughChips, game_store.AlreadyPlaying: as ``open_round``.
        ValueError: ``round_id`` was dealt before.
    """
    dealt = deal(entries, rules, round_id)
    await game_store.open_round(
        db,
        dealt,
        guild_id=guild_id,
        channel_id=channel_id,
        table_id=table_id,
        deadline=deadline,
        now=now,
    )
    return dealt


def entry(number: int, player: int, bet: int, bonus: int) -> Entry:
    """A seat's entry in a round: its main bet and its bonus (0: none)."""
    return Entry(number, player, (Wager(WagerKind.MAIN, bet), Wager(WagerKind.BONUS, bonus)))


async def read_round(db: Database, round_id: str) -> Round | None:
    """The round as stored, as the engine has it (settled ones with their result)."""
    row = await game_store.get_round(db, round_id)
    return None if row is None else row.to_round()


async def store_split(
    db: Database,
    current: Round,
    number: int,
    player: int,
    two: tuple[Card, ...] | None,
    words: Words,
    lang: Lang,
) -> tuple[Round, bool]:
    """Make the move (``two``: the member's own split; None: *Huset väljer*) and store it
    once; the round after it, and whether this press set the hand.

    When storing finds the seat set already (a first press whose answer never came back,
    a restart), the round is read back and given as stored: the member is shown what
    stands. A move the round refuses, or a round over meanwhile, is the member's refusal.
    """
    try:
        moved = current.house(number, player) if two is None else current.set(number, player, two)
    except Illegal as error:
        raise refusal(error, words, lang) from None
    seat = moved.seat(number)
    assert seat is not None and seat.split is not None and seat.how is not None
    if await game_store.set_split(
        db, current.round_id, number, player, seat.split.two, seat.how.value, hand=seat.hand
    ):
        return moved, True
    stored = await read_round(db, current.round_id)
    mine = None if stored is None else stored.seat(number)
    if stored is None or stored.over or mine is None or mine.player != player or not mine.split:
        raise Refusal(words.over, outcome="round_over")
    return stored, False


async def time_out(db: Database, current: Round) -> Round:
    """The house way sets every hand not set in time, each stored once; the round as
    stored afterwards (a press that landed meanwhile stands)."""
    timed = current.time_out()
    for seat in current.pending():
        done = timed.seat(seat.number)
        assert done is not None and done.split is not None
        await game_store.set_split(
            db,
            current.round_id,
            seat.number,
            seat.player,
            done.split.two,
            "timeout",
            hand=seat.hand,
        )
    stored = await read_round(db, current.round_id)
    return timed if stored is None else stored


async def finish(
    db: Database, current: Round, now: float
) -> tuple[Round, Mapping[int, int] | None]:
    """Settle a round whose every hand is set, in one transaction (every seat's results,
    each wager's ledger entry, the stacks read back); the settled round and the stacks by
    member, or None for the stacks when it was settled or voided before (nothing is paid
    twice: the caller shows what is stored). A round not all set is refused by
    ``Round.settle`` (``Illegal``)."""
    settled = current.settle()
    stacks = await game_store.settle_round(db, settled, now)
    return settled, stacks


async def finish_by_house(database: Database, round_: Round, now: float) -> Round | None:
    """Settle a round as it stands: a split stored (set before a restart) as it is, a split
    never set by the house way (time ran out); the settled round, or None if it was
    settled or voided before."""
    if round_.over:
        return None
    if not round_.can_settle():
        round_ = await time_out(database, round_)
    if not round_.can_settle():
        return None  # settled or voided meanwhile
    settled, stacks = await finish(database, round_, now)
    return settled if stacks is not None else None
