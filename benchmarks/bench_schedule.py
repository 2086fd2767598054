"""Does a schedule that also counts time teach the house way better? (issue #21)

Simulated learners practise "Set the hand" under four schedules, each seeing the same
learners, the same sessions and the same random streams (one per learner and purpose):

- ``leitner``: the bot's schedule, :class:`houseway.learning.practice.Schedule` itself (boxes, gaps
  of 1, 2, 4, 8, 16, 32 hands, the most overdue rule first, new rules most common first,
  otherwise a plain random deal);
- ``leitner+days``: the same schedule called with the rules whose time gap has not passed
  left out of ``eligible``: a rule is due after its hands gap *and* a time gap per box
  (``DAY_GAPS``, 0, 0, 1, 3, 7, 16 days);
- ``fsrs``: the ``fsrs`` package (``fsrs.Scheduler``, default parameters, desired retention
  0.9, fuzzing off so that runs repeat), one card per rule, rated Good for a right answer
  and Again for a wrong one; the next hand trains the most overdue card, else a rule not
  met yet, else a plain random deal, as the bot does;
- ``fsrs@0.97``: the same with desired retention 0.97 (more reviews, fewer random deals);
- ``fsrs+ahead``: the same, but when nothing is due it trains the card due soonest instead
  of dealing at random.

As in the bot, a hand is dealt for the chosen rule by ``path_for`` (a path containing it,
by its share), and the answer counts for every rule of the path, right only if it is right
for all of them.

**The learner.** Each rule has a memory whose recall probability falls in real time; a
learner answers a rule right with that probability (a rule never met: a guess, likelier
for easy rules), sees the house way afterwards, and the memory changes by the model:

- ``fsrs-like``: the curve and updates FSRS-6 itself assumes (its default parameters:
  power-law recall ``(1 + F t/S)^-0.1542``, a success strengthens a memory more the more
  of it had been forgotten, a lapse resets it to a fraction, reviews within a day change
  it little) but with each learner's own difficulty per rule (two pairs ace-jack, the
  four-of-a-kind bands and the hand-overs hard; one pair, high card easy), which the
  scheduler does not know. This is FSRS's own model of memory, so it favours FSRS.
- ``forgetful``: the same shape with a learner who forgets faster and gains less from a
  review (first stabilities x0.3, gains x0.5, post-lapse stability x0.5).
- ``drill``: no spacing effect: exponential forgetting ``exp(-t/S)`` and every success
  (an hour or more after the last review) multiplies the stability by the same factor
  however much had been forgotten; frequent review is never wasted here, which favours
  the hands-based schedule.

**Patterns** (20 hands a session, an answer every 20-70 s, sessions starting at a random
time between 17:00 and 22:00): ``daily``; ``twice a week`` (days 0 and 3 of each week);
``weekly 40`` (40 hands once a week); ``month away`` (daily, but away on days 30-59).

**Figures** (mean over the learners): the recall probability across the rules, weighted by
the hands each rule is applied to (``rule_counts()``, ``w``) and unweighted (``u``), at the
start of days 60, 62 and 90 (for ``month away`` day 60 is the morning of the return and 62
after two sessions back); the weakest rule at day 90 (its mean over the learners); the share
of hands answered right; ``sched``, the hands the schedule chose (the rest were plain
random deals: what a schedule costs, since a member plays as many hands as they like);
``hands``, all hands played.

Needs the ``fsrs`` package, which the bot does not: ``.venv/bin/pip install fsrs``.
Run: ``nice -n 10 .venv/bin/python benchmarks/bench_schedule.py [--learners 25] [--seed 2026]``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from importlib.metadata import version
from itertools import accumulate
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

try:
    import fsrs
except ImportError:  # pragma: no cover - the message is the point
    sys.exit("bench_schedule.py needs the fsrs package: .venv/bin/pip install fsrs")

from houseway.learning.practice import (  # noqa: E402
    RuleRecord,
    Schedule,
    eligible_rules,
    introduction_order,
    path_counts,
    path_for,
    rule_counts,
)

MODE = "set"
RULES = eligible_rules(MODE)
ORDER = {rule_id: i for i, rule_id in enumerate(introduction_order())}
WEIGHTS = rule_counts()
EPOCH = datetime(2026, 1, 5, tzinfo=UTC)
DAYS = 90
EVALUATION_DAYS = (60, 62, 90)
#: Days until a rule in box 0, 1, ... may come again, for ``leitner+days``.
DAY_GAPS = (0, 0, 1, 3, 7, 16)

#: Intrinsic difficulty of each rule (1 easy .. 10 hard), before each learner's own spread.
DIFFICULTY = {
    "one-pair": 2,
    "high-card": 2,
    "two-pairs.split": 5,
    "flush-straight.keep": 3,
    "three-of-a-kind": 3,
    "full-house": 4,
    "two-pairs.ace-jack": 8,
    "three-pairs": 5,
    "flush-straight.two-pairs": 7,
    "flush-straight.pair-moved": 7,
    "three-of-a-kind.aces": 6,
    "full-house.two-pairs": 7,
    "straight-flush.keep": 4,
    "four-of-a-kind.2-6": 8,
    "four-of-a-kind.aces": 7,
    "full-house.two-trips": 7,
    "four-of-a-kind.7-10": 8,
    "four-of-a-kind.extra-pair": 8,
    "four-of-a-kind.j-k": 8,
    "straight-flush.pair-moved": 8,
    "straight-flush.two-pairs": 8,
    "five-aces": 5,
}

# --- learners ---

W = fsrs.scheduler.DEFAULT_PARAMETERS
DECAY = -W[20]
FACTOR = 0.9 ** (1 / DECAY) - 1


@dataclass(frozen=True)
class Model:
    """How a learner's memory of a rule behaves (see the module docstring)."""

    name: str
    spacing: bool = True
    first: float = 1.0
    gain: float = 1.0
    lapse: float = 1.0


