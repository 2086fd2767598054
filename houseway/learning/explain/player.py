"""Why the player's way sets a hand otherwise than the house, on the hand's own cards.

The player's way's rule that changed the split records what it read
(:class:`houseway.strategy.PlayerStep`): the pairs, the single cards, the two-card hand it
set. :func:`explain_player` says that record in Swedish and English, as the house way's
explanations say the procedure's record; nothing here decides. Where no rule of the
player's way changes the split, the house way's own explanation
(:func:`houseway.learning.explain.explain`) is the player's way's too.
"""

from __future__ import annotations

from collections.abc import Callable

from houseway.cards import JACK, NINE, QUEEN, RANK_OF, TEN, Card
from houseway.language import Lang
from houseway.learning.explain.mistakes import Said
from houseway.learning.explain.words import a_hand, ace_note, joker_note, plural, show
from houseway.strategy import PlayerDecision, PlayerStep

__all__ = ["explain_player"]


def explain_player(decision: PlayerDecision) -> Said | None:
    """The rule of the player's way that changed the split, said on the hand's cards; None
    where the house way's split stands (its explanation is then the house way's)."""
    step = decision.step
    if step is None:
        return None
    sv, en = _BY_RULE[step.rule](step, decision)
    return Said(step.rule, sv, en)


def _one(card: Card, lang: Lang) -> str:
    """A single card, the joker said as the ace it counts as."""
    return show((card,)) + ace_note((card,), lang)


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def _pairs_opening(step: PlayerStep, beside_sv: str, beside_en: str) -> tuple[str, str]:
    high, low = step.groups
    return (
        f"Två par, {show(high)}{ace_note(high, Lang.SV)} och {show(low)}, {beside_sv}.",
        f"Two pairs, {show(high)}{ace_note(high, Lang.EN)} and {show(low)}, {beside_en}.",
    )


#: The bands of rule 1 above nines: (high pair's rank, its words with the lows it allows).
_TOGETHER_BANDS = {
    TEN: ("tior med femmor eller lägre", "tens with fives or lower"),
    JACK: ("knektar med fyror eller lägre", "jacks with fours or lower"),
    QUEEN: ("damer med treor eller tvåor", "queens with threes or twos"),
}


def _ace_together(step: PlayerStep, decision: PlayerDecision) -> tuple[str, str]:
    ace = step.singles[0]
    opening_sv, opening_en = _pairs_opening(
        step, f"och ett ess, {_one(ace, Lang.SV)}", f"and an ace, {_one(ace, Lang.EN)}"
    )
    high, low = (RANK_OF[group[0]] for group in step.groups)
    if high <= NINE:
        band_sv = f"Det höga paret är {plural(high, Lang.SV)}, alltså nior eller lägre,"
        band_en = f"The high pair is {plural(high, Lang.EN)}, nines or lower,"
    else:
        words_sv, words_en = _TOGETHER_BANDS[high]
        band_sv = f"Paren är {plural(high, Lang.SV)} och {plural(low, Lang.SV)} – {words_sv} –"
        band_en = f"The pairs are {plural(high, Lang.EN)} and {plural(low, Lang.EN)} – {words_en} –"
    cards = show(step.low)
    return (
        f"{opening_sv} {band_sv} så paren hålls ihop: båda stannar i femkortshanden och esset "
        f"och det högsta andra kortet, {cards}, går till tvåkortshanden.",
        f"{opening_en} {band_en} so the pairs stay together: both stay in the five-card hand "
        f"and the ace and the highest other card, {cards}, go to the two-card hand.",
    )


def _ace_split(step: PlayerStep, decision: PlayerDecision) -> tuple[str, str]:
    ace = step.singles[0]
    opening_sv, opening_en = _pairs_opening(
        step, f"och ett ess, {_one(ace, Lang.SV)}", f"and an ace, {_one(ace, Lang.EN)}"
    )
    high, low = (RANK_OF[group[0]] for group in step.groups)
    pair = show(step.low)
    return (
        f"{opening_sv} {_capital(plural(high, Lang.SV))} med {plural(low, Lang.SV)} är för "
        "höga för att hållas ihop, så paren delas, även om ess och knekt kunde spelas i "
        f"tvåkortshanden: det låga paret, {pair}, går till tvåkortshanden och esset stannar "
        "i femkortshanden.",
        f"{opening_en} {_capital(plural(high, Lang.EN))} with {plural(low, Lang.EN)} are too "
        "high to stay together, so the pairs are split, even though ace-jack could go in the "
        f"two-card hand: the low pair, {pair}, goes to the two-card hand and the ace stays "
        "in the five-card hand.",
    )


