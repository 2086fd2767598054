"""The round engine (houseway/round.py): phases, moves, who may make them, the record of
operations, the house way as a parameter, the wagers settled (§9, §10), and restoring."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import replace

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from houseway.bonus import settle_bonus
from houseway.cards import Card, parse_cards
from houseway.game import Deal, DeckError, SeatSplit, house_split, own_split, settle_seat
from houseway.hands import is_legal
from houseway.round import (
    MOVES,
    Entry,
    FoulRule,
    HouseWay,
    How,
    Illegal,
    Move,
    Phase,
    Round,
    Rules,
    Stored,
    Wager,
    WagerKind,
    deal,
)
from houseway.shape import splits
from tests.conftest import run_cli

MAIN, BONUS = WagerKind.MAIN, WagerKind.BONUS


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text, count=None)


def entries(*bets: tuple[int, int]) -> list[Entry]:
    """Seats 1, 2, … for players 101, 102, … with (main bet, bonus) each."""
    return [
        Entry(n, 100 + n, (Wager(MAIN, bet), Wager(BONUS, bonus)))
        for n, (bet, bonus) in enumerate(bets, 1)
    ]


def test_a_round_moves_through_its_phases_and_records_each_move() -> None:
    dealt = deal(entries((10, 0), (20, 5)), rng=random.Random(7))
    assert dealt.phase is Phase.DEALT and dealt.operations == ()
    one = dealt.seat(1)
    assert one is not None
    two = house_split(one.hand).two
    first = dealt.set(1, 101, two)
    assert first.phase is Phase.SETTING
    both = first.house(2, 102)
    assert both.phase is Phase.ALL_SET
    settled = both.settle()
    assert settled.phase is Phase.SETTLED
    assert [op.move for op in settled.operations] == [Move.SET, Move.HOUSE, Move.SETTLE]
    assert settled.operations[0].two == first.seat(1).split.two  # type: ignore[union-attr]
    # Every move is refused once the round is over; the frozen rounds before are unchanged.
    for attempt in (
        lambda: settled.set(1, 101, two),
        lambda: settled.house(2, 102),
        settled.time_out,
        settled.void,
        settled.settle,
        lambda: settled.remove(1),
    ):
        with pytest.raises(Illegal) as refused:
            attempt()
        assert refused.value.code == "phase"
    assert dealt.phase is Phase.DEALT and dealt.seat(1).split is None  # type: ignore[union-attr]


def test_only_the_seats_player_may_set_it_and_only_once() -> None:
    dealt = deal(entries((10, 0), (10, 0)), rng=random.Random(1))
    hand = dealt.seat(1).hand  # type: ignore[union-attr]
    two = house_split(hand).two
    for number, player, code in ((1, 102, "no-seat"), (3, 101, "no-seat")):
        with pytest.raises(Illegal) as refused:
            dealt.set(number, player, two)
        assert refused.value.code == code
        assert not dealt.can_house(number, player)
    once = dealt.set(1, 101, two)
    with pytest.raises(Illegal) as again:
        once.house(1, 101)
    assert again.value.code == "already-set"
    with pytest.raises(Illegal) as bad:
        dealt.set(1, 101, (hand[0], hand[0]))
    assert (bad.value.code, bad.value.detail) == ("bad-two", "two_twice")


def fouled_two(hand: Sequence[Card]) -> tuple[Card, ...] | None:
    for two, _ in splits(tuple(hand)):
        if not own_split(hand, two).foul:
            continue
        return tuple(two)
    return None


def test_a_foul_is_refused_under_repick_and_stands_and_loses_under_stand() -> None:
    rng = random.Random(3)
    for _ in range(200):
        dealt = deal(entries((10, 0)), rng=rng)
        hand = dealt.seat(1).hand  # type: ignore[union-attr]
        two = fouled_two(hand)
        if two is not None:
            break
    assert two is not None
    with pytest.raises(Illegal) as refused:
        dealt.set(1, 101, two)
    assert refused.value.code == "foul" and refused.value.split is not None
    assert refused.value.split.foul and not dealt.can_set(1, 101, two)
    stands = replace(dealt, rules=Rules(foul=FoulRule.STAND))
    settled = stands.set(1, 101, two).settle()
    result = settled.result.of(1)  # type: ignore[union-attr]
    assert result.main.foul and result.main.net == -10


def test_time_out_sets_every_hand_left_by_the_house_way() -> None:
    dealt = deal(entries((10, 0), (10, 0), (10, 0)), rng=random.Random(5))
    seat_two = dealt.seat(2).hand  # type: ignore[union-attr]
    mine = dealt.set(2, 102, house_split(seat_two).two)
    timed = mine.time_out()
    assert timed.phase is Phase.ALL_SET
    assert [seat.how for seat in timed.seats] == [How.TIMEOUT, How.OWN, How.TIMEOUT]
    for seat in timed.seats:
        if seat.how is How.TIMEOUT:
            assert seat.split == house_split(seat.hand)


def test_removing_seats_voids_a_round_with_none_left() -> None:
    dealt = deal(entries((10, 0), (10, 0)), rng=random.Random(9))
    set_two = dealt.house(2, 102)
    left = set_two.remove(1)
    assert left.phase is Phase.ALL_SET and [s.number for s in left.seats] == [2]
    assert left.remove(2).phase is Phase.VOID


def test_the_deal_refuses_what_is_not_a_deal() -> None:
    for bad in (
        [],
        entries(*[(1, 0)] * 7),
        [Entry(1, 5, (Wager(MAIN, 1),)), Entry(1, 6, (Wager(MAIN, 1),))],
        [Entry(1, 5, (Wager(MAIN, 1),)), Entry(2, 5, (Wager(MAIN, 1),))],
        [Entry(1, 5, (Wager(MAIN, 0),))],
        [Entry(1, 5, (Wager(BONUS, 5),))],
        [Entry(1, 5, (Wager(MAIN, 2), Wager(MAIN, 3)))],
        [Entry(1, 5, (Wager(MAIN, 2), Wager(BONUS, -1)))],
    ):
        with pytest.raises(Illegal) as refused:
            deal(bad)
        assert refused.value.code == "bad-deal"
    with pytest.raises(DeckError):
        deal(
            entries((1, 0)),
            cards=Deal(cards("As Ks Qs Js Ts 9s 8s"), (cards("As 2h 3h 4h 5h 6h 7h"),)),
        )


def test_the_house_way_is_the_rounds_parameter() -> None:
    """A way that sends the two lowest cards low (when legal) sets the dealer's hand and a
    hand left to the house, where Huset väljer would not."""

    def lowest_low(hand: Sequence[Card]) -> SeatSplit:
        mine = own_split(hand, sorted(hand)[:2])
        return mine if not mine.foul else house_split(hand)

    other = HouseWay("lowest-low", lowest_low)
    dealer = cards("Ks Qh 9d 7c 5s 3h 2d")
    player = cards("Ah Kd Jc 8s 6h 4c 2c")
    dealt = deal(entries((10, 0)), Rules(way=other), cards=Deal(dealer, (player,)))
    settled = dealt.house(1, 101).settle()
    result = settled.result.of(1)  # type: ignore[union-attr]
    assert result.main.dealer.two == own_split(dealer, cards("3h 2d")).two
    assert result.main.player.two == own_split(player, cards("4c 2c")).two
    assert house_split(dealer).two != result.main.dealer.two


def test_a_seat_settles_each_wager_and_envy_for_the_other_hands() -> None:
    dealer = cards("7s 7h 7d 7c 2s 3h 9d")  # four of a kind: Envy 5 to a Fortune bonus
    royal = cards("As Ks Qs Js Ts Kh Qh")  # royal + royal match: 2,000 to 1
    flush = cards("2d 5d 8d Jd Kd 4c 6c")  # flush: 4 to 1
    small = cards("3c 4d 5h 8h Tc Jh Ac")  # nothing: the bonus of 4 is lost, no Envy
    dealt = deal(entries((10, 5), (20, 10), (10, 4)), cards=Deal(dealer, (royal, flush, small)))
    settled = dealt.time_out().settle()
    result = settled.result
    assert result is not None
    dealer_split = house_split(dealer)
    for seat_result in result.seats:
        seat = seat_result.seat
        assert seat_result.main == settle_seat(house_split(seat.hand), dealer_split, seat.bet)
        assert seat_result.bonus == settle_bonus(seat.hand, "fortune", seat.bonus)
    one, two, three = result.seats
    # Seat 1: royal match 2,000 × 5; Envy for the dealer's four of a kind (royal: its own).
    assert (one.bonus.net, one.envy) == (10_000, 5)  # type: ignore[union-attr]
    # Seat 2: a flush, 4 × 10; Envy for the dealer's quads and seat 1's royal match.
    assert (two.bonus.net, two.envy) == (40, 5 + 1000)  # type: ignore[union-attr]
    assert (three.bonus.net, three.envy) == (-4, 0)  # type: ignore[union-attr]
    assert one.payouts() == (("main", one.main.paid), ("bonus", 5 + 10_000), ("envy", 5))
    assert three.payouts() == (("main", three.main.paid), ("bonus", 0))
    assert one.net == one.main.net + 10_000 + 5


def test_mania_has_no_envy() -> None:
    dealer = cards("7s 7h 7d 7c 2s 3h 9d")
    flush = cards("2d 5d 8d Jd Kd 4c 6c")
    dealt = deal(entries((10, 50)), Rules(bonus_table="mania"), cards=Deal(dealer, (flush,)))
    seat = dealt.time_out().settle().result.of(1)  # type: ignore[union-attr]
    assert (seat.bonus.pays, seat.envy) == (4, 0)  # type: ignore[union-attr]


def stored(round_: Round) -> list[Stored]:
    return [
        Stored(
            seat.number,
            seat.player,
            seat.hand,
            seat.wagers,
            None if seat.split is None else seat.split.two,
            None if seat.how is None else seat.how.value,
        )
        for seat in round_.seats
    ]


class RoundMachine(RuleBasedStateMachine):
    """Any sequence of moves, legal or not: a refused move changes nothing, a legal one
    appends one operation, the phase always says what the seats are, MOVES says what is
    legal, and the round stored and restored is the same round."""

    def __init__(self) -> None:
        super().__init__()
        self.round: Round | None = None

    @precondition(lambda self: self.round is None)
    @rule(
        seats=st.integers(1, 6),
        seed=st.integers(0, 2**32),
        foul=st.sampled_from(FoulRule),
        table=st.sampled_from(["fortune", "mania", "emperor"]),
    )
    def start(self, seats: int, seed: int, foul: FoulRule, table: str) -> None:
        bets = [(1 + seed % 50, seed % 7) for _ in range(seats)]
        self.round = deal(
            entries(*bets), Rules(foul=foul, bonus_table=table), rng=random.Random(seed)
        )

    def attempt(self, move: Move, make: object) -> None:
        assert self.round is not None
        before = self.round
        try:
            after = make()  # type: ignore[operator]
        except Illegal as refused:
            assert self.round is before
            # Refused for the phase exactly when the table of moves says so; otherwise for
            # the seat or the cards (no seat, not the player's, set already, not its cards).
            assert (refused.code == "phase") == (move not in MOVES[before.phase]), refused
            return
        assert move in MOVES[before.phase], (move, before.phase)
        assert after.operations[:-1] == before.operations
        assert after.operations[-1].move is move
        self.round = after

    @precondition(lambda self: self.round is not None)
    @rule(number=st.integers(1, 7), by=st.integers(100, 108), data=st.data())
    def set_split(self, number: int, by: int, data: st.DataObject) -> None:
        assert self.round is not None
        seat = self.round.seat(number)
        hand = seat.hand if seat is not None else self.round.dealer
        two = data.draw(st.lists(st.sampled_from(hand), min_size=2, max_size=2))
        self.attempt(Move.SET, lambda: self.round.set(number, by, two))  # type: ignore[union-attr]

    @precondition(lambda self: self.round is not None)
    @rule(number=st.integers(1, 7), by=st.integers(100, 108))
    def house(self, number: int, by: int) -> None:
        self.attempt(Move.HOUSE, lambda: self.round.house(number, by))  # type: ignore[union-attr]

    @precondition(lambda self: self.round is not None)
    @rule()
    def time_out(self) -> None:
        self.attempt(Move.TIME_OUT, lambda: self.round.time_out())  # type: ignore[union-attr]

    @precondition(lambda self: self.round is not None)
    @rule(number=st.integers(1, 7))
    def remove(self, number: int) -> None:
        self.attempt(Move.REMOVE, lambda: self.round.remove(number))  # type: ignore[union-attr]

    @precondition(lambda self: self.round is not None)
    @rule()
    def settle(self) -> None:
        self.attempt(Move.SETTLE, lambda: self.round.settle())  # type: ignore[union-attr]

    @precondition(lambda self: self.round is not None)
    @rule()
    def void(self) -> None:
        self.attempt(Move.VOID, lambda: self.round.void())  # type: ignore[union-attr]

    @invariant()
    def the_phase_says_what_the_seats_are(self) -> None:
        current = self.round
        if current is None:
            return
        moves = [operation.move for operation in current.operations]
        # Settled and void as the record of moves says, and only then.
        assert (current.phase is Phase.SETTLED) == (Move.SETTLE in moves)
        assert (current.phase is Phase.VOID) == (Move.VOID in moves or not current.seats)
        assert (current.result is not None) == (current.phase is Phase.SETTLED)
        if current.phase in (Phase.SETTLED, Phase.VOID):
            return
        done = [seat.split is not None for seat in current.seats]
        expected = Phase.ALL_SET if all(done) else Phase.SETTING if any(done) else Phase.DEALT
        assert current.phase is expected
        for seat in current.seats:
            if seat.split is not None and current.rules.foul is FoulRule.REPICK:
                assert is_legal(seat.split.five_value, seat.split.two_value)

    @invariant()
    def stored_and_restored_it_is_the_same_round(self) -> None:
        current = self.round
        if current is None or not current.seats:
            return
        status = {Phase.SETTLED: "settled", Phase.VOID: "void"}.get(current.phase, "open")
        again = Round.restore(
            current.round_id, current.rules, current.dealer, stored(current), status
        )
        assert again.phase is current.phase
        assert again.seats == current.seats
        if current.result is not None:
            assert again.result == current.result


TestRoundMachine = RoundMachine.TestCase
TestRoundMachine.settings = settings(max_examples=150, stateful_step_count=12, deadline=None)


# --- houseway settle with a bonus ---------------------------------------------------------

ROYAL_MATCH = "As Ks Qs Js Ts Kh Qh"
QUADS = "7c 7d 7h 7s 2c 3d 4h"


def test_settle_pays_a_bonus_and_envy_for_the_dealers_hand() -> None:
    lines = [
        {"player": ROYAL_MATCH, "dealer": QUADS, "bet": 10, "bonus": 5},
        {"player": ROYAL_MATCH, "dealer": QUADS, "bet": 10, "bonus": 4},
        {"player": ROYAL_MATCH, "dealer": QUADS, "bet": 10, "bonus": 5, "table": "mania"},
        {"player": ROYAL_MATCH, "dealer": QUADS, "bet": 10},
        {"player": ROYAL_MATCH, "dealer": QUADS, "bet": 10, "bonus": 2.5},
        {"player": ROYAL_MATCH, "dealer": QUADS, "bet": 10, "bonus": 5, "table": "craps"},
    ]
    done = run_cli("settle", "--json", "-", stdin="\n".join(map(json.dumps, lines)) + "\n")
    first, small, mania, plain, half, craps = map(json.loads, done.stdout.splitlines())
    assert first["bonus"] == {"category": "royal-flush-royal-match", "pays": 2000, "net": 10_000}
    assert first["envy"] == 5  # the dealer's four of a kind
    assert small["bonus"]["net"] == 8000 and "envy" not in small  # under 5 chips: no Envy
    assert mania["bonus"] == {"category": "royal-flush", "pays": 250, "net": 1250}
    assert "envy" not in mania
    assert "bonus" not in plain and plain["net"] == first["net"]
    assert half["error"]["code"] == "bad_bonus" and craps["error"]["code"] == "bad_table"
    text = run_cli("settle", "--player", ROYAL_MATCH, "--dealer", QUADS, "--bet", "10",
                   "--bonus", "5")  # fmt: skip
    assert "bonus:  royal-flush-royal-match on fortune: pays 2000 to 1" in text.stdout
    assert "envy:   +5" in text.stdout


def test_two_copies_moved_at_once_each_adopt_the_others_seat() -> None:
    """Two presses at once each move their own copy of the round; adopting the other's
    seat loses neither, and a seat set otherwise (another hand, twice) is refused."""
    dealt = deal(entries((10, 0), (10, 0), (10, 0)), rng=random.Random(11))
    first = dealt.house(1, 101)
    second = dealt.set(2, 102, house_split(dealt.seat(2).hand).two)  # type: ignore[union-attr]
    both = first.adopt(second.seat(2))  # type: ignore[arg-type]
    assert [s.how for s in both.seats] == [How.HOUSE, How.OWN, None]
    assert both.phase is Phase.SETTING and both.operations[-1].move is Move.ADOPT
    assert not both.can_adopt(second.seat(2))  # type: ignore[arg-type]  # set already
    other = deal(entries((10, 0), (10, 0), (10, 0)), rng=random.Random(12)).house(1, 101)
    assert not dealt.can_adopt(other.seat(1))  # type: ignore[arg-type]  # another hand
    assert not dealt.can_adopt(dealt.seat(3))  # type: ignore[arg-type]  # never set