MODELS = (
    Model("fsrs-like"),
    Model("forgetful", first=0.3, gain=0.5, lapse=0.5),
    Model("drill", spacing=False),
)


@dataclass
class Learner:
    """One learner's memory: per rule a stability (days) and the time of the last review."""

    model: Model
    difficulty: dict[str, float]
    ability: float
    stability: dict[str, float] = field(default_factory=dict)
    last: dict[str, float] = field(default_factory=dict)

    @classmethod
    def draw(cls, model: Model, rng: random.Random) -> Learner:
        difficulty = {
            rule_id: min(10.0, max(1.0, DIFFICULTY[rule_id] + rng.gauss(0, 1))) for rule_id in RULES
        }
        return cls(model, difficulty, ability=math.exp(rng.gauss(0, 0.3)))

    def recall(self, rule_id: str, now: float) -> float:
        """Probability of answering the rule right from memory now (0 if never met)."""
        if rule_id not in self.stability:
            return 0.0
        elapsed, stability = now - self.last[rule_id], self.stability[rule_id]
        if self.model.spacing:
            return (1 + FACTOR * elapsed / stability) ** DECAY
        return math.exp(-elapsed / stability)

    def answer(self, rule_id: str, now: float, rng: random.Random) -> bool:
        """Answer a hand of the rule, then learn from the house way's feedback."""
        d = self.difficulty[rule_id]
        if rule_id not in self.stability:
            right = rng.random() < min(0.9, max(0.05, 0.85 - 0.09 * d))
            self.stability[rule_id] = self._first(d, right)
        else:
            recall = self.recall(rule_id, now)
            right = rng.random() < recall
            elapsed = now - self.last[rule_id]
            self.stability[rule_id] = self._next(self.stability[rule_id], d, recall, elapsed, right)
        self.last[rule_id] = now
        return right

    def _first(self, d: float, right: bool) -> float:
        """Stability (days) after the first hand of a rule and its feedback: less if hard."""
        if not self.model.spacing:
            return self.model.first * self.ability * math.exp(0.3 * (5 - d))
        return (W[2] if right else W[0]) * self.model.first * self.ability * math.exp(0.3 * (5 - d))

    def _next(self, s: float, d: float, recall: float, elapsed: float, right: bool) -> float:
        model = self.model
        if not model.spacing:
            if not right:
                return max(self._first(d, False), 0.5 * s * model.lapse)
            per_success = 1.5 if elapsed >= 1 / 24 else 0.5
            return s * (1 + per_success * (11 - d) / 10 * model.gain)
        if elapsed < 1:
            grade = 3 if right else 1
            change = math.exp(W[17] * (grade - 3 + W[18])) * s ** -W[19]
            return max(0.001, s * (max(change, 1.0) if right else change))
        if right:
            grow = math.exp(W[8]) * (11 - d) * s ** -W[9] * (math.exp((1 - recall) * W[10]) - 1)
            return s * (1 + grow * model.gain * self.ability)
        forget = W[11] * d ** -W[12] * ((s + 1) ** W[13] - 1) * math.exp((1 - recall) * W[14])
        return max(0.001, min(forget * model.lapse, s / math.exp(W[17] * W[18])))


# --- schedules ---