def _king_together(step: PlayerStep, decision: PlayerDecision) -> tuple[str, str]:
    king = show(step.singles[:1])
    opening_sv, opening_en = _pairs_opening(
        step,
        f"båda sexor eller lägre, och en kung, {king}, men inget ess",
        f"both sixes or lower, and a king, {king}, but no ace",
    )
    cards = show(step.low)
    return (
        f"{opening_sv} Paren hålls ihop i femkortshanden, och kungen och det högsta andra "
        f"kortet, {cards}, går till tvåkortshanden.",
        f"{opening_en} The pairs stay together in the five-card hand, and the king and the "
        f"highest other card, {cards}, go to the two-card hand.",
    )


def _straight_pair(step: PlayerStep, decision: PlayerDecision) -> tuple[str, str]:
    house = decision.house
    straight, pair, low, kept = (
        show(house.five),
        show(step.groups[0]),
        show(step.low),
        show(house.two),
    )
    note_sv = joker_note(house.five, house.five_value, Lang.SV)
    note_en = joker_note(house.five, house.five_value, Lang.EN)
    return (
        f"Stege, {straight}{note_sv}, med ett par, {pair}, som inte kan flyttas. De två "
        f"högsta korten utanför paret är {low}{ace_note(step.low, Lang.SV)}, och stegen "
        f"lämnar bara {kept} till tvåkortshanden. Därför släpps stegen: paret stannar i "
        f"femkortshanden och {low} går till tvåkortshanden.",
        f"A straight, {straight}{note_en}, with a pair, {pair}, that cannot move. The two "
        f"highest cards apart from the pair are {low}{ace_note(step.low, Lang.EN)}, and the "
        f"straight leaves only {kept} for the two-card hand. So the straight is dropped: the "
        f"pair stays in the five-card hand and {low} go to the two-card hand.",
    )


def _straight_flush(step: PlayerStep, decision: PlayerDecision) -> tuple[str, str]:
    house = decision.house
    kept, five, low = show(house.two), show(decision.five), show(step.low)
    return (
        f"Färgstege: {show(house.five)}{joker_note(house.five, house.five_value, Lang.SV)}. "
        f"Behålls den blir tvåkortshanden bara {kept}. Spelad som "
        f"{a_hand(decision.five_value, Lang.SV)}, {five}"
        f"{joker_note(decision.five, decision.five_value, Lang.SV)}, lämnar den en bättre "
        f"tvåkortshand: {low}.",
        f"A straight flush: {show(house.five)}"
        f"{joker_note(house.five, house.five_value, Lang.EN)}. Kept, it leaves only {kept} for "
        f"the two-card hand. Played as {a_hand(decision.five_value, Lang.EN)}, {five}"
        f"{joker_note(decision.five, decision.five_value, Lang.EN)}, it leaves a better "
        f"two-card hand: {low}.",
    )


def _kings(step: PlayerStep, decision: PlayerDecision) -> tuple[str, str]:
    kings, top = show(step.groups[0]), show(step.singles[:1])
    return (
        f"Tre kungar, {kings}, och inget annat kort över knekt: det högsta är {top}. Ett par "
        f"kungar stannar i femkortshanden och den tredje kungen går med {top} till "
        "tvåkortshanden.",
        f"Three kings, {kings}, and no other card above a jack: the highest is {top}. A pair "
        f"of kings stays in the five-card hand and the third king goes with {top} to the "
        "two-card hand.",
    )


def _high_card(step: PlayerStep, decision: PlayerDecision) -> tuple[str, str]:
    ace, second, third, lowest = (step.singles[at] for at in (0, 1, 2, -1))
    return (
        f"Högt kort med ett ess, {_one(ace, Lang.SV)}, och det tredje högsta kortet, "
        f"{show((third,))}, är en nia eller lägre. Då går det näst högsta, {show((second,))}, "
        f"med det lägsta, {show((lowest,))}, till tvåkortshanden, och esset stannar i "
        "femkortshanden.",
        f"High card with an ace, {_one(ace, Lang.EN)}, and the third-highest card, "
        f"{show((third,))}, is a nine or lower. So the second-highest, {show((second,))}, goes "
        f"with the lowest, {show((lowest,))}, to the two-card hand, and the ace stays in the "
        "five-card hand.",
    )


_BY_RULE: dict[str, Callable[[PlayerStep, PlayerDecision], tuple[str, str]]] = {
    "pw.two-pairs.ace-together": _ace_together,
    "pw.two-pairs.ace-split": _ace_split,
    "pw.two-pairs.king-together": _king_together,
    "pw.straight.pair": _straight_pair,
    "pw.straight-flush.better-low": _straight_flush,
    "pw.three-of-a-kind.kings": _kings,
    "pw.high-card.ace": _high_card,
}
