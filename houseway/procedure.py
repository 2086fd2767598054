"""The House Way decision procedure, spec section 3, step by step: each rule in one place.

:func:`decide` follows the spec heading by heading; every branch names the rule id it
applies, so the path of ids says exactly which sentence of the Swedish text set the
hand. Given a list, it also records each step it took (:class:`~houseway.record.Step`):
the headings it checked, the one it met and why, the ones it passed over and why, with
the cards each looked at. What only the record needs (the straight a pair would leave,
the best five of a heading, which equal cards mattered) is computed only then, so the
memoised front (:func:`houseway.way.house_way`), which records nothing, stays as fast.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from houseway.cards import ACE, JACK, JOKER, KING, RANK_OF, SIX, TEN, Card
from houseway.hands import (
    CATEGORY_AT,
    TWO_PLACES,
    Category,
    category_of,
    display_order,
    five_value,
    is_legal,
    split_five_values,
    two_value,
)
from houseway.record import (
    WHY_BELOW_JACK,
    WHY_KEPT,
    WHY_NO_ACE,
    WHY_SEVERAL,
    WHY_SPLIT,
    Step,
)
from houseway.shape import (
    FLUSH_OR_STRAIGHT,
    STRAIGHT_FLUSH_ONLY,
    STRAIGHTISH,
    Groups,
    aces,
    best_five,
    flush_suit,
    groups_of,
    has_straight,
    has_straight_flush,
    of_size,
    rank_mask,
    singles,
)

__all__ = ["Low", "Steps", "decide"]

#: What the procedure records into, or None on the hot path (nothing recorded).
Steps = list[Step] | None
#: The two-card hand and the path of rule ids.
Low = tuple[tuple[Card, ...], tuple[str, ...]]


# --- the procedure, step by step -----------------------------------------------------------


def _best_low(cards: Sequence[Card], categories: frozenset[Category]) -> tuple[Card, Card]:
    """The legal split with the highest two-card hand whose five is in ``categories``.

    Ties go to the higher five-card hand (spec section 3, "best low").
    """
    best: tuple[int, int] | None = None
    best_low: tuple[Card, Card] | None = None
    for (first, second), five_v in zip(TWO_PLACES, split_five_values(cards), strict=True):
        if five_v >> CATEGORY_AT not in categories:  # an IntEnum set holds the ints
            continue
        low = (cards[first], cards[second])
        two_v = two_value(low)
        if not is_legal(five_v, two_v):
            continue
        if best is None or (two_v, five_v) > best:
            best, best_low = (two_v, five_v), low
    assert best_low is not None, "a straight/flush hand always has a keeping split"
    return best_low


def _found(cards: Sequence[Card], categories: frozenset[Category]) -> tuple[int, tuple[Card, ...]]:
    """For the record: the best five cards that make the heading, in display order."""
    found = best_five(cards, categories)
    assert found is not None, "the heading was met, so its hand is there"
    return found[0], display_order(found[1], found[0])


def _straightish(
    cards: Sequence[Card], prefix: str, keep: frozenset[Category], groups: Groups, steps: Steps
) -> Low:
    """Steps 2 and 5: the straight-flush rules, shared by flushes and straights."""
    pairs = of_size(groups, 2)
    value, shown = _found(cards, keep) if steps is not None else (-1, ())
    if len(pairs) >= 2:
        if steps is not None:
            paired = tuple(c for p in pairs for c in p if c not in shown)
            named = tuple(map(tuple, pairs))
            steps.append(
                Step(f"{prefix}.two-pairs", True, (*shown, *paired), named, (), shown, value)
            )
        low, path = _two_pairs(groups, steps)
        return low, (f"{prefix}.two-pairs", *path)
    if len(pairs) == 1:
        rest = [c for c in cards if c not in pairs[0]]
        rest_v = five_value(rest)
        moved = rest_v >> CATEGORY_AT in STRAIGHTISH
        if steps is not None:
            left = display_order(rest, rest_v)
            pair = tuple(pairs[0])
            steps.append(
                Step(
                    f"{prefix}.pair-moved",
                    moved,
                    (*pair, *left),
                    (pair,),
                    (),
                    shown,
                    value,
                    left,
                    rest_v,
                )
            )
        if moved:
            return tuple(pairs[0]), (f"{prefix}.pair-moved",)
    low = _best_low(cards, keep)
    if steps is not None:
        several = sum(category_of(five_value(f)) in keep for f in combinations(cards, 5)) > 1
        trips = tuple(map(tuple, of_size(groups, 3)))[:1] if prefix == "flush-straight" else ()
        why = WHY_SEVERAL if several else ""
        # Its cards (the five kept and the two) are the final ones: decide() sets them.
        steps.append(Step(f"{prefix}.keep", True, (), trips, (), shown, value, why=why))
    return low, (f"{prefix}.keep",)


def _passed_over(cards: Sequence[Card], suit: int, first: str, steps: Steps) -> None:
    """For the record: a flush or straight that heading 5 would see, where ``first``
    (four of a kind, a full house) comes before it."""
    if steps is not None and (suit >= 0 or has_straight(rank_mask(cards), JOKER in cards)):
        value, shown = _found(cards, FLUSH_OR_STRAIGHT)
        steps.append(
            Step("flush-straight.keep", False, shown, found=shown, found_value=value, why=first)
        )


def _two_pairs(groups: Groups, steps: Steps) -> Low:
    """Step 7: two pairs (ace-jack exception) and three pairs (a supplement)."""
    pairs = of_size(groups, 2)
    if len(pairs) >= 3:
        if steps is not None:
            named = tuple(map(tuple, pairs))
            steps.append(Step("three-pairs", True, tuple(c for p in pairs for c in p), named))
        return tuple(pairs[0]), ("three-pairs",)
    alone = singles(groups)
    high, low_pair = tuple(pairs[0]), tuple(pairs[1])
    first, second = alone[0], alone[1]
    ace_jack = RANK_OF[first] == ACE and RANK_OF[second] >= JACK
    if steps is not None:
        why = "" if ace_jack else WHY_BELOW_JACK if RANK_OF[first] == ACE else WHY_NO_ACE
        looked_at = (*high, *low_pair, first, second)
        steps.append(
            Step(
                "two-pairs.ace-jack",
                ace_jack,
                looked_at,
                (high, low_pair),
                (first, second),
                why=why,
            )
        )
    if ace_jack:
        return (first, second), ("two-pairs.ace-jack",)
    if steps is not None:
        steps.append(Step("two-pairs.split", True, (*low_pair, *high), (low_pair, high)))
    return low_pair, ("two-pairs.split",)


def _four_of_a_kind(groups: Groups, steps: Steps) -> Low:
    """Step 3."""
    quads = of_size(groups, 4)[0]
    rank = RANK_OF[quads[0]]
    others = [g for r, g in groups.items() if r != rank and len(g) >= 2]  # highest first
    four = tuple(quads)
    if others:
        if steps is not None:
            other = tuple(others[0])
            steps.append(Step("four-of-a-kind.extra-pair", True, (*four, *other), (four, other)))
        return tuple(others[0][:2]), ("four-of-a-kind.extra-pair",)
    alone = singles(groups)
    keep = (alone[0], alone[1])
    split = (quads[0], quads[1])
    top = RANK_OF[alone[0]]
    if rank == ACE:
        rule, kept, looked_at = "four-of-a-kind.aces", False, four
    elif rank <= SIX:
        rule, kept, looked_at = "four-of-a-kind.2-6", True, (*four, *keep)
    else:
        rule = "four-of-a-kind.7-10" if rank <= TEN else "four-of-a-kind.j-k"
        kept = top >= KING if rank <= TEN else top == ACE
        looked_at = (*four, alone[0])
    if steps is not None:
        why = (WHY_KEPT if kept else WHY_SPLIT) if rule.endswith(("7-10", "j-k")) else ""
        steps.append(Step(rule, True, looked_at, (four,), looked_at[4:], why=why))
    return (keep if kept else split), (rule,)


def _full_house(groups: Groups, steps: Steps) -> Low:
    """Step 4, with the supplements for two pairs and two trips."""
    trips = of_size(groups, 3)
    pairs = of_size(groups, 2)
    if len(trips) >= 2:
        low, rule, named = tuple(trips[0][:2]), "full-house.two-trips", trips[:2]
    elif len(pairs) >= 2:
        low, rule, named = tuple(pairs[0]), "full-house.two-pairs", [trips[0], *pairs[:2]]
    else:
        low, rule, named = tuple(pairs[0]), "full-house", [trips[0], pairs[0]]
    if steps is not None:
        steps.append(Step(rule, True, tuple(c for g in named for c in g), tuple(map(tuple, named))))
    return low, (rule,)


def _three_of_a_kind(groups: Groups, steps: Steps) -> Low:
    """Step 6: the trips stay, unless they are aces."""
    trips = tuple(of_size(groups, 3)[0])
    alone = singles(groups)
    looked_at: tuple[Card, ...]
    if RANK_OF[trips[0]] == ACE:
        low, rule, looked_at = (trips[0], alone[0]), "three-of-a-kind.aces", (alone[0],)
    else:
        low, rule, looked_at = (alone[0], alone[1]), "three-of-a-kind", (alone[0], alone[1])
    if steps is not None:
        steps.append(Step(rule, True, (*trips, *looked_at), (trips,), looked_at))
    return low, (rule,)


def _one_pair(groups: Groups, steps: Steps) -> Low:
    """Step 8: the pair stays, the two highest singles go low."""
    alone = singles(groups)
    if steps is not None:
        pair = tuple(of_size(groups, 2)[0])
        steps.append(
            Step("one-pair", True, (*pair, alone[0], alone[1]), (pair,), (alone[0], alone[1]))
        )
    return (alone[0], alone[1]), ("one-pair",)


def _high_card(groups: Groups, steps: Steps) -> Low:
    """Step 9: the highest card stays, the next two go low."""
    alone = singles(groups)
    if steps is not None:
        steps.append(Step("high-card", True, tuple(alone[:3]), (), tuple(alone[:3])))
    return (alone[1], alone[2]), ("high-card",)


def _best_of_equal(
    cards: Sequence[Card], low: tuple[Card, ...], groups: Groups
) -> tuple[Card, ...]:
    """Of cards of one rank, send low those that leave the best five-card hand (section 3).

    The two-card hand keeps its value whichever equal cards go (the joker low is an ace);
    only the five-card hand can change, and only where the joker or a suited ace stays to
    keep a flush or a straight. Ties keep the first choice in group order (natural cards
    before the joker, lowest suit first).
    """
    if sum(len(groups[rank]) for rank in {RANK_OF[c] for c in low}) == len(low):
        return low  # all the cards of those ranks go low: there is nothing to choose
    places: dict[int, list[int]] = {}
    for place, card in enumerate(low):
        places.setdefault(RANK_OF[card], []).append(place)
    best, best_value = low, -1
    for picks in product(*(combinations(groups[rank], len(at)) for rank, at in places.items())):
        candidate = list(low)
        for at, picked in zip(places.values(), picks, strict=True):
            for place, card in zip(at, picked, strict=True):
                candidate[place] = card
        value = five_value([c for c in cards if c not in candidate])
        if value > best_value:
            best, best_value = tuple(candidate), value
    return best


def _equal_choice(
    cards: Sequence[Card], low: tuple[Card, ...], groups: Groups
) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    """For the record: of the ranks sent low (highest first), the first whose choice of
    equal cards changed the five-card hand: the cards of it that went low, those that
    stayed."""
    for rank in sorted({RANK_OF[c] for c in low}, reverse=True):
        went = tuple(c for c in low if RANK_OF[c] == rank)
        others = [c for c in low if RANK_OF[c] != rank]
        values = {
            five_value([c for c in cards if c not in (*picked, *others)])
            for picked in combinations(groups[rank], len(went))
        }
        if len(values) > 1:
            return went, tuple(c for c in groups[rank] if c not in went)
    return None


def decide(cards: Sequence[Card], steps: Steps = None) -> tuple[tuple[Card, ...], tuple[str, ...]]:
    """The two-card hand and the path of rule ids, straight from spec section 3.

    With a list for ``steps``, every step taken is appended to it (the slow path that
    explanations read); without, nothing is recorded.
    """
    groups = groups_of(cards)
    low, path = _decide(cards, groups, steps)
    low = _best_of_equal(cards, low, groups)
    if steps:
        last = steps[-1]
        if last.rule.endswith(".keep") and last.applies:
            five = [c for c in cards if c not in low]
            last = last._replace(cards=(*display_order(five), *low))
        steps[-1] = last._replace(choice=_equal_choice(cards, low, groups))
    return low, path


def _decide(cards: Sequence[Card], groups: Groups, steps: Steps) -> Low:
    """Which ranks go low and why; :func:`decide` then picks among cards of equal rank."""
    sizes = sorted(map(len, groups.values()), reverse=True)
    if len(aces(groups)) == 5:
        if steps is not None:
            five_aces = tuple(groups[ACE])
            steps.append(Step("five-aces", True, five_aces, (five_aces,)))
        return tuple(groups[ACE][:2]), ("five-aces",)
    suit = flush_suit(cards)
    if has_straight_flush(cards, suit):
        return _straightish(cards, "straight-flush", STRAIGHT_FLUSH_ONLY, groups, steps)
    if sizes[0] == 4:
        _passed_over(cards, suit, "four-of-a-kind", steps)
        return _four_of_a_kind(groups, steps)
    if sizes[0] == 3 and sizes[1] >= 2:
        _passed_over(cards, suit, "full-house", steps)
        return _full_house(groups, steps)
    if suit >= 0 or has_straight(rank_mask(cards), JOKER in cards):
        return _straightish(cards, "flush-straight", FLUSH_OR_STRAIGHT, groups, steps)
    if sizes[0] == 3:
        return _three_of_a_kind(groups, steps)
    if sizes[0] == 2:
        return _two_pairs(groups, steps) if sizes[1] == 2 else _one_pair(groups, steps)
    return _high_card(groups, steps)
