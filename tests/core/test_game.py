"""A round at the table (spec §9): the deal, the splits and whole-chip settlement, worked
out by hand; and ``houseway settle`` on the command line."""

from __future__ import annotations

import contextlib
import json
import random
import subprocess
import threading
from pathlib import Path
from typing import IO

import pytest
from hypothesis import given
from hypothesis import strategies as st

from houseway.cards import DECK, parse_cards
from houseway.game import (
    MAX_SEATS,
    BetError,
    DeckError,
    HandResult,
    SplitError,
    commission,
    deal_round,
    house_split,
    own_split,
    settle_hands,
    settle_seat,
)
from houseway.settle import Outcome
from houseway.way import house_way
from tests.conftest import HOUSEWAY_CLI, run_cli
from tests.core.test_cli import peak_rss_mb

WIN, COPY, LOSS = HandResult.WIN, HandResult.COPY, HandResult.LOSS


def cards(text: str) -> tuple[int, ...]:
    return parse_cards(text, count=None)


def split(hand: str, two: str):  # type: ignore[no-untyped-def]
    return own_split(cards(hand), cards(two))


# --- the deal ---------------------------------------------------------------------------


def test_no_card_twice_in_a_round_over_many_rounds() -> None:
    rng = random.Random(2026)
    seen_first: set[int] = set()
    for n in range(3000):
        seats = n % MAX_SEATS + 1
        deal = deal_round(seats, rng)
        hands = [deal.dealer, *deal.seats]
        assert len(deal.seats) == seats
        assert all(len(hand) == 7 for hand in hands)
        dealt = [card for hand in hands for card in hand]
        assert len(set(dealt)) == len(dealt), f"a card twice in round {n}"
        assert set(dealt) <= set(DECK)
        seen_first.update(deal.dealer)
    # the shuffle reaches every card, the joker included, for the dealer too
    assert seen_first == set(DECK)


def test_the_default_deal_draws_from_the_secure_source() -> None:
    """Two unseeded deals differ (one chance in ~10^60 of a false failure)."""
    first, second = deal_round(MAX_SEATS), deal_round(MAX_SEATS)
    assert (first.dealer, first.seats) != (second.dealer, second.seats)


@pytest.mark.parametrize("seats", [0, -1, 7, 100])
def test_a_round_has_one_to_six_seats(seats: int) -> None:
    with pytest.raises(ValueError, match="1 to 6 seats"):
        deal_round(seats)


# --- commission: 5 % of the bet rounded up to a whole chip -----------------------------------

# (bet, commission): worked by hand. 5 % of 20 is exactly 1; of 19, 0.95 rounds up to 1;
# of 21, 1.05 rounds up to 2; of 1, 0.05 rounds up to 1.
COMMISSIONS = [
    (1, 1),
    (2, 1),
    (10, 1),
    (19, 1),
    (20, 1),
    (21, 2),
    (39, 2),
    (40, 2),
    (41, 3),
    (99, 5),
    (100, 5),
    (101, 6),
    (1000, 50),
    (1001, 51),
]


@pytest.mark.parametrize(("bet", "fee"), COMMISSIONS)
def test_commission_rounds_up_to_a_whole_chip(bet: int, fee: int) -> None:
    assert commission(bet) == fee


@given(st.integers(min_value=1, max_value=10**12))
def test_commission_is_the_least_whole_chip_at_or_above_five_percent(bet: int) -> None:
    fee = commission(bet)
    assert fee * 100 >= bet * 5 > (fee - 1) * 100


# --- settling one seat ------------------------------------------------------------------

# The dealer's hand set by hand (own_split), so that each case says every card it depends on.
DEALER = ("Qh Qd 6h 3c 2s Jc 7s", "Jc 7s")  # five Q Q 6 3 2, two J 7