class Leitner:
    """The bot's schedule: ``houseway.learning.practice.Schedule`` and its records, in hands."""

    def __init__(self) -> None:
        self.schedule = Schedule()
        self.records: dict[str, RuleRecord] = {}
        self.hands = 0

    def next_rule(self, now: float) -> str | None:
        return self.schedule.next_rule(self.hands, self.records, RULES)

    def answered(self, rules: Sequence[str], correct: bool, now: float) -> None:
        self.hands += 1
        for rule_id in rules:
            self.records[rule_id] = self.schedule.after(
                self.records.get(rule_id), correct, self.hands
            )


class LeitnerDays(Leitner):
    """The same schedule, offered only the rules whose time gap (``DAY_GAPS``) has passed."""

    def __init__(self) -> None:
        super().__init__()
        self.last: dict[str, float] = {}

    def next_rule(self, now: float) -> str | None:
        eligible = [
            rule_id
            for rule_id in RULES
            if rule_id not in self.records
            or now - self.last[rule_id] >= DAY_GAPS[self.records[rule_id].box]
        ]
        return self.schedule.next_rule(self.hands, self.records, eligible)

    def answered(self, rules: Sequence[str], correct: bool, now: float) -> None:
        super().answered(rules, correct, now)
        for rule_id in rules:
            self.last[rule_id] = now


SCHEDULER = fsrs.Scheduler(enable_fuzzing=False)
SCHEDULER_97 = fsrs.Scheduler(desired_retention=0.97, enable_fuzzing=False)


class Fsrs:
    """One FSRS card per rule; ``ahead``: train the card due soonest when none is due."""

    def __init__(self, scheduler: fsrs.Scheduler = SCHEDULER, ahead: bool = False) -> None:
        self.scheduler = scheduler
        self.ahead = ahead
        self.cards: dict[str, fsrs.Card] = {}

    def next_rule(self, now: float) -> str | None:
        when = EPOCH + timedelta(days=now)
        waiting = [(card.due, ORDER[rule_id], rule_id) for rule_id, card in self.cards.items()]
        due = [item for item in waiting if item[0] <= when]
        if due:
            return min(due)[2]
        for rule_id in introduction_order():
            if rule_id not in self.cards:
                return rule_id
        return min(waiting)[2] if self.ahead else None

    def answered(self, rules: Sequence[str], correct: bool, now: float) -> None:
        when = EPOCH + timedelta(days=now)
        rating = fsrs.Rating.Good if correct else fsrs.Rating.Again
        for rule_id in rules:
            card = self.cards.get(rule_id) or fsrs.Card(card_id=ORDER[rule_id] + 1, due=when)
            self.cards[rule_id], _log = self.scheduler.review_card(card, rating, when)


SCHEDULES: dict[str, Callable[[], Leitner | Fsrs]] = {
    "leitner": Leitner,
    "leitner+days": LeitnerDays,
    "fsrs": Fsrs,
    "fsrs@0.97": lambda: Fsrs(SCHEDULER_97),
    "fsrs+ahead": lambda: Fsrs(ahead=True),
}

# --- sessions ---

PATTERNS: dict[str, Callable[[int], int]] = {
    "daily": lambda day: 20,
    "twice a week": lambda day: 20 if day % 7 in (0, 3) else 0,
    "weekly 40": lambda day: 40 if day % 7 == 0 else 0,
    "month away": lambda day: 0 if 30 <= day < 60 else 20,
}


def sessions(pattern: str, rng: random.Random) -> list[tuple[float, int]]:
    """(start in days since the first morning, hands) of every session of the 90 days."""
    hands_on = PATTERNS[pattern]
    return [(day + rng.uniform(17, 22) / 24, hands_on(day)) for day in range(DAYS) if hands_on(day)]


PATHS = tuple(path.split(",") for path in path_counts())
CUMULATIVE = tuple(accumulate(path_counts().values()))


@dataclass
class Outcome:
    weighted: dict[int, float]
    unweighted: dict[int, float]
    per_rule: dict[str, float]
    hands: int
    right: int
    random_deals: int


