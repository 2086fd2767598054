"""Practising alone: which rule comes next, the hand for it, the options and the verdict.

Independent of Discord and of storage: every function takes the member's record as it
is and returns what to do, so the schedule is a pure function of its inputs and the
tests assert it exactly.

**The schedule (Leitner boxes per rule).** Every rule id has a box for the member:
a right answer moves the rule up one box, a wrong one back to box 0. A rule in box *b*
is due again ``gaps[b]`` hands after it was last answered (counted in the member's
hands, not in days: practice comes in sessions, and a member who is away for a week
finds the same order when back). The next hand trains, in this order:

1. the most overdue rule (the smallest due hand; ties: the lower box, then the rules'
   order of introduction);
2. when nothing is due, the next rule the member has not met, most common first (one
   pair, two pairs split, high card, …, five aces last), so that every rule comes up;
3. when nothing is due and every rule has been met, a plain random deal.

A rule is practised by dealing a hand the house way sets with it: a path containing
the rule is chosen by its share of all hands, then a uniformly random hand of that
path (:class:`houseway.analysis.exact.PathSampler`, which the caller passes in).

**What an answer counts for.** Setting a hand tests every rule on its path (the
flush rule that hands over *and* the two-pair rule that sets it); naming the rule
tests the deciding rule only.

**Options for "name the rule".** The deciding rule and three others, chosen by how
plausible they are for this hand (:func:`rule_options`): first the other rules of the
same step of the procedure (the four-of-a-kind bands for a four of a kind), then the
rules of every other step whose heading the hand meets (a flush with a pair also
"has a pair"), or the same branch of the parallel step (straight flush / flush or
straight), then the steps the hand nearly meets (three of a kind for four of a kind,
four to a flush or a straight for the flush rules, a pair for two pairs and for three
of a kind); ties broken at random. Only rules that can decide a hand are offered: the
two "…two-pairs" hand-overs never end a path, so they are never the answer.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from houseway.cards import ACE, JOKER, RANK_OF, SUIT_OF, Card
from houseway.hands import STRAIGHT_WINDOWS, display_order, five_value, two_value
from houseway.language import Lang
from houseway.learning.answers import Answer, judge
from houseway.rules import RULE_IDS, heading_of, rule_summary
from houseway.shape import splits
from houseway.way import Decision

#: Hands until a rule in box 0, 1, 2, ... is due again.
GAPS: Final = (1, 2, 4, 8, 16, 32)
OPTIONS: Final = 4

#: Draws a hand of a house-way path (``PathSampler.draw``).
Draw = Callable[[str, random.Random], Sequence[Card]]


@cache
def path_counts() -> dict[str, int]:
    """Hands per house-way path (comma-joined ids), from the shipped census."""
    text = resources.files("houseway").joinpath("data/census.json").read_text("utf-8")
    return {path: int(count) for path, count in json.loads(text)["paths"].items()}


@cache
def rule_counts() -> dict[str, int]:
    """Hands whose path contains each rule id, from the shipped census."""
    counts = dict.fromkeys(RULE_IDS, 0)
    for path, count in path_counts().items():
        for rule_id in path.split(","):
            counts[rule_id] += count
    return counts


@cache
def deciding_rules() -> tuple[str, ...]:
    """Rule ids that end some path: the possible answers to "name the rule"."""
    last = {path.split(",")[-1] for path in path_counts()}
    return tuple(rule_id for rule_id in RULE_IDS if rule_id in last)


def eligible_rules(mode: str) -> tuple[str, ...]:
    """The rules a mode can practise: every rule when setting hands, deciding ones otherwise."""
    return deciding_rules() if mode == "rule" else RULE_IDS


@cache
def introduction_order() -> tuple[str, ...]:
    """Most common first, so a new learner starts where most hands are."""
    counts = rule_counts()
    return tuple(sorted(RULE_IDS, key=lambda rule_id: (-counts[rule_id], rule_id)))


# --- the schedule ---


@dataclass(frozen=True)
class RuleRecord:
    """A member's record for one rule: its Leitner box and the hand count when it is due."""

    box: int
    due: int
    answered: int = 0
    right: int = 0