# (player hand, player's two, five, two, outcome): worked out by hand against DEALER.
SEATS = [
    # both won: A A 9 7 2 beats Q Q, K K beats J 7
    ("As Ah Kd Kc 9s 7d 2h", "Kd Kc", WIN, WIN, Outcome.WIN),
    # a copy in the five-card hand (Q Q 6 3 2 of other suits) goes to the dealer: a push
    ("Qs Qc 6d 3h 2d Ah 7c", "Ah 7c", COPY, WIN, Outcome.PUSH),
    # a copy in the two-card hand (J 7): the five won, the push
    ("As Ah 9d 8c 5h Jh 7d", "Jh 7d", WIN, COPY, Outcome.PUSH),
    # copies in both hands: the dealer wins both
    ("Qs Qc 6d 3h 2d Jh 7c", "Jh 7c", COPY, COPY, Outcome.LOSS),
    # both lost
    ("Ts Tc 6d 3h 2d 9h 7c", "9h 7c", LOSS, LOSS, Outcome.LOSS),
    # the joker is an ace in the two-card hand: JK-2 beats J-7, T T loses to Q Q
    ("Ts Tc 6d 3h 4d JK 2c", "JK 2c", LOSS, WIN, Outcome.PUSH),
    # the joker fills a straight in the five (JK as the 9 of 9 8 7 6 5): beats Q Q
    ("JK 8c 7d 6h 5s Kd Qc", "Kd Qc", WIN, WIN, Outcome.WIN),
]


@pytest.mark.parametrize(("hand", "two", "five_result", "two_result", "outcome"), SEATS)
@pytest.mark.parametrize(("bet", "fee"), [(100, 5), (10, 1), (1, 1), (21, 2)])
def test_a_seat_settles_hand_by_hand_in_whole_chips(
    hand: str,
    two: str,
    five_result: HandResult,
    two_result: HandResult,
    outcome: Outcome,
    bet: int,
    fee: int,
) -> None:
    result = settle_seat(split(hand, two), split(*DEALER), bet)
    assert (result.five, result.two, result.outcome) == (five_result, two_result, outcome)
    expected_net = {Outcome.WIN: bet - fee, Outcome.PUSH: 0, Outcome.LOSS: -bet}[outcome]
    assert result.net == expected_net
    assert result.commission == (fee if outcome is Outcome.WIN else 0)
    assert result.paid == bet + expected_net >= 0


def test_the_spec_s_three_commission_examples() -> None:
    """§9: bet 100: +95; bet 10: +9; bet 1: +0."""
    winner = split("As Ah Kd Kc 9s 7d 2h", "Kd Kc")
    nets = [settle_seat(winner, split(*DEALER), bet).net for bet in (100, 10, 1)]
    assert nets == [95, 9, 0]


def test_a_foul_loses_even_against_a_dealer_it_would_beat() -> None:
    """A K in the two-card hand over a nine-high five: a foul, though its two-card hand
    beats the dealer's 3-2."""
    fouled = split("As Ks 9d 8c 5h 4s 2d", "As Ks")
    dealer = split("7h 6d 4c 3s 2h Th 8s", "3s 2h")
    assert fouled.foul
    result = settle_seat(fouled, dealer, 50)
    assert (result.five, result.two, result.outcome, result.net) == (None, None, Outcome.LOSS, -50)
    assert result.to_json()["player"] == {
        "five": ["9d", "8c", "5h", "4s", "2d"],
        "two": ["As", "Ks"],
        "rule": None,
        "foul": True,
    }


def test_a_pair_below_a_bigger_pair_is_no_foul_and_the_same_pair_is() -> None:
    assert not split("Ks Kh 9d 9c 5h 4s 2d", "9d 9c").foul
    assert split("Ks Qh 9d 9c 5h 4s 2d", "9d 9c").foul


def test_the_house_way_sets_a_seat_exactly_as_it_sets_the_dealer() -> None:
    hand = cards("Ks Kh 7d 7c Ad Tc 3h")
    seat = house_split(hand)
    decision = house_way(hand)
    assert (seat.five, seat.two, seat.rule) == (decision.five, decision.two, decision.rule)
    assert not seat.foul


