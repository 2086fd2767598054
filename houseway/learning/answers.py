"""What an answer is, once: the two ways to answer, a menu's values read into a typed
answer and checked against the hand or the options offered, one stored form, and one
judgement of it against the house way. The quiz, practice and the hand of the day use
this module, and nothing else decides whether an answer is valid or right.

*Set the hand* is right when the member's split has the house way's values (which of two
equal cards goes where does not matter, spec section 3's last paragraph); *Name the
rule* is right when the rule named is the one that decides.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from houseway.cards import NAMES, Card, HandError, card_from_name, format_cards, sort_key
from houseway.hands import display_order, five_value, is_legal, two_value
from houseway.way import Decision, same_house_way

Mode = Literal["set", "rule"]
#: The two ways to answer, in the order menus offer them.
MODES: Final[tuple[Mode, ...]] = ("set", "rule")


def mode_of(value: str) -> Mode:
    """A mode from outside (an option, a stored row): anything but "rule" is "set"."""
    return "rule" if value == "rule" else "set"


class AnswerError(ValueError):
    """Values no menu of the bot sends: not two different cards of the hand (``cards``),
    or not one of the rules offered (``rule``)."""

    def __init__(self, code: Literal["cards", "rule"]) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Answer:
    """A member's answer: the two-card hand (``set``, in canonical order) or the rule
    named (``rule``)."""

    mode: Mode
    two: tuple[Card, ...] = ()
    rule: str = ""

    @classmethod
    def of_two(cls, hand: Collection[Card], two: Sequence[Card]) -> Answer:
        """Two different cards of ``hand``, or AnswerError."""
        if len(two) != 2 or len(set(two)) != 2 or not set(two) <= set(hand):
            raise AnswerError("cards")
        return cls("set", tuple(sorted(two, key=sort_key)))

    def stored(self) -> str:
        """The one stored form: the two cards' canonical names, or the rule's id."""
        return format_cards(self.two) if self.mode == "set" else self.rule

    @classmethod
    def from_stored(cls, mode: Mode, text: str) -> Answer:
        """An answer as stored (older rows hold the two cards in the order picked)."""
        if mode == "rule":
            return cls("rule", rule=text)
        try:
            two = [card_from_name(name) for name in text.split()]
        except HandError:
            two = []
        return cls("set", tuple(sorted(two, key=sort_key)))


def parse_answer(
    mode: Mode, values: Sequence[str], hand: Collection[Card], offered: Collection[str]
) -> Answer:
    """A menu's values read and checked once: two different cards of ``hand``, or one rule
    among ``offered``; anything else (a forged or stale menu) is an AnswerError."""
    if mode == "rule":
        if len(values) != 1 or values[0] not in offered:
            raise AnswerError("rule")
        return Answer("rule", rule=values[0])
    names = {NAMES[card] for card in hand}
    if len(values) != 2 or not set(values) <= names:
        raise AnswerError("cards")
    return Answer.of_two(hand, [card_from_name(value) for value in values])


@dataclass(frozen=True)
class Judgement:
    """An answer beside the house way: right or wrong and, for a split, the member's two
    hands (the five in reading order) with their values and whether it fouls."""

    answer: Answer
    decision: Decision
    correct: bool
    five: tuple[Card, ...] = ()
    five_value: int = 0
    two_value: int = 0
    foul: bool = False


def judge(answer: Answer, decision: Decision) -> Judgement:
    """The one judgement of an answer (a split with the house way's values is right)."""
    if answer.mode == "rule":
        return Judgement(answer, decision, answer.rule == decision.rule)
    if len(answer.two) != 2 or not set(answer.two) <= set(decision.hand):  # a bad stored row
        return Judgement(answer, decision, False)
    five = [card for card in decision.hand if card not in answer.two]
    five_v, two_v = five_value(five), two_value(answer.two)
    return Judgement(
        answer,
        decision,
        same_house_way(five, answer.two, decision),
        display_order(five, five_v),
        five_v,
        two_v,
        not is_legal(five_v, two_v),
    )