def practise(seed: int, learner_no: int, pattern: str, model: Model, name: str) -> Outcome:
    """One learner's 90 days under one schedule."""
    stream = f"{seed}/{pattern}/{model.name}/{learner_no}"
    learner = Learner.draw(model, random.Random(stream + "/learner"))
    plan = sessions(pattern, random.Random(stream + "/sessions"))
    answers = random.Random(stream + "/answers")
    dealer = random.Random(stream + "/deals")
    clock = random.Random(stream + "/clock")
    schedule = SCHEDULES[name]()
    weighted: dict[int, float] = {}
    unweighted: dict[int, float] = {}
    hands = right = random_deals = 0
    evaluations = list(EVALUATION_DAYS)

    def evaluate(day: int) -> None:
        recall = {rule_id: learner.recall(rule_id, day) for rule_id in RULES}
        total = sum(WEIGHTS[rule_id] for rule_id in RULES)
        weighted[day] = sum(WEIGHTS[r] * recall[r] for r in RULES) / total
        unweighted[day] = statistics.fmean(recall.values())

    for start, count in plan:
        while evaluations and evaluations[0] <= start:
            evaluate(evaluations.pop(0))
        now = start
        for _ in range(count):
            rule_id = schedule.next_rule(now)
            if rule_id is None:
                random_deals += 1
                path = dealer.choices(PATHS, cum_weights=CUMULATIVE)[0]
            else:
                path = path_for(rule_id, MODE, dealer).split(",")
            recalled = [learner.answer(rule, now, answers) for rule in path]
            correct = all(recalled)
            schedule.answered(path, correct, now)
            hands += 1
            right += correct
            now += clock.uniform(20, 70) / 86400
    for day in evaluations:
        evaluate(day)
    per_rule = {rule_id: learner.recall(rule_id, DAYS) for rule_id in RULES}
    return Outcome(weighted, unweighted, per_rule, hands, right, random_deals)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=25, help="learners per pattern")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    began = time.perf_counter()
    print(
        f"schedules on simulated learners: seed {args.seed}, {args.learners} learners per"
        f" pattern and model, {DAYS} days, mode {MODE!r}, fsrs {version('fsrs')}"
    )
    print(
        f"  leitner gaps {Schedule().gaps} hands; leitner+days also {DAY_GAPS} days;"
        f" fsrs default parameters, desired retention {SCHEDULER.desired_retention}"
        f" ({SCHEDULER_97.desired_retention} for fsrs@0.97),"
        f" learning steps {[int(s.total_seconds()) for s in SCHEDULER.learning_steps]} s, no fuzz"
    )
    print(
        "  learners: each rule's difficulty DIFFICULTY + N(0, 1) in 1..10, ability lognormal"
        " sigma 0.3; sessions start 17-22 h, an answer every 20-70 s"
    )
    print("  w = recall weighted by rule_counts(), u = unweighted; @N = start of day N")
    gains: dict[tuple[str, str, str], float] = {}
    for model in MODELS:
        print(f"\nlearner model {model}")
        print(
            f"  {'pattern':<13} {'schedule':<13} {'w@60':>6} {'w@62':>6} {'w@90':>6}"
            f" {'u@90':>6} {'weakest@90':>32} {'right':>6} {'sched':>6} {'hands':>6}"
        )
        for pattern in PATTERNS:
            for name in SCHEDULES:
                outcomes = [
                    practise(args.seed, n, pattern, model, name) for n in range(args.learners)
                ]

                def mean(figure: Callable[[Outcome], float], of: list[Outcome] = outcomes) -> float:
                    return statistics.fmean(figure(o) for o in of)

                w60, w62, w90 = (mean(lambda o, d=d: o.weighted[d]) for d in EVALUATION_DAYS)
                u90 = mean(lambda o: o.unweighted[90])
                weakest = min(RULES, key=lambda r: mean(lambda o, r=r: o.per_rule[r]))
                hands = mean(lambda o: o.hands)
                gains[(model.name, pattern, name)] = w90
                gains[(model.name, pattern, name + "@60")] = w60
                print(
                    f"  {pattern:<13} {name:<13} {w60:6.1%} {w62:6.1%} {w90:6.1%} {u90:6.1%}"
                    f" {weakest:>25} {mean(lambda o, r=weakest: o.per_rule[r]):6.1%}"
                    f" {mean(lambda o: o.right / o.hands):6.1%}"
                    f" {mean(lambda o: o.hands - o.random_deals):6.0f} {hands:6.0f}"
                )
    print("\nweighted recall at day 90 minus leitner's, percentage points (month away: at day 60)")
    others = [name for name in SCHEDULES if name != "leitner"]
    print(f"  {'model':<10} {'pattern':<13} " + " ".join(f"{n:>13}" for n in others))
    for model in MODELS:
        for pattern in PATTERNS:
            cells = []
            for name in others:
                d90 = gains[(model.name, pattern, name)] - gains[(model.name, pattern, "leitner")]
                cell = f"{d90 * 100:+.1f}"
                if pattern == "month away":
                    d60 = (
                        gains[(model.name, pattern, name + "@60")]
                        - gains[(model.name, pattern, "leitner@60")]
                    )
                    cell += f" ({d60 * 100:+.1f})"
                cells.append(f"{cell:>13}")
            print(f"  {model.name:<10} {pattern:<13} " + " ".join(cells))
    print(f"\n{time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