@dataclass(frozen=True)
class Schedule:
    """Leitner boxes; ``gaps`` is passed in so a deployment (or a test) may change them."""

    gaps: tuple[int, ...] = GAPS

    def next_rule(
        self, step: int, records: Mapping[str, RuleRecord], eligible: Collection[str]
    ) -> str | None:
        """The rule the next hand trains, or None for a plain random deal.

        ``step`` is how many hands the member has answered; ``records`` their rules.
        """
        order = {rule_id: i for i, rule_id in enumerate(introduction_order())}
        due = [
            (record.due, record.box, order[rule_id], rule_id)
            for rule_id, record in records.items()
            if rule_id in eligible and record.due <= step
        ]
        if due:
            return min(due)[3]
        for rule_id in introduction_order():
            if rule_id in eligible and rule_id not in records:
                return rule_id
        return None

    def upcoming(
        self,
        step: int,
        records: Mapping[str, RuleRecord],
        eligible: Collection[str],
        count: int = 3,
    ) -> list[tuple[str, int, bool]]:
        """The next ``count`` different rules the member's hands will train if every answer
        is right (the schedule played forward): each with how many hands from now (0: the
        next hand) and whether it is new to the member."""
        ahead = dict(records)
        found: list[tuple[str, int, bool]] = []
        for later in range(count * len(self.gaps) * 4):
            rule_id = self.next_rule(step + later, ahead, eligible)
            if rule_id is None:
                continue
            if all(rule_id != seen for seen, _, _ in found):
                found.append((rule_id, later, rule_id not in records))
                if len(found) == count:
                    break
            ahead[rule_id] = self.after(ahead.get(rule_id), True, step + later + 1)
        return found

    def after(self, record: RuleRecord | None, correct: bool, step: int) -> RuleRecord:
        """The record once the member answered a hand of the rule; ``step`` counts that hand."""
        box = min((record.box + 1 if record else 1) if correct else 0, len(self.gaps) - 1)
        answered = (record.answered if record else 0) + 1
        right = (record.right if record else 0) + int(correct)
        return RuleRecord(box=box, due=step + self.gaps[box], answered=answered, right=right)


def rules_of_answer(mode: str, path: Sequence[str]) -> tuple[str, ...]:
    """The rules an answer counts for: the whole path when setting, the decider when naming."""
    return (path[-1],) if mode == "rule" else tuple(dict.fromkeys(path))


def path_for(rule_id: str, mode: str, rng: random.Random) -> str:
    """A house-way path that trains ``rule_id`` in ``mode``, by its share of all hands:
    naming the rule, a path it decides; setting the hand, any path it is on. A rule that
    never decides (``straight-flush.two-pairs`` hands over to the two-pairs rules) is
    trained on the paths it is on in either mode, so "More like this" always deals."""
    on_path = [(path, count) for path, count in path_counts().items() if rule_id in path.split(",")]
    deciding = [(path, count) for path, count in on_path if path.split(",")[-1] == rule_id]
    candidates = deciding if mode == "rule" and deciding else on_path
    if not candidates:
        raise ValueError(f"no path trains {rule_id!r} in mode {mode!r}")
    paths = [path for path, _count in candidates]
    weights = [count for _path, count in candidates]
    return rng.choices(paths, weights=weights)[0]


def hand_for(rule_id: str, mode: str, draw: Draw, rng: random.Random) -> tuple[Card, ...]:
    """A uniformly random hand of a path (chosen by share) that trains the rule."""
    return tuple(draw(path_for(rule_id, mode, rng), rng))


# --- "name the rule": plausible options ---


def _near_straight(ranks: int, joker: bool, need: int) -> bool:
    return any((window & ranks).bit_count() + joker >= need for window in STRAIGHT_WINDOWS)


def _features(hand: Sequence[Card]) -> tuple[set[str], set[str]]:
    """(headings the hand meets, headings it nearly meets), by the procedure's groups."""
    groups: dict[int, int] = {}
    for card in hand:
        groups[RANK_OF[card]] = groups.get(RANK_OF[card], 0) + 1
    sizes = sorted(groups.values(), reverse=True)
    joker = JOKER in hand
    pairs = sizes.count(2)
    suits = [SUIT_OF[c] for c in hand if c != JOKER]
    most_suited = max((suits.count(s), s) for s in range(4))
    ranks = 0
    suited_ranks = 0
    for card in hand:
        if card != JOKER:
            ranks |= 1 << RANK_OF[card]
            if SUIT_OF[card] == most_suited[1]:
                suited_ranks |= 1 << RANK_OF[card]
    flush = most_suited[0] + joker >= 5
    straight = _near_straight(ranks, joker, 5)
    straight_flush = _near_straight(suited_ranks, joker, 5) and flush
    met = {"high-card"}
    near: set[str] = set()
    if groups.get(ACE, 0) >= 5:
        met.add("five-aces")
    elif groups.get(ACE, 0) >= 3:
        near.add("five-aces")
    if straight_flush:
        met.add("straight-flush")
    elif _near_straight(suited_ranks, joker, 4) and most_suited[0] + joker >= 4:
        near.add("straight-flush")
    if sizes[0] == 4:
        met.add("four-of-a-kind")
    elif sizes[0] == 3:
        near.add("four-of-a-kind")
    if sizes[0] >= 3 and sizes[1] >= 2:
        met.add("full-house")
    elif sizes[0] == 3 or pairs >= 2:
        near.add("full-house")
    if flush or straight:
        met.add("flush-straight")
    elif most_suited[0] + joker >= 4 or _near_straight(ranks, joker, 4):
        near.add("flush-straight")
    if 3 in sizes:
        met.add("three-of-a-kind")
    elif pairs:
        near.add("three-of-a-kind")
    if pairs >= 2:
        met.add("two-pairs")
    elif pairs:
        near.add("two-pairs")
    if pairs:
        met.add("one-pair")
    return met, near


