"""Properties of the house way over random hands (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from houseway import JOKER, five_value, house_way, is_legal, two_value
from houseway.cards import RANK_OF, SUIT_OF
from houseway.way import clear_cache, decide

hands = st.lists(st.integers(0, 52), min_size=7, max_size=7, unique=True)
suit_maps = st.permutations([0, 1, 2, 3])


def relabel(card: int, suits: list[int]) -> int:
    return card if card == JOKER else (card >> 2) * 4 + suits[card & 3]


@settings(max_examples=1500, deadline=None)
@given(hands)
def test_split_uses_exactly_the_seven_cards_and_is_legal(hand: list[int]) -> None:
    decision = house_way(hand)
    assert sorted(decision.five + decision.two) == sorted(hand)
    assert len(decision.five) == 5 and len(decision.two) == 2
    assert decision.five_value == five_value(decision.five)
    assert decision.two_value == two_value(decision.two)
    assert is_legal(decision.five_value, decision.two_value)


@settings(max_examples=800, deadline=None)
@given(hands, st.randoms(use_true_random=False))
def test_order_of_cards_does_not_matter(hand: list[int], rng) -> None:  # type: ignore[no-untyped-def]
    shuffled = list(hand)
    rng.shuffle(shuffled)
    first, second = house_way(hand), house_way(shuffled)
    assert (first.five, first.two, first.path) == (second.five, second.two, second.path)
    low, path = decide(shuffled)  # the procedure too, not only the memo's replay
    assert path == first.path and two_value(low) == first.two_value
    assert five_value([c for c in hand if c not in low]) == first.five_value


@settings(max_examples=800, deadline=None)
@given(hands, suit_maps)
def test_relabelling_suits_relabels_the_split(hand: list[int], suits: list[int]) -> None:
    """Straight from the procedure (house_way's memo would replay one split for both).

    The rules and the two-card hand's ranks follow the suits; the five-card hand's value
    need not: the lowest suit of equal cards goes low first, so renaming suits can move
    a flush card low (docs/contributors.md, design notes: "Which of several equal cards goes low").
    """
    other = [relabel(c, suits) for c in hand]
    low, path = decide(hand)
    other_low, other_path = decide(other)
    assert other_path == path
    moved_two = [relabel(c, suits) for c in low]
    assert two_value(moved_two) == two_value(other_low)
    assert sorted(RANK_OF[c] for c in moved_two) == sorted(RANK_OF[c] for c in other_low)


@settings(max_examples=800, deadline=None)
@given(hands, suit_maps)
def test_memoised_front_agrees_with_the_procedure(hand: list[int], suits: list[int]) -> None:
    """The fast path replays a stored split by position; it must match a fresh decision."""
    clear_cache()
    house_way([relabel(c, suits) for c in hand])  # the memo's entry comes from another hand
    decision = house_way(hand)
    low, path = decide(hand)
    assert decision.path == path
    assert decision.two_value == two_value(low)
    assert decision.five_value == five_value([c for c in hand if c not in low])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=7, max_size=7), suit_maps)
def test_suits_outside_a_flush_never_matter(ranks: list[int], suits: list[int]) -> None:
    """Two hands with the same ranks and no possible flush get splits of equal value."""
    if max(ranks.count(r) for r in ranks) > 4:
        return
    seen: dict[int, int] = {}
    hand = []
    for rank in ranks:
        nth = seen.get(rank, 0)
        seen[rank] = nth + 1
        hand.append(rank * 4 + (nth + len(hand)) % 4)
    if len(set(hand)) < 7 or max(sum(SUIT_OF[c] == s for c in hand) for s in range(4)) >= 5:
        return
    other = [relabel(c, suits) for c in hand]
    low, _ = decide(hand)
    other_low, _ = decide(other)
    assert two_value(low) == two_value(other_low)
    assert five_value([c for c in hand if c not in low]) == five_value(
        [c for c in other if c not in other_low]
    )
