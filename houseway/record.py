"""What the house way decided, and the record of how: the types :mod:`houseway.way` fills.

A :class:`Decision` is the split and the path of rule ids; the fast front gives only
that. A :class:`Trace` is the same decision with the procedure's own record of it,
built on request (:func:`houseway.way.house_way_traced`): every heading of spec
section 3 the procedure checked on these cards, the one it met and why, the ones it
passed over and why, with the cards each looked at. Explanations and mistakes
(:mod:`houseway.learning.explain`) only say this record; they decide nothing themselves.
"""

from __future__ import annotations

from typing import NamedTuple

from houseway.cards import Card
from houseway.hands import category_name, two_name
from houseway.language import Lang

Cards = tuple[Card, ...]


class Decision(NamedTuple):
    """The dealer's split of one hand and why.

    ``path`` holds the rule ids that decided, first to last; ``rule`` is the last.
    ``five`` is in display order (groups first, high to low).
    """

    hand: tuple[Card, ...]
    five: tuple[Card, ...]
    two: tuple[Card, ...]
    path: tuple[str, ...]
    five_value: int
    two_value: int

    @property
    def rule(self) -> str:
        return self.path[-1]

    def five_name(self, lang: Lang = Lang.EN) -> str:
        return category_name(self.five_value, lang)

    def two_name(self, lang: Lang = Lang.EN) -> str:
        return two_name(self.two_value, lang)


#: Why a step went as it did (:attr:`Step.why`), where its cards alone do not say it.
WHY_NO_ACE = "no-ace"  # two pairs: the highest single is not an ace
WHY_BELOW_JACK = "below-jack"  # two pairs: an ace, but the next single is below a jack
WHY_KEPT = "kept"  # quads of 7-K: the single that keeps them is there
WHY_SPLIT = "split"  # quads of 7-K: it is not
WHY_SEVERAL = "several"  # a straight or flush kept: more than one five could be kept
#: A straight or flush passed over names the heading that came first (a rule id's head):
#: ``"four-of-a-kind"`` or ``"full-house"``.


class Step(NamedTuple):
    """One heading (or branch) of spec section 3 as the procedure met it on one hand.

    ``rule`` is the rule id the step is about; ``applies`` whether it decided (the ids of
    the steps that apply are the decision's path, in order); ``cards`` the hand's cards it
    looked at, in display order. The other fields are what it weighed: ``groups`` the
    groups of equal rank it named (in the order it weighed them), ``singles`` the single
    cards it read (highest first), ``found`` the five-card hand that made the heading
    (a straight, flush or straight flush) with its value, ``rest`` the five cards that
    moving a pair would leave with theirs, ``why`` a word from the ``WHY_…`` constants
    (or the heading that came first), and ``choice`` — on the deciding step — which of
    several equal cards went low and which stayed, where that changed the five-card hand.
    """

    rule: str
    applies: bool
    cards: Cards
    groups: tuple[Cards, ...] = ()
    singles: Cards = ()
    found: Cards = ()
    found_value: int = -1
    rest: Cards = ()
    rest_value: int = -1
    why: str = ""
    choice: tuple[Cards, Cards] | None = None


class Holdings(NamedTuple):
    """What the hand holds as the headings ask for it, whichever heading decided: its
    aces (the joker among them), pairs, trips and quads (highest first), the best five
    cards that make a straight, flush or straight flush (-1 for none) and whether that is
    a straight flush."""

    aces: Cards
    pairs: tuple[Cards, ...]
    trips: tuple[Cards, ...]
    quads: tuple[Cards, ...]
    straightish_value: int
    straight_flush: bool


class Trace(NamedTuple):
    """A decision and the procedure's record of how it was reached (see the module)."""

    decision: Decision
    steps: tuple[Step, ...]
    holds: Holdings

    @property
    def path(self) -> tuple[str, ...]:
        return tuple(step.rule for step in self.steps if step.applies)

    @property
    def deciding(self) -> Step:
        """The last step that applies: the one whose rule id is the decision's rule."""
        return next(step for step in reversed(self.steps) if step.applies)