def test_settle_hands_lets_the_house_way_set_the_player_without_a_two() -> None:
    player, dealer = "Ks Kh 7d 7c Ad Tc 3h", "Qh Qd 6h 3c 2s Jc 8s"
    result = settle_hands(cards(player), cards(dealer), None, 100)
    # two pairs split: K K A T 3 over 7 7 (spec §8); the dealer Q Q 6 3 2 over J 8
    assert result.player.rule == house_way(player).rule == "two-pairs.split"
    assert sorted(result.player.two) == sorted(cards("7d 7c"))
    assert (result.five, result.two, result.outcome, result.net) == (WIN, WIN, Outcome.WIN, 95)


@pytest.mark.parametrize(
    ("two", "code"),
    [("As", "two_count"), ("As Ks Qs", "two_count"), ("Ah Ks", "two_not_in_hand")],
)
def test_a_two_card_hand_not_of_the_hand_is_refused(two: str, code: str) -> None:
    with pytest.raises(SplitError) as refused:
        own_split(cards("As Ks 9d 8c 5h 4s 2d"), cards(two))
    assert refused.value.code == code


def test_a_two_naming_one_card_twice_is_refused() -> None:
    with pytest.raises(SplitError) as refused:
        own_split(cards("As Ks 9d 8c 5h 4s 2d"), (cards("As")[0],) * 2)
    assert refused.value.code == "two_twice"


def test_a_card_in_both_hands_is_refused() -> None:
    with pytest.raises(DeckError, match="As"):
        settle_hands(cards("As Ks 9d 8c 5h 4s 2d"), cards("As Qd Jc 7s 6h 3c 2s"), None, 1)


@pytest.mark.parametrize("bet", [0, -5, 1.5, True, "10", None, 10**12 + 1])
def test_a_bet_must_be_a_positive_whole_number(bet: object) -> None:
    with pytest.raises(BetError):
        settle_seat(split(*DEALER), split(*DEALER), bet)  # type: ignore[arg-type]


@given(st.data())
def test_every_settlement_pays_within_its_bet(data: st.DataObject) -> None:
    deal = deal_round(1, random.Random(data.draw(st.integers(0, 2**32))))
    hand = deal.seats[0]
    two = data.draw(st.sampled_from([None, *[(a, b) for a in hand for b in hand if a < b]]))
    bet = data.draw(st.integers(1, 10**6))
    result = settle_hands(hand, deal.dealer, two, bet)
    won = result.five is WIN and result.two is WIN
    lost = result.foul or WIN not in (result.five, result.two)
    assert result.net == (bet - commission(bet) if won else -bet if lost else 0)
    if result.player.rule is not None:  # the house way never fouls
        assert not result.foul
    assert {*result.player.five, *result.player.two} == set(hand)
    assert {*result.dealer.five, *result.dealer.two} == set(deal.dealer)


# --- houseway settle ----------------------------------------------------------------------

GOOD_HAND = "As Ah Ad Ac JK 7s 2d"
WINNER = {"player": "As Ah Kd Kc 9s 7d 2h", "dealer": "Qh Qd 6h 3c 2s Jc 7s", "two": "Kd Kc"}