def plausibility(rule_id: str, decision: Decision) -> int:
    """How plausible ``rule_id`` is as a wrong answer for the hand (3 most, 0 least)."""
    deciding = decision.rule
    if heading_of(rule_id) == heading_of(deciding):
        return 3
    met, near = _features(decision.hand)
    if heading_of(rule_id) in met:
        return 2
    branch = rule_id.partition(".")[2]
    parallel = {"straight-flush", "flush-straight"}
    same_branch = branch and branch == deciding.partition(".")[2]
    if same_branch and {heading_of(rule_id), heading_of(deciding)} == parallel:
        return 2
    return 1 if heading_of(rule_id) in near else 0


def _described(rule_id: str) -> tuple[str, ...]:
    """How a menu describes a rule, in every language (its one-line summary)."""
    return tuple(rule_summary(rule_id, lang) for lang in Lang)


def rule_options(decision: Decision, rng: random.Random, count: int = OPTIONS) -> list[str]:
    """The deciding rule and ``count - 1`` plausible wrong ones, shuffled; never two whose
    descriptions are the same in some language (a straight flush's and a flush's "the pair
    moves" read alike: a member could not tell them apart by what the menu says)."""
    candidates = [rule_id for rule_id in deciding_rules() if rule_id not in decision.path]
    rng.shuffle(candidates)  # ties at random; the sort below is stable
    candidates.sort(key=lambda rule_id: -plausibility(rule_id, decision))
    options = [decision.rule]
    for rule_id in candidates:
        said = set(_described(rule_id))
        if len(options) < count and not any(said & set(_described(o)) for o in options):
            options.append(rule_id)
    rng.shuffle(options)
    return options


# --- the verdict ---


#: A split's cards: the five-card hand in reading order, the two-card hand high to low.
Split = tuple[tuple[Card, ...], tuple[Card, ...]]


@dataclass(frozen=True)
class Verdict:
    """A member's split beside the house way, with what it gives up (EV per unit bet).

    ``member_ev`` is None when no analysis was at hand; a fouled split loses every hand
    (spec section 6), so its EV is -1.
    """

    correct: bool
    five: tuple[Card, ...]
    two: tuple[Card, ...]
    five_value: int
    two_value: int
    foul: bool
    member_ev: float | None = None
    house_ev: float | None = None
    best_ev: float | None = None
    #: The best split's cards (five in reading order, two high to low), with the EVs.
    best: Split | None = None

    @property
    def behind_house(self) -> float | None:
        """What the member's split gives up against the house way (negative: it gains)."""
        if self.member_ev is None or self.house_ev is None:
            return None
        return self.house_ev - self.member_ev

    @property
    def behind_best(self) -> float | None:
        if self.member_ev is None or self.best_ev is None:
            return None
        return self.best_ev - self.member_ev


FOUL_EV: Final = -1.0


def verdict(
    decision: Decision,
    two: Sequence[Card],
    evs: Mapping[tuple[int, int], float] | None = None,
) -> Verdict:
    """Judge the member's two-card hand against the house way (equal value is right).

    ``evs`` maps each legal split's (five value, two value) to its exact EV.
    """
    hand = decision.hand
    judged = judge(Answer.of_two(hand, two), decision)  # AnswerError: not two of the hand
    five_v, two_v, foul, correct = judged.five_value, judged.two_value, judged.foul, judged.correct
    member_ev = house_ev = best_ev = None
    best = None
    if evs:
        house_ev = evs[(decision.five_value, decision.two_value)]
        best_key = max(evs, key=lambda key: (evs[key], key[1], key[0]))
        best_ev = evs[best_key]
        member_ev = FOUL_EV if foul else evs[(five_v, two_v)]
        best = split_of(hand, best_key)
    return Verdict(
        correct=correct,
        five=judged.five,
        two=display_order(judged.answer.two),
        five_value=five_v,
        two_value=two_v,
        foul=foul,
        member_ev=member_ev,
        house_ev=house_ev,
        best_ev=best_ev,
        best=best,
    )


def split_of(hand: Sequence[Card], key: tuple[int, int]) -> Split:
    """Cards of the hand that make the split with these values (the house way's own
    cards are not needed: any choice with the same values plays the same)."""
    for low, five in splits(hand):
        five_v = five_value(five)
        if (five_v, two_value(low)) == key:
            return display_order(five, five_v), display_order(low)
    raise ValueError(f"no split of the hand has the values {key}")


def exact_evs(hand: Sequence[Card]) -> dict[tuple[int, int], float]:
    """Every legal split's exact EV by (five value, two value): what a verdict needs.

    Meant for a worker process: numpy and the class table load on the first call.
    """
    from houseway.analysis.analyze import analyze

    return {(split.five_value, split.two_value): split.ev for split in analyze(tuple(hand)).splits}