def test_settle_one_hand_on_the_command_line() -> None:
    done = run_cli(
        "settle", "--player", WINNER["player"], "--dealer", WINNER["dealer"],
        "--two", "Kd Kc", "--bet", "100", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer == {
        "player": {"five": ["As", "Ah", "9s", "7d", "2h"], "two": ["Kd", "Kc"], "rule": None,
                   "foul": False},
        "dealer": {"five": ["Qh", "Qd", "6h", "3c", "2s"], "two": ["Jc", "7s"],
                   "rule": "one-pair"},
        "five": "win", "two": "win", "outcome": "win", "bet": 100, "commission": 5, "net": 95,
    }  # fmt: skip
    text = run_cli(
        "settle", "--player", WINNER["player"], "--dealer", WINNER["dealer"],
        "--two", "Kd Kc", "--bet", "10",
    )  # fmt: skip
    assert text.returncode == 0, text.stderr
    assert "result: win: bet 10, commission 1, net +9" in text.stdout


def test_settle_reads_json_lines_and_goes_on_past_bad_ones() -> None:
    good = json.dumps({**WINNER, "bet": 10})
    house = json.dumps({**WINNER, "two": None, "bet": 1})
    lines = [
        good,
        "not json",
        "[1, 2]",
        json.dumps({**WINNER, "player": "As Ah Kd Kc 9s 7d", "bet": 10}),
        json.dumps({**WINNER, "dealer": "As Qd Jc 7s 6h 3c 2s", "bet": 10}),
        json.dumps({**WINNER, "two": "Qh Qd", "bet": 10}),
        json.dumps({**WINNER, "bet": 0}),
        json.dumps({**WINNER, "bet": -3}),
        json.dumps({**WINNER, "bet": 2.5}),
        json.dumps({**WINNER, "bet": "10"}),
        json.dumps({"player": WINNER["player"], "dealer": WINNER["dealer"]}),
        json.dumps({**WINNER, "bet": 10, "tow": "Kd Kc"}),
        "",
        house,
    ]
    done = run_cli("settle", "--json", "-", stdin="\n".join(lines) + "\n")
    assert done.returncode == 1
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(lines)
    assert answers[0]["net"] == 9 and answers[0]["outcome"] == "win"
    codes = [answer["error"]["code"] for answer in answers[1:-1]]
    assert codes == [
        "not_json",
        "not_object",
        "wrong_count",
        "card_in_both",
        "two_not_in_hand",
        "bad_bet",
        "bad_bet",
        "bad_bet",
        "bad_bet",
        "missing",
        "unknown_key",
        "not_json",
    ]
    for answer in answers[1:-1]:
        assert set(answer) == {"error"} and answer["error"]["message"]
    # two null: the house way sets the player's hand, as it sets the dealer's
    last = answers[-1]
    assert last["player"]["rule"] == house_way(WINNER["player"]).rule
    assert last["player"]["foul"] is False
    assert last["bet"] == 1 and last["net"] in (0, -1)


def test_settle_answers_a_line_past_the_digit_limit_and_goes_on() -> None:
    """A 5,000-digit bet is past Python's int-from-text limit: an error line, not the end."""
    good = json.dumps({**WINNER, "bet": 10})
    huge = json.dumps({**WINNER, "bet": 1})[:-2] + "9" * 5000 + "}"
    done = run_cli("settle", "--json", "-", stdin=f"{good}\n{huge}\n{good}\n")
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert [answer.get("net") for answer in answers] == [9, None, 9]
    assert answers[1]["error"]["code"] == "not_json"
    assert "too long" in answers[1]["error"]["message"]
    text = run_cli("settle", "--player", WINNER["player"], "--dealer", WINNER["dealer"],
                   "--bet", "9" * 5000)  # fmt: skip
    assert text.returncode == 1 and "Traceback" not in text.stderr
    assert "bet" in text.stderr


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("command", ["settle", "bonus"])
def test_a_99_mib_json_line_is_refused_in_flat_memory(command: str) -> None:
    """The line is streamed in 1 MiB pieces and never held whole, by the test or the CLI;
    the lines around it are answered."""
    good = json.dumps({**WINNER, "bet": 10} if command == "settle" else {"hand": GOOD_HAND})
    process = subprocess.Popen(
        [*HOUSEWAY_CLI, command, "--json", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert process.stdin is not None and process.stdout is not None

    def feed(stdin: IO[bytes]) -> None:
        with contextlib.suppress(BrokenPipeError):
            stdin.write(good.encode() + b"\n" + b'{"bet": "')
            piece = b"9" * (1 << 20)
            for _ in range(99):
                stdin.write(piece)
            stdin.write(b'"}\n' + good.encode() + b"\n")
            stdin.flush()

    feeder = threading.Thread(target=feed, args=(process.stdin,))
    feeder.start()
    try:
        stdout = b"".join(process.stdout.readline() for _ in range(3))
        feeder.join()
        peak = peak_rss_mb(process.pid)  # still running: waiting for more input
        process.stdin.close()
        status = process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
        feeder.join()
    # Reading the line whole cost 324 MiB (issue 38); Python with houseway loaded, ~25.
    assert peak < 60, f"peak RSS {peak:.0f} MB"
    first, refused, last = (json.loads(line) for line in stdout.splitlines())
    assert first == last and "error" not in first
    assert refused["error"]["code"] == "too_long"
    assert status == 1
